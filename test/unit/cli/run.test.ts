// The command line in process: runCommand with a writer that collects, so
// these run in `bun test` without spawning the binary (a few of the same
// cases go through the binary in test/daily-use.e2e.ts).
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { collectingIo } from "../../../src/cli/io.ts";
import { runCommand } from "../../../src/cli/run.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

// One small policy for the checks: loading the whole default for each would cost most of this file's time.
const folder = mkdtempSync(join(tmpdir(), "synaps-policy-cli-run-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const POLICY = join(folder, "policy.toml");
writeFileSync(POLICY, 'version = 1\ninclude = ["builtin:destructive-fs"]\n');
const small = ["--policy", POLICY];

async function run(args: string[], stdin?: string) {
  const io = collectingIo(stdin === undefined ? {} : { stdin });
  const [command, ...rest] = args;
  const code = await runCommand(command!, rest, io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

describe("check", () => {
  test("a tool name the host never sends is an error with a suggestion", async () => {
    for (const [tool, suggestion] of [
      ["Bash", "bash"],
      ["raed", "read"],
      ["Shell_Send", "shell_send"],
    ]) {
      const result = await run(["check", tool!, "rm -rf ~", ...small]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`did you mean "${suggestion}"?`);
    }
    // MCP and other extensions' tools are names the host can send.
    expect((await run(["check", "mcp_files_read", "x", ...small])).code).toBe(0);
  });

  test("- reads the input from stdin; the exit code is the decision's", async () => {
    expect((await run(["check", "bash", "-", ...small], "rm -rf ~\n")).code).toBe(2);
    expect((await run(["check", "bash", "-", ...small], "ls\n")).code).toBe(0);
  });

  test("with --project, a script the call runs is read from disk there, one call at a time and in a file", async () => {
    const project = join(folder, "project");
    mkdirSync(project, { recursive: true });
    writeFileSync(join(project, "wipe.sh"), "rm -rf ~\n");
    writeFileSync(join(project, "tidy.sh"), "rm -rf ./dist\n");
    // Without a project the files are unseen: the same call continues.
    expect((await run(["check", "bash", "bash wipe.sh", ...small])).code).toBe(0);
    expect((await run(["check", "bash", "bash wipe.sh", "--project", project, ...small])).code).toBe(2);
    expect((await run(["check", "bash", "bash tidy.sh", "--project", project, ...small])).code).toBe(0);
    const lines = join(folder, "lines.txt");
    writeFileSync(lines, "bash tidy.sh\nbash wipe.sh\n");
    const table = await run(["check", "--file", lines, "--project", project, "--json", ...small]);
    expect(
      table.stdout
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line).decision),
    ).toEqual(["continue", "block"]);
  });

  test("--json carries the overrides that touched the call", async () => {
    const result = await run(["check", "bash", "rm -rf ~", "--json", ...small]);
    expect(JSON.parse(result.stdout).decision).toBe("block");
  });

  test("no colour unless the writer is a terminal, and then the decision is coloured", async () => {
    const plain = collectingIo();
    await runCommand("check", ["bash", "rm -rf ~", ...small], plain);
    expect(plain.stdout).not.toContain("\u001b[");
    const terminal = collectingIo({ color: true });
    await runCommand("check", ["bash", "rm -rf ~", ...small], terminal);
    expect(terminal.stdout).toStartWith("decision: \u001b[31mblock\u001b[0m");
  });

  test("--file: --fail-on is validated, and fails on a decision some call got", async () => {
    expect((await run(["check", "--file", "-", "--fail-on", "blok", ...small], "ls\n")).stderr).toContain('did you mean "block"?');
    expect((await run(["check", "--file", "-", "--fail-on", "block", ...small], "ls\nrm -rf ~\n")).code).toBe(2);
    expect((await run(["check", "--file", "-", "--fail-on", "confirm", ...small], "ls\nrm -rf ~\n")).code).toBe(0);
    expect((await run(["check", "bash", "ls", "--fail-on", "block"])).stderr).toContain("--fail-on goes with --file");
  });
});

describe("the rest", () => {
  test("an unknown command gets a suggestion, not the whole help", async () => {
    const result = await run(["stauts"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('did you mean "status"?');
    expect(result.stderr).not.toContain("Examples:");
  });

  test("every enumerated option is checked", async () => {
    expect((await run(["log", "/dev/null", "--hook", "before_tool_cal"])).stderr).toContain('did you mean "before_tool_call"?');
    expect((await run(["check", "--hook", "on_sesion_start", ...small])).stderr).toContain('did you mean "on_session_start"?');
    expect((await run(["completion", "powershell"])).code).toBe(1);
  });

  test("--json on status, rules and validate", async () => {
    expect(JSON.parse((await run(["status", "--json", ...small])).stdout).defaults.confirmed).toBe("ask-again");
    expect(JSON.parse((await run(["rules", "--json", ...small])).stdout).some((rule: { id: string }) => rule.id === "fs-recursive-delete")).toBe(true);
    expect(JSON.parse((await run(["validate", POLICY, "--json"])).stdout)).toMatchObject({ valid: true, overrides: [] });
  });

  test("help for a command lists its flags", async () => {
    const install = await run(["install", "--help"]);
    expect(install.stdout).toContain("--no-transform-output");
    expect((await run(["help", "completion"])).stdout).toContain("bash|zsh|fish");
  });
});

describe("init and install write through the given writer", () => {
  test("init says where it wrote, refuses to overwrite, and --force keeps the old file beside the new", async () => {
    const target = join(folder, "init", "policy.toml");
    const first = await run(["init", target]);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`wrote ${target}`);
    writeFileSync(target, "version = 1\n# an afternoon's work\n");
    const refused = await run(["init", target]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("already exists; not overwriting it");
    const forced = await run(["init", target, "--force"]);
    expect(forced.code).toBe(0);
    const backup = /kept your previous policy as (\S+)/.exec(forced.stdout)?.[1];
    expect(backup).toBeDefined();
    expect(await Bun.file(backup!).text()).toContain("an afternoon's work");
  });

  test("install run by bun (not the compiled binary) says so on the writer's stderr", async () => {
    const result = await run(["install", join(folder, "plugin"), "--dry-run"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("install copies the running executable");
  });
});
