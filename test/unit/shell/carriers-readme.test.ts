// README lists the carriers the guard knows; the list is made from the
// program tables, and this keeps it current.
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { listInReadme, README, renderCarrierList } from "../../docs/readme-carriers.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

test("README's list of carriers matches the program tables (regenerate with `bun run docs`)", () => {
  expect(listInReadme(readFileSync(README, "utf8"))).toBe(renderCarrierList());
});
