// Infrastructure as code: Terraform and OpenTofu (and Terragrunt around
// them), Pulumi, the AWS CDK and CDKTF, SST, Serverless, AWS SAM, the Azure
// Developer CLI. Destroying a stack (`destroy`, `apply -destroy`, `remove`,
// `down`) or dropping resources from its state (`state rm`, `state push`,
// `stack rm`, `workspace delete`) asks; `plan`, `plan -destroy`, `preview`
// and `diff` only read. Applying changes with the tool's own question
// switched off (`apply -auto-approve`, `pulumi up --yes`, `cdk deploy
// --require-approval never`) asks too: the plan it would have shown is what
// a person approves. A saved plan (`terraform apply tfplan`) applies exactly
// what `plan` printed, and a plain `apply` stops at its own question: both pass.
import type { ProgramSpec } from "../spec.ts";
import { destroys, destroysWith, dryRunWith, group, leaf, names, type Options, printsCredential, printsCredentialWith, reads, readVerbs } from "./grammar.ts";
import type { RemoteCli } from "./remote-cli.ts";

/** Terraform's options are single-dash words (`-auto-approve`, `-chdir=dir`); Go also takes them with two dashes. */
const TF_OPTIONS: Options = {
  "-chdir": "path",
  "-var": "value",
  "-var-file": "read",
  "-target": "value",
  "-replace": "value",
  "-state": "path",
  "-state-out": "write",
  "-backup": "path",
  "-lock-timeout": "value",
  "-parallelism": "value",
  "-out": "write",
  "-backend-config": "value",
  "-plugin-dir": "path",
};
const tf = (spec: ProgramSpec): ProgramSpec => ({ ...spec, singleDashWords: true });

/** `apply` destroys with -destroy, and changes everything the plan holds unasked with -auto-approve. */
const APPLY_UNASKED = ["-destroy", "--destroy", "-auto-approve", "--auto-approve"];

const TF_COMMANDS: Record<string, ProgramSpec> = {
  destroy: tf(destroys(TF_OPTIONS)),
  apply: tf(destroysWith(APPLY_UNASKED, TF_OPTIONS)),
  state: tf(
    group(
      undefined,
      { ...names(["rm", "push"], tf(destroys(TF_OPTIONS))), ...names(["list", "show"], tf(reads(TF_OPTIONS))), pull: tf(printsCredential(TF_OPTIONS)), "*": tf(leaf(TF_OPTIONS)) },
      TF_OPTIONS,
    ),
  ),
  // A lock held by a run still going is taken away: two writers then overwrite each other's state.
  "force-unlock": tf(destroys(TF_OPTIONS)),
  workspace: tf(group(undefined, { delete: tf(destroys(TF_OPTIONS)), ...names(["list", "show"], tf(reads(TF_OPTIONS))), "*": tf(leaf(TF_OPTIONS)) }, TF_OPTIONS)),
  ...names(["plan", "show", "validate", "graph", "providers", "version", "fmt"], tf(reads(TF_OPTIONS))),
  // `output` masks sensitive values; -raw and -json print them as they are.
  output: tf(printsCredentialWith(["-raw", "--raw", "-json", "--json"], TF_OPTIONS)),
  "*": tf(leaf(TF_OPTIONS)),
};

