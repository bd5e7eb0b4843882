// Arguments a program takes from its environment are read as if written on its
// line: TF_CLI_ARGS after terraform's subcommand, npm_config_NAME as --NAME.
import { describe, expect, test } from "bun:test";
import { decide } from "../../../support/decide.ts";
import { commandNamed } from "../../../support/shell.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

describe("arguments given through the environment", () => {
  test("TF_CLI_ARGS and TF_CLI_ARGS_<subcommand> come after the subcommand", () => {
    expect(commandNamed("TF_CLI_ARGS=-auto-approve terraform apply", "terraform").args).toEqual(["apply", "-auto-approve"]);
    expect(commandNamed("TF_CLI_ARGS_apply='-auto-approve -lock=false' terraform -chdir=infra apply", "terraform").args).toEqual([
      "-chdir=infra",
      "apply",
      "-auto-approve",
      "-lock=false",
    ]);
    expect(commandNamed("export TF_CLI_ARGS=-auto-approve; tofu apply", "tofu").flags).toContain("-auto-approve");
  });

  test("TF_CLI_ARGS_<subcommand> for another subcommand adds nothing", () => {
    expect(commandNamed("TF_CLI_ARGS_plan=-auto-approve terraform apply", "terraform").args).toEqual(["apply"]);
  });

  test("npm_config_NAME, in any letter case, is --NAME; a false value adds nothing", () => {
    expect(commandNamed("npm_config_yes=true npx cowsay", "npx").args).toEqual(["--yes", "cowsay"]);
    expect(commandNamed("NPM_CONFIG_REGISTRY=https://npm.example npm ci", "npm").args).toEqual(["--registry=https://npm.example", "ci"]);
    expect(commandNamed("npm_config_yes=false npx cowsay", "npx").args).toEqual(["cowsay"]);
  });

  test("the default policy asks as it does for the written option", () => {
    for (const input of ["TF_CLI_ARGS=-auto-approve terraform apply", "export npm_config_yes=true; npx evil-pkg", "NPM_CONFIG_YES=1 npm exec evil-pkg"]) {
      expect(decide(input).decision).toBe("confirm");
    }
    for (const input of ["TF_CLI_ARGS=-no-color terraform apply", "npm_config_loglevel=warn npm ci", "npm_config_yes=true npx prettier --check ."]) {
      expect(decide(input).decision).toBe("continue");
    }
  });
});
