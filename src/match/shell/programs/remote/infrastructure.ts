// Infrastructure as code: Terraform and OpenTofu (and Terragrunt around
// them), Pulumi, the AWS CDK and CDKTF, SST, Serverless, AWS SAM, the Azure
// Developer CLI. Destroying a stack (`destroy`, `apply -destroy`, `remove`,
// `down`) or dropping resources from its state (`state rm`, `state push`,
// `stack rm`, `workspace delete`) asks; `plan`, `plan -destroy`, `preview`
// and `diff` only read.
import type { ProgramSpec } from "../spec.ts";
import { destroys, destroysWith, dryRunWith, group, leaf, names, type Options, reads, readVerbs } from "./grammar.ts";
import type { RemoteCli } from "./remote-cli.ts";

/** Terraform's options are single-dash words (`-auto-approve`, `-chdir=dir`); Go also takes them with two dashes. */
const TF_OPTIONS: Options = {
  "-chdir": "path", "-var": "value", "-var-file": "read", "-target": "value", "-replace": "value", "-state": "path", "-state-out": "write",
  "-backup": "path", "-lock-timeout": "value", "-parallelism": "value", "-out": "write", "-backend-config": "value", "-plugin-dir": "path",
};
const tf = (spec: ProgramSpec): ProgramSpec => ({ ...spec, singleDashWords: true });

const TF_COMMANDS: Record<string, ProgramSpec> = {
  destroy: tf(destroys(TF_OPTIONS)),
  apply: tf(destroysWith(["-destroy", "--destroy"], TF_OPTIONS)),
  state: tf(group(undefined, { ...names(["rm", "push"], tf(destroys(TF_OPTIONS))), ...names(["list", "show", "pull"], tf(reads(TF_OPTIONS))), "*": tf(leaf(TF_OPTIONS)) }, TF_OPTIONS)),
  workspace: tf(group(undefined, { delete: tf(destroys(TF_OPTIONS)), ...names(["list", "show"], tf(reads(TF_OPTIONS))), "*": tf(leaf(TF_OPTIONS)) }, TF_OPTIONS)),
  ...names(["plan", "show", "output", "validate", "graph", "providers", "version", "fmt"], tf(reads(TF_OPTIONS))),
  "*": tf(leaf(TF_OPTIONS)),
};

const TERRAFORM = tf(group("infrastructure", TF_COMMANDS, TF_OPTIONS));
const TERRAGRUNT = tf(group("infrastructure", {
  ...TF_COMMANDS,
  ...names(["run-all", "run"], tf(group(undefined, TF_COMMANDS, TF_OPTIONS))),
  "destroy-all": tf(destroys(TF_OPTIONS)),
}, TF_OPTIONS));

export const TERRAFORM_CLI: RemoteCli = {
  id: "terraform",
  names: ["terraform"],
  about: "Terraform",
  spec: TERRAFORM,
  examples: { infrastructure: { asks: ["terraform destroy -auto-approve", "terraform -chdir=infra/prod apply -destroy -auto-approve", "terraform state rm aws_s3_bucket.logs", "terraform workspace delete staging"], passes: ["terraform plan", "terraform plan -destroy -out destroy.tfplan", "terraform apply -auto-approve", "terraform state list", "terraform -chdir=infra init"] } },
};

export const TOFU: RemoteCli = {
  id: "tofu",
  names: ["tofu"],
  about: "OpenTofu",
  spec: TERRAFORM,
  examples: { infrastructure: { asks: ["tofu destroy", "tofu apply -destroy"], passes: ["tofu plan", "tofu validate"] } },
};

export const TERRAGRUNT_CLI: RemoteCli = {
  id: "terragrunt",
  names: ["terragrunt"],
  about: "Terragrunt",
  spec: TERRAGRUNT,
  examples: { infrastructure: { asks: ["terragrunt run-all destroy --terragrunt-non-interactive", "terragrunt destroy"], passes: ["terragrunt run-all plan", "terragrunt output"] } },
};

const PULUMI_OPTIONS: Options = { "-C": "path", "--cwd": "path", "-s": "value", "--stack": "value", "--color": "value", "-v": "value", "--config-file": "read", "-t": "value", "--target": "value" };
const PULUMI_DESTROY = destroys(PULUMI_OPTIONS, { tagsWith: dryRunWith("--preview-only") });

export const PULUMI: RemoteCli = {
  id: "pulumi",
  names: ["pulumi"],
  about: "Pulumi",
  spec: group("infrastructure", {
    ...names(["destroy", "down"], PULUMI_DESTROY),
    stack: group(undefined, { rm: destroys(PULUMI_OPTIONS), ...readVerbs(["ls", "output", "history", "export"], PULUMI_OPTIONS) }, PULUMI_OPTIONS),
    state: group(undefined, { delete: destroys(PULUMI_OPTIONS) }, PULUMI_OPTIONS),
    ...readVerbs(["preview", "pre", "whoami", "about"], PULUMI_OPTIONS),
  }, PULUMI_OPTIONS),
  examples: { infrastructure: { asks: ["pulumi destroy --yes -s prod", "pulumi stack rm dev --yes", "pulumi state delete 'urn:pulumi:prod::app::aws:s3/bucket:Bucket::logs'"], passes: ["pulumi preview -s prod", "pulumi up --yes -s dev", "pulumi destroy --preview-only -s prod"] } },
};

const infraCli = (id: string, about: string, verbs: string[], asks: string[], passes: string[], options: Options = {}): RemoteCli => ({
  id,
  names: [id],
  about,
  spec: group("infrastructure", { ...names(verbs, destroys(options)), ...readVerbs(["diff", "synth", "list", "ls", "info", "print"], options) }, options),
  examples: { infrastructure: { asks, passes } },
});

export const CDK = infraCli("cdk", "AWS CDK", ["destroy"], ["cdk destroy --all --force", "cdk destroy ProdStack"], ["cdk diff", "cdk deploy ProdStack"], { "-a": "value", "--app": "value", "--profile": "value", "-c": "value", "--context": "value", "-o": "path", "--output": "path" });
export const CDKTF = infraCli("cdktf", "CDK for Terraform", ["destroy"], ["cdktf destroy --auto-approve"], ["cdktf diff", "cdktf synth"]);
export const SST = infraCli("sst", "SST", ["remove"], ["sst remove --stage production"], ["sst dev", "sst deploy --stage dev"], { "--stage": "value" });
export const SERVERLESS: RemoteCli = { ...infraCli("serverless", "Serverless Framework", ["remove"], ["serverless remove --stage prod", "sls remove -s prod"], ["serverless deploy --stage dev", "sls info"], { "--stage": "value", "-s": "value", "--region": "value", "-r": "value", "--aws-profile": "value", "-c": "read", "--config": "read" }), names: ["serverless", "sls"] };
export const SAM = infraCli("sam", "AWS SAM CLI", ["delete"], ["sam delete --stack-name api --no-prompts"], ["sam build", "sam deploy --guided"], { "--stack-name": "value", "--region": "value", "--profile": "value", "-t": "read", "--template": "read" });
export const AZD = infraCli("azd", "Azure Developer CLI", ["down"], ["azd down --force --purge"], ["azd up", "azd env list"], { "-e": "value", "--environment": "value", "-C": "path", "--cwd": "path" });