/** TF_CLI_ARGS (and TF_CLI_ARGS_apply for apply alone) adds its words after the subcommand: `-auto-approve` too. */
const TF_ENVIRONMENT: ProgramSpec["environmentArguments"] = { words: ["TF_CLI_ARGS", "TF_CLI_ARGS_*"] };
const TERRAFORM: ProgramSpec = { ...tf(group("infrastructure", TF_COMMANDS, TF_OPTIONS)), environmentArguments: TF_ENVIRONMENT };
/** Terragrunt answers its own question (and passes -auto-approve on) with --non-interactive. */
const TG_COMMANDS: Record<string, ProgramSpec> = {
  ...TF_COMMANDS,
  apply: tf(destroysWith([...APPLY_UNASKED, "--terragrunt-non-interactive", "--non-interactive"], TF_OPTIONS)),
};
const TERRAGRUNT = tf(
  group(
    "infrastructure",
    {
      ...TG_COMMANDS,
      ...names(["run-all", "run"], tf(group(undefined, TG_COMMANDS, TF_OPTIONS))),
      "destroy-all": tf(destroys(TF_OPTIONS)),
      "apply-all": tf(destroysWith(APPLY_UNASKED.concat("--terragrunt-non-interactive", "--non-interactive"), TF_OPTIONS)),
    },
    TF_OPTIONS,
  ),
);

export const TERRAFORM_CLI: RemoteCli = {
  id: "terraform",
  names: ["terraform"],
  about: "Terraform",
  spec: TERRAFORM,
  examples: {
    infrastructure: {
      asks: [
        "terraform destroy -auto-approve",
        "terraform -chdir=infra/prod apply -destroy -auto-approve",
        "terraform apply -auto-approve",
        "terraform -chdir=infra apply --auto-approve -var-file=prod.tfvars",
        "terraform state rm aws_s3_bucket.logs",
        "terraform workspace delete staging",
        "terraform force-unlock -force 6f1c2d3e",
      ],
      passes: ["terraform plan", "terraform plan -destroy -out destroy.tfplan", "terraform apply tfplan", "terraform apply", "terraform state list", "terraform -chdir=infra init"],
    },
  },
};

export const TOFU: RemoteCli = {
  id: "tofu",
  names: ["tofu"],
  about: "OpenTofu",
  spec: TERRAFORM,
  examples: {
    infrastructure: { asks: ["tofu destroy", "tofu apply -destroy", "tofu apply -auto-approve -lock-timeout=60s"], passes: ["tofu plan", "tofu validate", "tofu apply plan.out"] },
  },
};

export const TERRAGRUNT_CLI: RemoteCli = {
  id: "terragrunt",
  names: ["terragrunt"],
  about: "Terragrunt",
  spec: TERRAGRUNT,
  examples: {
    infrastructure: {
      asks: [
        "terragrunt run-all destroy --terragrunt-non-interactive",
        "terragrunt destroy",
        "terragrunt run-all apply --terragrunt-non-interactive",
        "terragrunt apply -auto-approve",
      ],
      passes: ["terragrunt run-all plan", "terragrunt output", "terragrunt run-all apply"],
    },
  },
};

const PULUMI_OPTIONS: Options = {
  "-C": "path",
  "--cwd": "path",
  "-s": "value",
  "--stack": "value",
  "--color": "value",
  "-v": "value",
  "--config-file": "read",
  "-t": "value",
  "--target": "value",
};
const PULUMI_DESTROY = destroys(PULUMI_OPTIONS, { tagsWith: dryRunWith("--preview-only") });
/** `pulumi up` asks before it changes anything; `--yes` answers for the person. */
const PULUMI_UP = destroysWith(["-y", "--yes", "-f", "--skip-preview"], PULUMI_OPTIONS);
/** `config`, `config get`, `stack output`, `stack export` mask secrets unless told `--show-secrets`. */
const PULUMI_SHOWS = printsCredentialWith(["--show-secrets"], PULUMI_OPTIONS);

