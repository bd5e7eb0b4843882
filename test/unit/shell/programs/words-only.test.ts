// Commands whose words are all the guard has get the unknown-programs
// reading: a subcommand a spec does not describe, a project program whose file
// is unread, a task target whose body no file shows. Known code is judged as
// code; described subcommands keep their spec's judgement. And the verbs that
// expose secrets, grant admin, rotate keys or ship to production.
import { describe, expect, test } from "bun:test";
import {
  ALL_SCOPE,
  DESTROY_WORD,
  DISRUPT_WORD,
  EXPOSE_WORD,
  PRIVILEGE_WORD,
  PRODUCTION_WORD,
  SHARED_ENVIRONMENT,
  SHIP_WORD,
  UNREAD_PROGRAM,
  UNREAD_TARGET,
  WORDS_ONLY,
} from "../../../../src/shell/programs/unknown-programs.ts";
import { UNDESCRIBED_SUBCOMMAND } from "../../../../src/shell/programs/spec.ts";
import type { KnownFile } from "../../../../src/shell/view/files.ts";
import { decide } from "../../../support/decide.ts";
import { commandNamed } from "../../../support/shell.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const tagsOf = (input: string, name: string) => commandNamed(input, name).tags;
const withFiles = (command: string, files: Record<string, string>) =>
  decide({ hook: "before_tool_call", tool: ["bash"], input: { command }, files: new Map<string, KnownFile>(Object.entries(files).map(([path, content]) => [path, { content }])) });

describe("which commands are read by their words", () => {
  test.each([
    ["npm frobnicate --force", "npm", UNDESCRIBED_SUBCOMMAND],
    ["./bin/admin users:delete 42", "admin", UNREAD_PROGRAM],
    ["tools/rotate-keys --all", "rotate-keys", UNREAD_PROGRAM],
  ])("%s is tagged %s", (input, name, tag) => {
    expect(tagsOf(input, name)).toContain(tag);
    expect(tagsOf(input, name)).toContain(WORDS_ONLY);
  });

  test.each([
    ["git push --force origin main", "git"],
    ["kubectl delete pod web-1 -n dev", "kubectl"],
    ["docker volume rm cache --force", "docker"],
    ["echo ok > run.sh; ./run.sh --force", "run.sh"],
  ])("%s is not", (input, name) => expect(tagsOf(input, name)).not.toContain(WORDS_ONLY));
});

describe("what the words say", () => {
  test.each([
    ["./bin/secrets dump --env prod", "secrets", EXPOSE_WORD],
    ["./bin/cli show-credentials", "cli", EXPOSE_WORD],
    ["./dev.sh grant-admin --user x@y.z", "dev.sh", PRIVILEGE_WORD],
    ["./bin/cli users makeSuperuser 4", "cli", PRIVILEGE_WORD],
    ["./tools/rotate-keys --no-grace", "rotate-keys", DISRUPT_WORD],
    ["./ops/kill-switch enable", "kill-switch", DISRUPT_WORD],
    ["./bin/cli deploy --env=prod", "cli", SHIP_WORD],
    ["./bin/cli deploy --env=prod", "cli", PRODUCTION_WORD],
    ["./manage.sh purge-cache --region all", "manage.sh", ALL_SCOPE],
    ["./bin/cli orders:destroyAll", "cli", DESTROY_WORD],
  ])("%s → %s", (input, name, tag) => expect(tagsOf(input, name)).toContain(tag));

  test.each([
    // A program's own name names what it shows, never whom it makes admin.
    ["./bin/admin users:add jdoe", "admin", PRIVILEGE_WORD],
    ["./bin/secrets list", "secrets", EXPOSE_WORD],
    ["./scripts/rotate-logs.sh", "rotate-logs.sh", DISRUPT_WORD],
    ["./bin/cli deploy status --env=prod", "cli", SHIP_WORD],
    ["./bin/cli deploy --env=staging", "cli", PRODUCTION_WORD],
    // A file handed over as data is no verb: a linter over a deploy script deploys nothing.
    ["shellcheck scripts/deploy-prod.sh", "shellcheck", SHIP_WORD],
    ["yamllint delete-prod.yml", "yamllint", DESTROY_WORD],
  ])("%s has no %s", (input, name, tag) => expect(tagsOf(input, name)).not.toContain(tag));
});

describe("task targets", () => {
  test.each([
    ["make nuke", "make"],
    ["./gradlew :infra:destroyProd", "gradlew"],
    ["npm run db:drop:prod", "npm"],
  ])("%s with no file saying what it is is tagged", (input, name) => expect(tagsOf(input, name)).toContain(UNREAD_TARGET));

  test("a target's name names its environment too", () => expect(tagsOf("just destroyProd", "just")).toContain(SHARED_ENVIRONMENT));
});

describe("the default policy", () => {
  test.each([
    "make nuke",
    "task infra:teardown -- --env=prod",
    "./gradlew :infra:destroyProd",
    "just destroy-prod",
    "./bin/admin users:delete --all --force",
    "./manage.sh purge-cache --region all",
    "./tools/rotate-keys --all --no-grace",
    "./ops/kill-switch enable --global",
    "./dev.sh grant-admin --user contractor@outside.com",
    "./bin/secrets dump --env prod > prod.env",
    "earthly +deploy --ENV=production",
    "yarn release --production",
  ])("asks about %s", (input) => expect(decide(input).decision).toBe("confirm"));

  test.each([
    "make clean",
    "make test && make build",
    "npm run build",
    "./gradlew build",
    "earthly +build",
    "make deploy TARGET=staging",
    "./bin/secrets list",
    "./scripts/rotate-logs.sh",
    "./bin/admin users:list --all",
    "make db-reset ENV=dev",
    "kubectl delete pod web-1 -n dev",
    "npm cache clean --force",
  ])("passes %s", (input) => expect(decide(input).decision).toBe("continue"));

  test("a target or program whose body is known is judged by its body", () => {
    expect(withFiles("make nuke", { Makefile: "nuke:\n\trm -rf build dist\n" }).decision).toBe("continue");
    expect(withFiles("make nuke", { Makefile: "nuke:\n\trm -rf ~\n" }).decision).toBe("block");
    expect(withFiles("./scripts/reset-dev-db.sh --force", { "scripts/reset-dev-db.sh": "#!/bin/sh\nrm -f tmp/dev.sqlite3\n" }).decision).toBe("continue");
    expect(withFiles("npm run nuke", { "package.json": '{"scripts":{"nuke":"rm -rf dist .cache"}}' }).decision).toBe("continue");
  });
});
