// The remote-resource grammars as the shell view shows them: global options
// that take a value are skipped before the subcommand, destroying verbs carry
// `destroy` and their category, dry runs say so, and knowing a CLI never
// makes the guard see less of its arguments than not knowing it.
import { describe, expect, test } from "bun:test";
import { SHELL_LIMITS } from "../../../../src/limits.ts";
import { analyzeShell } from "../../../../src/shell/analyze.ts";
import { REMOTE_CLIS } from "../../../../src/shell/programs/remote/catalogue.ts";
import { programTable } from "../../../../src/shell/programs/table.ts";
import { decide } from "../../../support/decide.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const context = { home: "/home/ada", programs: programTable(), limits: SHELL_LIMITS, clock: { now: () => 0 } };
const only = (input: string) => {
  const { commands } = analyzeShell(input, context);
  expect(commands).toHaveLength(1);
  return commands[0]!;
};

describe("global options before the subcommand", () => {
  test.each([
    ["aws --profile prod --region eu-west-1 s3 rm s3://b/k", ["s3", "rm"], "storage"],
    ["gcloud --project acme compute instances delete vm-1", ["compute", "instances", "delete"], "cloud"],
    ["az --subscription dev group delete -n rg --yes", ["group", "delete"], "cloud"],
    ["kubectl --context prod -n web delete deploy api", ["delete", "deploy"], "kubernetes"],
    ["helm --kube-context prod -n web uninstall api", ["uninstall"], "kubernetes"],
    ["docker -H tcp://10.0.0.5:2375 volume rm data", ["volume", "rm"], "containers"],
    ["terraform -chdir=infra/prod destroy -auto-approve", ["destroy"], "infrastructure"],
    ["vault -namespace=admin kv destroy -versions=1 secret/app", ["kv", "destroy"], "secrets"],
    ["gh -R acme/app release delete v1", ["release", "delete"], "platform"],
    ["restic -r s3:host/bucket --password-file pw forget --prune", ["forget"], "backup"],
  ])("%s", (input, subcommand, category) => {
    const command = only(input);
    expect(command.subcommand).toEqual(subcommand);
    expect(command.tags).toContain("destroy");
    expect(command.tags).toContain(category);
  });
});

describe("reads and dry runs", () => {
  test.each(["aws s3 ls s3://b", "kubectl get pods -A", "terraform plan -destroy", "gcloud compute instances list", "helm status api"])("%s carries no destroy tag", (input) => {
    expect(only(input).tags).not.toContain("destroy");
  });

  test.each([
    "kubectl delete ns x --dry-run=server",
    "aws s3 rm s3://b --recursive --dryrun",
    "rclone sync a r:b --dry-run",
    "pulumi destroy --preview-only",
    "rsync -azn --delete a h:b",
  ])("%s is a dry run", (input) => {
    expect(only(input).tags).toContain("dry-run");
  });
});

describe("deleting one pod by name restarts it", () => {
  test.each(["kubectl delete pod api-5d8f-k2x -n qa", "kubectl -n qa delete pods/web-1", "oc delete po worker-3"])("%s carries no destroy tag", (input) => {
    expect(only(input).tags).not.toContain("destroy");
  });

  test.each([
    "kubectl delete pods --all -n qa",
    "kubectl delete po -l app=web",
    "kubectl delete pod db-0 --grace-period=0 --force",
    "kubectl delete -f k8s/",
    "kubectl delete svc,deploy web",
  ])("%s carries destroy", (input) => {
    expect(only(input).tags).toContain("destroy");
  });
});

describe("knowing a CLI never hides a file it is given", () => {
  // Before these grammars, every operand of these programs was a file it may read.
  const names = REMOTE_CLIS.flatMap((cli) => cli.names).filter((name) => !["curl", "curlie", "wget", "http", "https", "xh", "xhs", "rsync"].includes(name));
  test.each(names)("%s upload ~/.ssh/id_rsa is still a secret read", (name) => {
    expect(decide(`${name} upload ~/.ssh/id_rsa`).decision).toBe("block");
  });

  test("a path in a noun chain ends the chain and is read", () => {
    expect(only("gcloud storage cp ~/.aws/credentials gs://x").reads).toContain("/home/ada/.aws/credentials");
    expect(only("docker cp ~/.aws/credentials c:/x").reads).toContain("/home/ada/.aws/credentials");
  });
});

describe("a subcommand known only at run time", () => {
  test.each(["kubectl $VERB ns prod", 'aws s3 "$OP" s3://assets --recursive', 'terraform "$FLAGS" destroy', "docker $(cat cmd.txt) -f api"])("%s asks", (input) => {
    expect(decide(input).decision).toBe("confirm");
  });

  test.each(['kubectl get pods -n "$NS"', 'aws s3 cp "$FILE" s3://assets/', 'http "$URL"', 'docker logs "$CONTAINER"'])("%s passes: the verb is known", (input) => {
    expect(decide(input).decision).toBe("continue");
  });
});

describe("carried commands", () => {
  test.each(["op run -- rm -rf ~", "doppler run -- rm -rf ~", "doppler run --command 'rm -rf ~'", "infisical run --env=dev -- rm -rf ~"])("%s is judged", (input) => {
    expect(decide(input).decision).toBe("block");
  });
});
