// Golden files: output a person or a program reads, compared byte for byte
// with what test/fixtures/golden/ holds. After an intended change, run the
// tests with UPDATE_GOLDEN=1 to write the new output, and read the diff.
import { expect } from "bun:test";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const GOLDEN = join(import.meta.dir, "..", "fixtures", "golden");

export function expectGolden(name: string, actual: string) {
  const file = join(GOLDEN, name);
  if (process.env.UPDATE_GOLDEN === "1") {
    writeFileSync(file, actual);
    return;
  }
  if (!existsSync(file)) throw new Error(`no golden file ${file}; run the tests with UPDATE_GOLDEN=1 to write it`);
  expect(actual).toBe(readFileSync(file, "utf8"));
}
