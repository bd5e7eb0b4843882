// Every carrier of the harms target with every harm's every command, bare (issue 26): the fuzz run draws
// them at random inside surroundings; here each pair is judged once, so a new carrier that lets one
// harm through fails at once, naming it.
import { expect, test } from "bun:test";
import { decide } from "../support/decide.ts";
import { setTestLimit } from "../support/test-limit.ts";
import { everyCarriedHarm } from "./targets/harms.ts";

setTestLimit();

test("no carried harm gets continue", () => {
  // Two commands of each harm: the first and one with `$HOME` or a double quote (what breaks a carrier's quoting).
  const variants = everyCarriedHarm().filter((variant) => variant.command < 2);
  expect(variants.length).toBeGreaterThan(400);
  const through = variants.filter((variant) => decide(variant.input).decision === "continue").map((variant) => `${variant.harm} (carrier ${variant.carrier}): ${variant.input}`);
  expect(through).toEqual([]);
});
