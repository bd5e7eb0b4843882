// The repository's .synaps-plugin/plugin.json, which SynapsCLI's /plugins
// reads from a fresh clone, is src/plugin/manifest.json plus (after a
// release) this version's prebuilt map for every platform — generated, never
// edited by hand. The binary must not depend on that map, or the commit that
// writes it would build other archives than the ones it names: nothing in
// src/ reads the repository manifest.
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { archiveName, currentPrebuilt, DEFAULT_BASE_URL, RELEASE_TARGETS, REPOSITORY_MANIFEST, repositoryManifestText } from "../build.ts";
import { setTestLimit } from "./support/test-limit.ts";

setTestLimit();

const SRC = join(import.meta.dir, "..", "src");

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(folder, entry.name)) : entry.name.endsWith(".ts") ? [join(folder, entry.name)] : [],
  );
}

describe("the repository manifest", () => {
  test("is src/plugin/manifest.json plus the prebuilt map (bun run build --sync-manifest writes it)", () => {
    expect(readFileSync(REPOSITORY_MANIFEST, "utf8")).toBe(repositoryManifestText(currentPrebuilt()));
  });

  test("a prebuilt map, when there is one, names this version's archive for every platform", () => {
    const prebuilt = JSON.parse(readFileSync(REPOSITORY_MANIFEST, "utf8")).extension.prebuilt;
    if (prebuilt === undefined) return;
    expect(Object.keys(prebuilt).sort()).toEqual(RELEASE_TARGETS.map((target) => target.hostTriple).sort());
    for (const target of RELEASE_TARGETS) {
      expect(prebuilt[target.hostTriple].url).toBe(`${DEFAULT_BASE_URL}${archiveName(target)}`);
      expect(prebuilt[target.hostTriple].sha256).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  test("is embedded in nothing the binary is built from (the binary reads an installed folder's manifest at run time only)", () => {
    const readers = sourceFiles(SRC).filter((file) => /from\s+["'][^"']*\.synaps-plugin\//.test(readFileSync(file, "utf8")));
    expect(readers).toEqual([]);
  });
});
