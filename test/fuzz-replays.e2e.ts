// The fuzz findings kept as replays (the table under "Replays" in
// test/fuzz/known-failures.md): each case is generated again from its seed
// and run through the binary, and must give no finding. A finding fixed once
// stays fixed without anyone remembering to run its command.
import { describe, expect, test } from "bun:test";
import { describeFinding, fuzz, TARGETS } from "./fuzz/fuzz.ts";

type Replay = { target: string; seed: number; only: number };

/** The rows of the Replays table: `| target | seed | case |`. */
function replays(markdown: string): Replay[] {
  const section = markdown.split(/^## /m).find((part) => part.startsWith("Replays\n"));
  if (!section) throw new Error("known-failures.md has no ## Replays section");
  return [...section.matchAll(/^\| *([a-z-]+) *\| *(\d+) *\| *(\d+) *\|$/gm)].map((row) => ({ target: row[1]!, seed: Number(row[2]), only: Number(row[3]) }));
}

const rows = replays(await Bun.file(`${import.meta.dir}/fuzz/known-failures.md`).text());

describe("fuzz replays from known-failures.md", () => {
  test("the table lists replays, each of a target that exists", () => {
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((row) => !TARGETS.some((target) => target.name === row.target))).toEqual([]);
  });

  for (const { target, seed, only } of rows) {
    test(`bun run fuzz --seed ${seed} --target ${target} --only ${only}`, async () => {
      const [summary] = await fuzz({ seed, targets: TARGETS.filter((each) => each.name === target), cases: Number.MAX_SAFE_INTEGER, only });
      expect(summary!.findings.map(describeFinding)).toEqual([]);
      expect(summary!.cases).toBe(1);
    });
  }
});
