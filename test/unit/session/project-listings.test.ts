import { afterAll, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ProjectListings } from "../../../src/session/project-listings.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

const root = mkdtempSync(join(tmpdir(), "synaps-project-listings-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Every directory below root dated `seconds` since the epoch: settled, as a project's folders are between calls. */
function settle(seconds: number, dirs: readonly string[]) {
  for (const dir of dirs) utimesSync(join(root, dir), seconds, seconds);
}

test("a listing is read once while its directories are unchanged, and again after an entry is added, renamed or removed", () => {
  const dirs = ["", "tests", "tests/unit", "docs", "notes"];
  for (const dir of dirs.slice(1)) mkdirSync(join(root, dir), { recursive: true });
  writeFileSync(join(root, "tests/unit/test_a.py"), "");
  writeFileSync(join(root, "docs/guide.md"), "");
  // A folder of many unrelated entries (a shared scratch folder as the project root): read once, not per call.
  for (let index = 0; index < 200; index++) writeFileSync(join(root, "notes", `n${index}.txt`), "");
  settle(1_000_000, dirs);
  // The clock a minute on: every directory made above has settled (its change time, which utimes cannot set back, is now).
  const listings = new ProjectListings(() => Date.now() + 60_000);
  const cases: Array<{ glob: string; expected: string[] }> = [
    { glob: "**/test_*.py", expected: ["tests/unit/test_a.py"] },
    { glob: "docs/*.md", expected: ["docs/guide.md"] },
  ];
  for (const { glob, expected } of cases) expect(listings.list(glob, root)).toEqual(expected);
  const firstReads = listings.dirsRead;
  expect(firstReads).toBeGreaterThan(0);
  for (let call = 0; call < 50; call++) for (const { glob, expected } of cases) expect(listings.list(glob, root)).toEqual(expected);
  expect(listings.dirsRead).toBe(firstReads);

  const changes: Array<{ change: () => void; dir: string; glob: string; expected: string[]; keepTime?: true }> = [
    { change: () => writeFileSync(join(root, "tests/unit/test_b.py"), ""), dir: "tests/unit", glob: "**/test_*.py", expected: ["tests/unit/test_a.py", "tests/unit/test_b.py"] },
    {
      change: () => renameSync(join(root, "tests/unit/test_a.py"), join(root, "tests/unit/check_a.py")),
      dir: "tests/unit",
      glob: "**/test_*.py",
      expected: ["tests/unit/test_b.py"],
    },
    { change: () => rmSync(join(root, "docs/guide.md")), dir: "docs", glob: "docs/*.md", expected: [] },
    { change: () => mkdirSync(join(root, "tests/more")), dir: "tests", glob: "**/test_*.py", expected: ["tests/unit/test_b.py"] },
    // An entry added and the directory's modification time set back to what it was (`touch -d`): its ctime moved.
    {
      change: () => writeFileSync(join(root, "tests/unit/test_c.py"), ""),
      dir: "tests/unit",
      glob: "**/test_*.py",
      expected: ["tests/unit/test_b.py", "tests/unit/test_c.py"],
      keepTime: true,
    },
  ];
  for (const [index, { change, dir, glob, expected, keepTime }] of changes.entries()) {
    const seen = statSync(join(root, dir)).mtimeMs / 1000;
    change();
    settle(keepTime ? seen : 1_000_100 + index, [dir]);
    const before = listings.dirsRead;
    expect(listings.list(glob, root)).toEqual(expected);
    expect(listings.dirsRead).toBeGreaterThan(before);
  }
});

test("a directory changed just before its listing is read again on the next call (the file system's clock moves in ticks)", () => {
  const fresh = join(root, "fresh");
  mkdirSync(fresh);
  writeFileSync(join(fresh, "a.tf"), "");
  const listings = new ProjectListings();
  expect(listings.list("fresh/*.tf", root)).toEqual(["fresh/a.tf"]);
  const reads = listings.dirsRead;
  expect(listings.list("fresh/*.tf", root)).toEqual(["fresh/a.tf"]);
  expect(listings.dirsRead).toBeGreaterThan(reads);
});
