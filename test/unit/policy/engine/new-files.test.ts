// A copy or move into the user's everyday folders that only creates files
// passes; the same copy onto a name already there, into another project,
// a hidden folder, or with nothing known of the disk, is asked.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { evaluate, eventOf } from "../../../../src/policy/engine/index.ts";
import { CallFiles } from "../../../../src/session/call-files.ts";
import { SessionMemory } from "../../../../src/session/memory.ts";
import { decide, policyOf } from "../../../support/decide.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const home = mkdtempSync(join(tmpdir(), "synaps-home-"));
const project = mkdtempSync(join(tmpdir(), "synaps-project-"));
afterAll(() => {
  for (const dir of [home, project]) rmSync(dir, { recursive: true, force: true });
});
for (const folder of ["Documents", "Downloads", "Desktop", "archive", "work/api", "Documents/old_folder"]) mkdirSync(join(home, folder), { recursive: true });
writeFileSync(join(home, "Documents", "report.pdf"), "x");
writeFileSync(join(home, "Downloads", "data.txt"), "x");

const policy = policyOf(undefined, home);

/** The decision with the disk asked, as the extension asks it. */
function judged(command: string): string {
  const files = new CallFiles(new SessionMemory(), { find: () => ({ path: project, source: "test" }) }, home);
  const event = files.withFiles(policy, eventOf(policy, { hook: "before_tool_call", tool: "bash", input: { command } }), "s");
  return evaluate(policy, event).decision.kind;
}

describe("copies and moves into the everyday folders", () => {
  test("that only create files pass", () => {
    for (const command of [
      "mv ~/Downloads/data.txt ~/Documents/",
      "cp document.txt ~/Documents/",
      "mv ~/Documents/report.pdf ~/Desktop/",
      "mv ~/Documents/old_folder ~/Downloads/",
      "mv logs-2026-12.tgz ~/archive/",
      "cp notes.txt summary.md ~/Documents",
      "cp build/report.pdf ~/Documents/report-v2.pdf",
    ])
      expect([command, judged(command)]).toEqual([command, "continue"]);
  });

  test("onto a name already there, into another project or a hidden folder, or a whole tree merged, are asked", () => {
    for (const command of [
      "cp report.pdf ~/Documents/",
      "mv data.txt ~/Downloads/",
      "cp notes.txt ~/Documents/report.pdf",
      "cp x.py ~/work/api/",
      "mv ~/work/api/src ~/Downloads/",
      "cp -r src ~/Documents",
      "cp id ~/Documents/.secret/",
      "mv ../.bashrc ~/Downloads/",
    ])
      expect([command, judged(command)]).toEqual([command, "confirm"]);
  });

  test("with nothing known of the disk, a copy into a folder of home is asked", () => {
    expect(decide("cp document.txt ~/Documents/", policyOf(undefined, home)).decision).toBe("confirm");
  });
});