export const PULUMI: RemoteCli = {
  id: "pulumi",
  names: ["pulumi"],
  about: "Pulumi",
  spec: group(
    "infrastructure",
    {
      ...names(["destroy", "down"], PULUMI_DESTROY),
      ...names(["up", "update"], PULUMI_UP),
      stack: group(undefined, { rm: destroys(PULUMI_OPTIONS), ...readVerbs(["ls", "history"], PULUMI_OPTIONS), ...names(["output", "export"], PULUMI_SHOWS) }, PULUMI_OPTIONS),
      config: { ...PULUMI_SHOWS, subcommands: { get: PULUMI_SHOWS, "*": leaf(PULUMI_OPTIONS) } },
      state: group(undefined, { delete: destroys(PULUMI_OPTIONS) }, PULUMI_OPTIONS),
      ...readVerbs(["preview", "pre", "whoami", "about"], PULUMI_OPTIONS),
    },
    PULUMI_OPTIONS,
  ),
  examples: {
    infrastructure: {
      asks: [
        "pulumi destroy --yes -s prod",
        "pulumi up --yes -s prod",
        "pulumi up -y --skip-preview",
        "pulumi stack rm dev --yes",
        "pulumi state delete 'urn:pulumi:prod::app::aws:s3/bucket:Bucket::logs'",
      ],
      passes: [
        "pulumi preview -s prod",
        "pulumi up -s dev",
        "pulumi refresh --yes",
        "pulumi destroy --preview-only -s prod",
        "pulumi config get aws:region",
        "pulumi stack output url",
      ],
    },
  },
};

const infraCli = (id: string, about: string, verbs: string[], asks: string[], passes: string[], options: Options = {}, more: Record<string, ProgramSpec> = {}): RemoteCli => ({
  id,
  names: [id],
  about,
  spec: group("infrastructure", { ...names(verbs, destroys(options)), ...readVerbs(["diff", "synth", "list", "ls", "info", "print"], options), ...more }, options),
  examples: { infrastructure: { asks, passes } },
});

const CDK_OPTIONS: Options = {
  // The app is the command cdk runs to synthesize (`--app "npx ts-node bin/app.ts"`), or a cloud assembly folder.
  "-a": "shell",
  "--app": "shell",
  "--profile": "value",
  "-c": "value",
  "--context": "value",
  "-o": "path",
  "--output": "path",
  "--require-approval": "value",
};
/** `cdk deploy` asks about security-broadening changes; `--require-approval never` deploys them unasked. */
export const CDK = infraCli(
  "cdk",
  "AWS CDK",
  ["destroy"],
  ["cdk destroy --all --force", "cdk destroy ProdStack", "cdk deploy --all --require-approval never", "npx cdk deploy ProdStack --require-approval=never"],
  ["cdk diff", "cdk deploy ProdStack", "cdk deploy --require-approval broadening"],
  CDK_OPTIONS,
  { deploy: destroysWith(["--require-approval=never"], CDK_OPTIONS) },
);
export const CDKTF = infraCli(
  "cdktf",
  "CDK for Terraform",
  ["destroy"],
  ["cdktf destroy --auto-approve", "cdktf deploy --auto-approve"],
  ["cdktf diff", "cdktf synth", "cdktf deploy"],
  {},
  { deploy: destroysWith(["--auto-approve"]) },
);
export const SST = infraCli("sst", "SST", ["remove"], ["sst remove --stage production"], ["sst dev", "sst deploy --stage dev"], { "--stage": "value" });
export const SERVERLESS: RemoteCli = {
  ...infraCli("serverless", "Serverless Framework", ["remove"], ["serverless remove --stage prod", "sls remove -s prod"], ["serverless deploy --stage dev", "sls info"], {
    "--stage": "value",
    "-s": "value",
    "--region": "value",
    "-r": "value",
    "--aws-profile": "value",
    "-c": "read",
    "--config": "read",
  }),
  names: ["serverless", "sls"],
};
export const SAM = infraCli("sam", "AWS SAM CLI", ["delete"], ["sam delete --stack-name api --no-prompts"], ["sam build", "sam deploy --guided"], {
  "--stack-name": "value",
  "--region": "value",
  "--profile": "value",
  "-t": "read",
  "--template": "read",
});
export const AZD = infraCli("azd", "Azure Developer CLI", ["down"], ["azd down --force --purge"], ["azd up", "azd env list"], {
  "-e": "value",
  "--environment": "value",
  "-C": "path",
  "--cwd": "path",
});
