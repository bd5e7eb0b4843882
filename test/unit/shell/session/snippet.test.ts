// The one way session readers take a file's text: known or not, and the
// words that say where it came from.
import { describe, expect, test } from "bun:test";
import { firstKnown, knownText, knownTexts } from "../../../../src/shell/session/snippet.ts";
import type { KnownFile } from "../../../../src/shell/view/files.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const files: Record<string, KnownFile> = {
  Makefile: { content: "all:\n\techo hi\n", label: "written at step 2 (write)" },
  makefile: { absent: true, label: "not on disk" },
  "~/.bashrc": { content: "alias ll='ls -l'\n", label: "in the home directory", fromHome: true },
  "tox.ini": { content: "[tox]\n" },
  "run.sh": { label: "changed, content unknown" },
};
const get = (path: string) => files[path];

describe("a reader's file text", () => {
  test("a file with text, labelled as the lookup said, or 'known' when it said nothing", () => {
    expect(knownText("Makefile", get)).toEqual({ path: "Makefile", content: "all:\n\techo hi\n", label: "written at step 2 (write)" });
    expect(knownText("tox.ini", get)?.label).toBe("known");
    expect(knownText("~/.bashrc", get)?.fromHome).toBe(true);
  });

  test("absent, unknown-content and unasked files give nothing", () => {
    expect(knownText("makefile", get)).toBeUndefined();
    expect(knownText("run.sh", get)).toBeUndefined();
    expect(knownText("nowhere", get)).toBeUndefined();
  });

  test("every known one in the order given; the first known one of candidates", () => {
    expect(knownTexts(["makefile", "tox.ini", "run.sh", "Makefile"], get).map((file) => file.path)).toEqual(["tox.ini", "Makefile"]);
    expect(
      firstKnown(
        [
          { path: "makefile", role: "makefile" },
          { path: "Makefile", role: "makefile" },
        ],
        get,
      )?.path,
    ).toBe("Makefile");
    expect(firstKnown(["run.sh", "nowhere"], get)).toBeUndefined();
  });
});
