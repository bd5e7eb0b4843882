// What the release tests share: one build of every target, as `bun run
// release` makes it, and scratch folders. Each unpacked folder holds a
// 100+ MB binary, so everything made here is removed when the tests end
// (bun test fires no process "exit" event, hence test/release/teardown.ts).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildRelease, RELEASE_TARGETS, type ReleaseArtifact, type ReleaseTarget } from "../../build.ts";

export const DOWNLOAD_BASE = "https://downloads.example.com/v1/";
export const RELEASE_DIR = mkdtempSync(join(tmpdir(), "synaps-policy-release-"));
const made: string[] = [RELEASE_DIR];

let building: Promise<ReleaseArtifact[]> | undefined;

/** Every target, built once per test run. */
export function release(): Promise<ReleaseArtifact[]> {
  building ??= buildRelease({ targets: RELEASE_TARGETS, outDir: RELEASE_DIR, baseUrl: DOWNLOAD_BASE });
  return building;
}

/** The target this machine runs. */
export const HOST_TARGET: ReleaseTarget = RELEASE_TARGETS.find((target) => target.name === `${process.platform === "win32" ? "windows" : process.platform}-${process.arch}`)!;

export function scratch(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `synaps-policy-${prefix}-`));
  made.push(dir);
  return dir;
}

/** Remove the scratch folders made so far (each test file, when it ends). */
export function removeScratch() {
  for (const path of made.splice(1)) rmSync(path, { recursive: true, force: true });
}

/** Remove the release build too: after every release test file (test/release/teardown.ts). */
export function removeAll() {
  removeScratch();
  rmSync(RELEASE_DIR, { recursive: true, force: true });
}

export function sha256(path: string): string {
  return new Bun.CryptoHasher("sha256").update(readFileSync(path)).digest("hex");
}
