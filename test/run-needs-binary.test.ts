// The preload builds the executable only for a run that drives it: a source
// edit must not cost the in-process quick loop a rebuild of the binary.
import { describe, expect, test } from "bun:test";
import { commandLine, runNeedsBinary } from "./support/run-needs-binary.ts";
import { setTestLimit } from "./support/test-limit.ts";

setTestLimit();

describe("runNeedsBinary", () => {
  test("bare `bun test`, a filter or in-process files: no build", () => {
    expect(runNeedsBinary(["bun", "test"])).toBe(false);
    expect(runNeedsBinary(["bun", "test", "--timeout", "60000", "corpus"])).toBe(false);
    expect(runNeedsBinary(["bun", "test", "test/unit/shell/carriers.test.ts", "./test/corpus.test.ts"])).toBe(false);
  });

  test("a run naming an e2e or release file builds, mixed with in-process files too", () => {
    expect(runNeedsBinary(["bun", "test", "--timeout", "60000", "./test/cli.e2e.ts", "./test/packs/remote.e2e.ts"])).toBe(true);
    expect(runNeedsBinary(["bun", "test", "test/corpus.test.ts", "test/corpus.e2e.ts"])).toBe(true);
    expect(runNeedsBinary(["bun", "test", "--preload", "./test/release/teardown.ts", "./test/release/archives.release.ts"])).toBe(true);
  });

  test("a command line that cannot be read builds, as before", () => {
    expect(runNeedsBinary(undefined)).toBe(true);
  });

  test("this run's own command line is read whole, past the first file", () => {
    const args = commandLine();
    if (args === undefined) return; // not Linux: the preload then builds, which the test above covers
    expect(args.some((arg) => arg === "test" || arg.endsWith(".test.ts"))).toBe(true);
  });
});
