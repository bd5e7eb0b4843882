import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runInlineTests } from "../../../../src/policy/checks/inline-tests.ts";
import { loadPolicy } from "../../../../src/policy/load/load.ts";
import { directEngineDeps } from "../../../../src/policy/load/load-file.ts";
import { BUILTIN_PACK_NAMES, builtinPackText, isBuiltinPack } from "../../../../src/policy/load/packs.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

describe("the built-in packs", () => {
  for (const name of BUILTIN_PACK_NAMES) {
    test(`builtin:${name} is a valid policy on its own and passes its own tests`, () => {
      const loaded = loadPolicy({ text: builtinPackText(name)!, file: `builtin:${name}`, home: "/home/ada", format: "toml", deps: directEngineDeps() });
      if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems));
      expect(loaded.policy.tests.length).toBeGreaterThan(0);
      expect(runInlineTests(loaded.policy)).toEqual([]);
    });
  }

  test("an unknown pack has no text", () => {
    expect(builtinPackText("nope")).toBeUndefined();
  });

  test("a name every object has (toString, constructor, __proto__) is no pack", () => {
    for (const name of ["toString", "constructor", "__proto__", "hasOwnProperty"]) {
      expect(isBuiltinPack(name)).toBe(false);
      expect(builtinPackText(name)).toBeUndefined();
    }
  });

  test("each pack's text is read from its embedded file as it is written", () => {
    for (const name of BUILTIN_PACK_NAMES) {
      expect(isBuiltinPack(name)).toBe(true);
      expect(builtinPackText(name)).toBe(readFileSync(join(import.meta.dir, "../../../../src/policy/packs", `${name}.toml`), "utf8"));
    }
  });
});
