// `synaps-policy check --session FILE.jsonl` through the binary: each step's
// verdict, the earlier step that wrote the file a verdict came from, code
// nobody could see, and files read from disk with --project.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "./harness.ts";

const folder = mkdtempSync(join(tmpdir(), "synaps-cli-session-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const line = (tool: string, input: Record<string, unknown>, session = "s1") =>
  JSON.stringify({ kind: "before_tool_call", tool_name: tool, tool_runtime_name: tool, tool_input: input, session_id: session });

describe("check --session", () => {
  test("prints every step's verdict and names the step that wrote the script", async () => {
    const file = join(folder, "session.jsonl");
    writeFileSync(
      file,
      [line("write", { path: "cleanup.sh", content: "#!/bin/sh\nrm -rf ~\n" }), line("bash", { command: "bash cleanup.sh" }), line("bash", { command: "./configure" })].join("\n"),
    );
    const result = await runCli(["check", "--session", file]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("step 2 (line 2) bash: bash cleanup.sh\n  → block (rule fs-recursive-delete)");
    expect(result.stdout).toContain("from: cleanup.sh (written at step 1 (write))");
    expect(result.stdout).toContain("unseen code: configure");
    // The harmful script is asked about when written, and blocked when run.
    expect(result.stdout).toContain("step 1 (line 1) write:");
    expect(result.stdout).toContain("→ confirm (rule fs-recursive-delete)\n  message: Writing cleanup.sh: when it runs, ");
    expect(result.stdout).toContain("3 calls, 2 stopped");
  });

  test("with --project, a script on disk is read; --json gives one object a step", async () => {
    const root = mkdtempSync(join(folder, "root-"));
    writeFileSync(join(root, "Makefile"), "clean:\n\trm -rf ~/\n");
    const file = join(folder, "disk.jsonl");
    writeFileSync(file, line("bash", { command: "make clean" }));
    const result = await runCli(["check", "--session", file, "--project", root, "--json"]);
    expect(JSON.parse(result.stdout.trim())).toMatchObject({ step: 1, decision: "block", rule: "fs-recursive-delete" });
  });
});
