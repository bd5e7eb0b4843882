// Issue 29 and 26.5 through the binary: a new user's afternoon. Where the
// projects are (one line of policy allows `cd ~/code/webapp && rm -rf build`
// while `rm -rf ~/code` stays blocked), narrow exceptions, relative path
// patterns, includes that only tighten, and a command line that is never
// silently wrong. Each test here failed before the change it covers.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HOST_BINARY, runCli } from "./harness.ts";

const home = mkdtempSync(join(tmpdir(), "synaps-policy-daily-"));
afterAll(() => rmSync(home, { recursive: true, force: true }));
const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, LANG: "C.UTF-8" };

function policyFile(name: string, text: string): string {
  const file = join(home, name);
  writeFileSync(file, text);
  return file;
}

const cli = (args: string[]) => runCli(args, { cwd: home, env });

async function withStdin(args: string[], stdin: string) {
  const proc = Bun.spawn([HOST_BINARY, ...args], { cwd: home, env, stdin: Buffer.from(stdin), stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { code, stdout, stderr };
}

const DEFAULT_PACKS = 'include = ["builtin:destructive-fs", "builtin:git"]';

describe("29.1 projects: one line of policy allows the everyday cleanup", () => {
  const file = policyFile("roots.toml", `version = 1\n${DEFAULT_PACKS}\n[defaults]\nproject_roots = ["~/code/*"]\n`);

  test.concurrent("cd <root> && rm -rf build and absolute paths inside a root pass; the roots and home stay blocked", async () => {
    for (const command of ["cd ~/code/webapp && rm -rf build", "rm -rf ~/code/webapp/dist"]) {
      const result = await cli(["check", "bash", command, "--policy", file]);
      expect(`${command}: ${result.stdout.split("\n")[0]}`).toBe(`${command}: decision: continue`);
      expect(result.code).toBe(0);
    }
    for (const command of ["rm -rf ~/code", "rm -rf ~/code/webapp", "rm -rf ~"]) {
      expect((await cli(["check", "bash", command, "--policy", file])).code).toBe(2);
    }
  });

  test.concurrent("the project directory the extension finds (--project) makes its absolute paths in-project", async () => {
    const bare = policyFile("bare.toml", `version = 1\n${DEFAULT_PACKS}\n`);
    const project = join(home, "work", "api");
    expect((await cli(["check", "bash", `rm -rf ${project}/build`, "--policy", bare, "--project", project])).code).toBe(0);
    expect((await cli(["check", "bash", `rm -rf ${project}/build`, "--policy", bare])).code).toBe(2);
    expect((await cli(["check", "bash", `rm -rf ${project}`, "--policy", bare, "--project", project])).code).toBe(2);
  });
});

describe("29.1 narrow exceptions: [[override]] unless", () => {
  const file = policyFile("narrow.toml", `version = 1\n${DEFAULT_PACKS}\n[[override]]\nrules = "fs-recursive-delete"\nunless = { paths = ["~/code/*/build"] }\n`);

  test.concurrent("adds an exception to a built-in rule without copying it, and --explain names the override", async () => {
    const allowed = await cli(["check", "bash", "rm -rf ~/code/webapp/build", "--policy", file, "--explain"]);
    expect(allowed.code).toBe(0);
    expect(allowed.stdout).toContain(`override: ${file}:3 on rule fs-recursive-delete: an exception it added (unless) takes this call out of the rule`);
    expect((await cli(["check", "bash", "rm -rf ~/code/webapp/src", "--policy", file])).code).toBe(2);
    const validated = await cli(["validate", file]);
    expect(validated.code).toBe(0);
    expect(validated.stdout).toContain(`override ${file}:3 changes 1 rule: fs-recursive-delete`);
  });
});

describe("29.3 paths that mean what they say", () => {
  const rule = (pattern: string) => `version = 1\n[[rule]]\nid = "prod-infra"\ntool = ["bash", "read"]\nwhen = { paths = ["${pattern}"] }\ndecision = "block"\nreason = "prod"\n`;

  test.concurrent("./x/** matches the relative, ./ and absolute spellings; an absolute pattern matches a relative path in the project", async () => {
    const relative = policyFile("relative.toml", rule("./infra/prod/**"));
    for (const command of ["cat infra/prod/main.tf", "cat ./infra/prod/main.tf"]) expect((await cli(["check", "bash", command, "--policy", relative])).code).toBe(2);
    const project = join(home, "code", "webapp");
    expect((await cli(["check", "bash", `cat ${project}/infra/prod/main.tf`, "--policy", relative, "--project", project])).code).toBe(2);
    const absolute = policyFile("absolute.toml", rule("~/code/webapp/infra/prod/**"));
    expect((await cli(["check", "bash", "cat infra/prod/main.tf", "--policy", absolute, "--project", project])).code).toBe(2);
  });

  test.concurrent("validate warns about a pattern that can never match", async () => {
    const file = policyFile("never.toml", rule("$HOME/infra/**"));
    const result = await cli(["validate", file]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('paths pattern "$HOME/infra/**" can never match a path: variables are not expanded');
    expect((await cli(["validate", file, "--strict"])).code).toBe(1);
  });
});

describe("26.5 an included file only tightens", () => {
  const team = policyFile("team.toml", 'version = 1\ninclude = ["builtin:destructive-fs"]\n[[override]]\nrules = "*"\ndecision = "off"\n');
  const mine = policyFile("mine.toml", `version = 1\ninclude = ["builtin:destructive-fs", "${team}"]\n`);

  test.concurrent('a team file\'s rules = "*", decision = "off" leaves the user\'s pack on; validate and doctor say so', async () => {
    expect((await cli(["check", "bash", "rm -rf ~", "--policy", mine])).code).toBe(2);
    const validated = await cli(["validate", mine]);
    expect(validated.stderr).toContain("an included file may tighten, never loosen");
    expect(validated.stderr).toContain("fs-recursive-delete");
    const doctor = await cli(["doctor", "--policy", mine, "--json"]);
    const policyCheck = JSON.parse(doctor.stdout).checks.find((check: { what: string }) => check.what.startsWith("policy:"));
    expect(policyCheck.detail.join("\n")).toContain("may tighten, never loosen");
  });
});

describe("29.5 no silently wrong answers", () => {
  test.concurrent("check Bash is an error with a suggestion, not a continue", async () => {
    const result = await cli(["check", "Bash", "rm -rf ~"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('unknown tool "Bash"');
    expect(result.stderr).toContain('did you mean "bash"?');
  });

  test.concurrent("log --decision blok is an error; log --stats --json is JSON", async () => {
    const log = join(home, "audit.jsonl");
    const record = (decision: string) =>
      JSON.stringify({ time: "2026-12-01T10:00:00.000Z", hook: "before_tool_call", tool: "bash", decision, input: "ls", tool_input: { command: "ls" } });
    writeFileSync(log, `${[record("continue"), record("block")].join("\n")}\n`);
    const wrong = await cli(["log", log, "--decision", "blok"]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('did you mean "block"?');
    const stats = await cli(["log", log, "--stats", "--json"]);
    expect(JSON.parse(stats.stdout)).toMatchObject({ records: 2, by_decision: { continue: 1, block: 1 } });
  });

  test.concurrent("replay counts changes by effect: continue → allow is no change", async () => {
    const log = join(home, "replay.jsonl");
    const record = (command: string) =>
      JSON.stringify({ time: "2026-12-01T10:00:00.000Z", hook: "before_tool_call", tool: "bash", decision: "continue", input: command, tool_input: { command } });
    writeFileSync(log, `${[record("ls"), record("ls -la"), record("git push --force")].join("\n")}\n`);
    const allowing = policyFile("allowing.toml", 'version = 1\ninclude = ["builtin:git"]\n[[rule]]\nid = "ls-ok"\nwhen = { command = "ls" }\ndecision = "allow"\n');
    const result = await cli(["replay", log, "--policy", allowing]);
    expect(result.stdout).toContain("1 would change what happens (1 runs → asks); 2 more get another decision or rule with the same effect");
  });
});

describe("29.6 command-line conventions", () => {
  test.concurrent("--json on status, rules, doctor and validate", async () => {
    expect(JSON.parse((await cli(["status", "--json"])).stdout).policy.source).toBe("embedded default policy");
    expect(JSON.parse((await cli(["rules", "--json"])).stdout).length).toBeGreaterThan(100);
    expect(JSON.parse((await cli(["doctor", "--json"])).stdout).checks.length).toBeGreaterThan(1);
    expect(JSON.parse((await cli(["validate", "--json"])).stdout).valid).toBe(true);
  });

  test.concurrent("an unknown command gets a suggestion in two lines, not the whole help", async () => {
    const result = await cli(["chek", "bash", "ls"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('unknown command "chek" (did you mean "check"?)');
    expect(result.stderr.trim().split("\n").length).toBe(2);
  });

  test.concurrent("- reads the input from stdin; check --file --fail-on fails a CI job on a block", async () => {
    expect((await withStdin(["check", "bash", "-"], "rm -rf ~\n")).code).toBe(2);
    const file = await withStdin(["check", "--file", "-", "--fail-on", "block,confirm"], "ls\nrm -rf ~\n");
    expect(file.code).toBe(2);
    expect(file.stderr).toContain("1 call got block or confirm (--fail-on): line 2");
    expect((await withStdin(["check", "--file", "-", "--fail-on", "blok"], "ls\n")).code).toBe(1);
    expect((await withStdin(["check", "--file", "-"], "rm -rf ~\n")).code).toBe(0);
  });

  test.concurrent("completion for bash, zsh and fish; install --help lists its flags; help columns line up", async () => {
    for (const shell of ["bash", "zsh", "fish"]) {
      const result = await cli(["completion", shell]);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain("validate");
      expect(result.stdout).toContain("fail-on");
    }
    expect((await cli(["completion", "tcsh"])).code).toBe(1);
    const install = await cli(["install", "--help"]);
    for (const flag of ["--dry-run", "--no-transform-output", "--transform-output"]) expect(install.stdout).toContain(flag);
    const help = (await cli(["--help"])).stdout.split("\n");
    const starts = help
      .filter((line) => line.startsWith("  synaps-policy ") && / {2,}\S/.test(line.slice(2)))
      .map((line) => 2 + line.slice(2).search(/ {2,}\S/) + line.slice(2).match(/ {2,}/)![0].length);
    expect(starts.length).toBeGreaterThan(10);
    expect(new Set(starts).size).toBe(1);
    // Continuation lines start in the same column.
    const continued = help.filter((line) => /^ {20,}\S/.test(line)).map((line) => line.search(/\S/));
    expect(new Set(continued)).toEqual(new Set(starts));
  });

  test.concurrent("no colour when piped or with NO_COLOR", async () => {
    const result = await runCli(["check", "bash", "rm -rf ~"], { cwd: home, env: { ...env, NO_COLOR: "1" } });
    expect(result.stdout).not.toContain("\u001b[");
    expect((await cli(["check", "bash", "rm -rf ~"])).stdout).not.toContain("\u001b[");
  });
});
