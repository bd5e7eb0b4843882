// The release writes its prebuilt map into the repository manifest, and that
// commit must build the very archives the map names: the binary embeds
// src/plugin/manifest.json (not the map), and its commit id and date come
// from the newest commit that changed anything else. Re-enacted in a clone
// of this repository: release, commit the map, release again, compare bytes.
import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { archiveName, ROOT } from "../../build.ts";
import { HOST_TARGET, removeScratch, scratch, sha256 } from "./fixture.ts";

afterAll(() => removeScratch());

const BASE = "https://downloads.example.com/v1/";
const GIT = ["git", "-c", "user.name=release", "-c", "user.email=release@example.com"];

function run(command: string[], cwd: string) {
  const result = Bun.spawnSync(command, { cwd, stdout: "pipe", stderr: "pipe" });
  if (!result.success) throw new Error(`${command.join(" ")}: ${result.stderr.toString()}`);
  return result.stdout.toString();
}

/** `buildRelease` of the clone's own build.ts for this machine's target, writing the clone's repository manifest. */
function releaseIn(clone: string, outDir: string) {
  const script = `import { buildRelease, RELEASE_TARGETS, REPOSITORY_MANIFEST } from "./build.ts";
await buildRelease({ targets: RELEASE_TARGETS.filter((t) => t.name === ${JSON.stringify(HOST_TARGET.name)}), outDir: ${JSON.stringify(outDir)}, baseUrl: ${JSON.stringify(BASE)}, repositoryManifest: REPOSITORY_MANIFEST });`;
  run(["bun", "-e", script], clone);
  return join(outDir, archiveName(HOST_TARGET));
}

describe("the commit that adds the prebuilt map", () => {
  test("builds byte-identical archives to the ones the map names", () => {
    const clone = join(scratch("reproducible"), "synaps-policy");
    run(["git", "clone", "--quiet", "--no-hardlinks", ROOT, clone], ROOT);
    symlinkSync(join(ROOT, "node_modules"), join(clone, "node_modules"));
    const first = releaseIn(clone, join(clone, "dist-first"));
    const manifest = JSON.parse(readFileSync(join(clone, ".synaps-plugin", "plugin.json"), "utf8"));
    expect(manifest.extension.prebuilt[HOST_TARGET.hostTriple]).toEqual({ url: `${BASE}${archiveName(HOST_TARGET)}`, sha256: sha256(first) });
    run([...GIT, "commit", "--quiet", "-am", "release: the prebuilt map"], clone);
    const second = releaseIn(clone, join(clone, "dist-second"));
    expect(sha256(second)).toBe(sha256(first));
    expect(JSON.parse(readFileSync(join(clone, ".synaps-plugin", "plugin.json"), "utf8"))).toEqual(manifest);
  }, 600_000);
});
