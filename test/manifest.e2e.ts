// The plugin manifest against the build: the command it names is the
// executable `bun run build` writes (the e2e run builds it first; bare
// `bun test` builds nothing, so this lives here).
import { expect, test } from "bun:test";
import { accessSync, constants, existsSync } from "node:fs";
import { join } from "node:path";
import manifest from "../.synaps-plugin/plugin.json" with { type: "json" };
import { HOST_BINARY } from "./harness.ts";
import { setTestLimit } from "./support/test-limit.ts";

setTestLimit();

test("the manifest names the executable the build writes, and it runs", () => {
  const binary = join(import.meta.dir, "..", manifest.extension.command);
  expect(binary).toBe(HOST_BINARY);
  expect(existsSync(binary)).toBe(true);
  expect(() => accessSync(binary, constants.X_OK)).not.toThrow();
});
