// What the release tests share: one build of every target, as `bun run
// release` makes it, and scratch folders. Each unpacked folder holds a
// 100+ MB binary, so everything made here is removed when the tests end
// (bun test fires no process "exit" event, hence test/release/teardown.ts).
import { expect } from "bun:test";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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

/** What a user has in a plugin folder: their policy, their audit log, their settings. */
const USER_FILE_TEXTS: Record<string, string> = {
  "policy.toml": "version = 1\n# my own rules\n",
  "logs/audit.jsonl": '{"old":true}\n',
  config: "audit_log = logs/mine.jsonl\n",
};

export function writeUserFiles(dir: string) {
  for (const [path, text] of Object.entries(USER_FILE_TEXTS)) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

export function expectUserFilesUntouched(dir: string) {
  for (const [path, text] of Object.entries(USER_FILE_TEXTS)) expect(readFileSync(join(dir, path), "utf8")).toBe(text);
}
