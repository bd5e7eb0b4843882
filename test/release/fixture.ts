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
/** Where the release writes the repository manifest with its prebuilt map (bun run release writes .synaps-plugin/plugin.json). */
export const REPOSITORY_MANIFEST_COPY = join(RELEASE_DIR, "..", `${RELEASE_DIR.split("/").pop()}-repository-plugin.json`);
const made: string[] = [RELEASE_DIR];

let building: Promise<ReleaseArtifact[]> | undefined;
/** What the release told its progress printer (what `bun run release` prints), one line at a time. */
export const progressLines: string[] = [];

/** Every target, built once per test run. */
export function release(): Promise<ReleaseArtifact[]> {
  building ??= buildRelease({
    targets: RELEASE_TARGETS,
    outDir: RELEASE_DIR,
    baseUrl: DOWNLOAD_BASE,
    repositoryManifest: REPOSITORY_MANIFEST_COPY,
    progress: (line) => progressLines.push(line),
  });
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
  rmSync(REPOSITORY_MANIFEST_COPY, { force: true });
}

export function sha256(path: string): string {
  return new Bun.CryptoHasher("sha256").update(readFileSync(path)).digest("hex");
}

/** What a user has in a plugin folder: their policy, their audit log, their settings. */
const USER_FILE_TEXTS: Record<string, string> = {
  "policy.toml": "version = 1\n# my own rules\n",
  "logs/audit.jsonl": '{"old":true}\n',
  config: "model_dry_run = true\n",
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

/** The user's own rule, in the user folder under `home`: what every upgrade path must keep applying. */
const USER_RULE_POLICY = `version = 1
include = ["builtin:destructive-fs"]

[[rule]]
id = "no-deploy-from-agents"
tool = "bash"
when = { command = "make", args = ["deploy"] }
decision = "block"
reason = "deploys are run by people"
`;

export function writeUserFolder(home: string) {
  const folder = join(home, ".synaps-cli", "synaps-policy");
  mkdirSync(join(folder, "logs"), { recursive: true });
  writeFileSync(join(folder, "policy.toml"), USER_RULE_POLICY);
  writeFileSync(
    join(folder, "logs", "audit.jsonl"),
    '{"time":"2026-01-01T00:00:00.000Z","hook":"before_tool_call","tool":"bash","decision":"block","rule":"no-deploy-from-agents"}\n',
  );
}

/** The folder's binary, run with that HOME, applies the user's rule and reads the user's old audit record. */
export function expectUserFolderInForce(binary: string, home: string) {
  const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home };
  const check = Bun.spawnSync([binary, "check", "bash", "make deploy"], { env });
  expect(check.stdout.toString()).toContain("no-deploy-from-agents");
  expect(check.exitCode).toBe(2);
  expect(Bun.spawnSync([binary, "log", "--json"], { env }).stdout.toString()).toContain('"time":"2026-01-01T00:00:00.000Z"');
  expect(readFileSync(join(home, ".synaps-cli", "synaps-policy", "policy.toml"), "utf8")).toBe(USER_RULE_POLICY);
}
