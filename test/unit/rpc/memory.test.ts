// When the server collects: a light collection every so many answers or
// request bytes, a full one every so many more or when the pipe goes quiet.
import { expect, test } from "bun:test";
import { CollectWhenIdle } from "../../../src/rpc/memory.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

const KIB = 1024;

/** A CollectWhenIdle whose collections are written down ("light" / "full") instead of run. */
function recorded() {
  const calls: ("light" | "full")[] = [];
  const memory = new CollectWhenIdle((full) => calls.push(full ? "full" : "light"));
  return { memory, calls };
}

test("small answers start a light collection every 20, not before", () => {
  const { memory, calls } = recorded();
  for (let index = 0; index < 19; index++) memory.answered(300);
  expect(calls).toEqual([]);
  memory.answered(300);
  expect(calls).toEqual(["light"]);
  for (let index = 0; index < 20; index++) memory.answered(300);
  expect(calls).toEqual(["light", "light"]);
});

test("a thousand answers end in a full collection, which starts the light count again", () => {
  const { memory, calls } = recorded();
  for (let index = 0; index < 1_000; index++) memory.answered(300);
  expect(calls.filter((call) => call === "full")).toHaveLength(1);
  expect(calls.at(-1)).toBe("full");
  expect(calls.filter((call) => call === "light")).toHaveLength(49);
  for (let index = 0; index < 19; index++) memory.answered(300);
  expect(calls.at(-1)).toBe("full");
});

test("large requests count by bytes: light after 1 MiB, full after 8 MiB", () => {
  const { memory, calls } = recorded();
  for (let index = 0; index < 3; index++) memory.answered(256 * KIB);
  expect(calls).toEqual([]);
  memory.answered(256 * KIB);
  expect(calls).toEqual(["light"]);
  for (let index = 0; index < 28; index++) memory.answered(256 * KIB);
  expect(calls.filter((call) => call === "full")).toHaveLength(1);
  expect(calls.at(-1)).toBe("full");
  expect(calls.filter((call) => call === "light")).toHaveLength(7);
});

test("a quiet pipe gets a full collection", async () => {
  const { memory, calls } = recorded();
  memory.answered(300);
  expect(calls).toEqual([]);
  await Bun.sleep(150);
  expect(calls).toEqual(["full"]);
});
