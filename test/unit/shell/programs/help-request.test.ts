// A command that only prints its help does nothing else: it is judged as the
// program asked for help alone. Only where the help word surely is help.
import { describe, expect, test } from "bun:test";
import { decide } from "../../../support/decide.ts";
import { commandsOf } from "../../../support/shell.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const argsOf = (input: string) => commandsOf(input).map((command) => [command.name, ...command.args].join(" "));

describe("help requests", () => {
  test.each([
    ["kubectl delete ns prod --help", "kubectl --help"],
    ["aws s3 rm help", "aws help"],
    ["git push --force origin main --help", "git --help"],
    ["git push -h", "git -h"],
    ["rm --help -rf ~", "rm --help"],
    ["acmectl project delete shop --force --help", "acmectl --help"],
    ["keepassxc-cli ls ~/Passwords.kdbx --help", "keepassxc-cli --help"],
  ])("%s is read as %s", (input, read) => expect(argsOf(input)).toEqual([read]));

  test.each([
    // BSD rm stops options at the first operand: `--help` after `~` is one more file.
    "rm -rf ~ --help",
    // A value of an option, not an option.
    "curl -d --help https://x.example",
    // After `--` it is an operand; a carried command runs; project code runs.
    "kubectl delete ns prod -- --help",
    "docker run alpine rm -rf / --help",
    "go run . --help",
    // `-h` is help only alone after a subcommand path; `aws … help` only last, where aws reads it so.
    "kubectl delete ns prod -h",
    "shutdown -h now",
    "aws s3 rm s3://b/help",
    "kubectl delete pod help",
    // A word nobody described may run the rest: not after a path (bats' `run ./bin/tool --help`).
    "run ./bin/tool --help",
    // A project script may not know --help at all.
    "./bin/admin users:delete --force --help",
  ])("%s is not", (input) => expect(argsOf(input).some((read) => /^[\w.-]+ (?:--help|-h|help)$/.test(read))).toBe(false));
});

describe("the default policy", () => {
  test.each(["kubectl delete --help", "aws s3 rm help", "terraform destroy --help", "gh repo delete --help", "keepassxc-cli ls ~/Passwords.kdbx --help", "helm uninstall -h"])(
    "passes %s",
    (input) => expect(decide(input).decision).toBe("continue"),
  );

  test.each(["rm -rf ~ --help", "kubectl delete --help > ~/.bashrc", "sudo rm -rf / --help"])("still stops %s", (input) => expect(decide(input).decision).not.toBe("continue"));
});
