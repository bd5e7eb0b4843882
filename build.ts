// Builds the synaps-policy executable at the path the manifest names, and the
// release archives.
//
//   bun run build                      build for this machine (bin/synaps-policy)
//   bun run build --if-stale           build only when a source is newer than the binary
//   bun run release                    = bun run build --release: every target, into dist/
//   bun run build --release --targets linux-x64,linux-arm64 --base-url URL --out DIR
//   bun run build --sync-manifest      rewrite .synaps-plugin/plugin.json from src/plugin/manifest.json
//   bun run build --record-order       build, record which functions a start up to the first hook uses, build again by it
//
// The repository's .synaps-plugin/plugin.json is what SynapsCLI's /plugins
// reads from a fresh clone: src/plugin/manifest.json plus this version's
// `prebuilt` map, which `bun run release` writes into it (commit it with the
// tag). The binary embeds only src/plugin/manifest.json, and its commit id and
// date come from the newest commit that changed anything but that file, so
// the commit that adds the map builds the same archives the map names.
//
// Used by `bun test` too (test/preload.ts), so a fresh clone tests what it builds.
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import packageJson from "./package.json" with { type: "json" };
import { manifestFor, manifestText, type Manifest } from "./src/cli/manifest.ts";
import {
  executableFiles,
  executablePath,
  MARKETPLACE_COMMAND,
  type Platform,
  platformOf,
  SCHEMA_FILE,
  SETUP_SCRIPT,
  STARTER_POLICY_FILE,
  WINDOWS_COMMAND_STUB,
} from "./src/cli/plugin-folder.ts";
import { policyJsonSchema } from "./src/cli/schema.ts";
import defaultPolicyText from "./src/policy/default-policy.toml" with { type: "text" };
import manifestJson from "./src/plugin/manifest.json" with { type: "json" };

export const ROOT = import.meta.dir;
export const HOST_BINARY = join(ROOT, executablePath(platformOf(process.platform)));

const ENTRY = join(ROOT, "src", "main.ts");
/**
 * Which functions a start up to the first hook answered runs, in order (`--record-order`): the bytecode is laid out
 * by it, so the executable reads and decodes less of itself before that answer. Functions are matched by a hash of
 * their syntax, so an older recording still applies to changed code (record again when much has changed).
 */
const BYTECODE_ORDER = join(ROOT, "build", "bytecode.order");
/**
 * JavaScriptCore's tier-up thresholds are multiplied by this until the first hook is answered (the extension then
 * sets the normal policy): start-up code runs once, and compiling it cost more CPU than it saved. 256 rather than 8
 * keeps nearly all of it in the interpreter: −9 to −15 % of the CPU to the first hook, also with 1,000 user rules
 * (whole-process pairs, issue 27); a hook's own hot paths are compiled once it is answered.
 */
const START_JIT_POLICY = 256;
/** Everything whose change must produce a new binary (README, LICENSE and the setup script are embedded for `install`). */
const INPUTS = ["src", "package.json", "bun.lock", "build.ts", "tsconfig.json", "README.md", "LICENSE", "scripts", "build"];

/** The repository manifest: src/plugin/manifest.json plus the release's prebuilt map. */
export const REPOSITORY_MANIFEST = join(ROOT, ".synaps-plugin", "plugin.json");

/** What the binary's build id is taken from: every commit but one that only wrote the repository manifest (the prebuilt map). */
const SOURCE_PATHSPEC = ["--", ".", ":(exclude).synaps-plugin/plugin.json"];

export function requireSupportedBun() {
  const wanted = packageJson.packageManager.replace(/^bun@/, "");
  if (compareVersions(Bun.version, wanted) < 0) {
    throw new Error(
      `synaps-policy is built and tested with Bun ${wanted}; this is Bun ${Bun.version}. ` + `Upgrade with: npm install -g bun@${wanted} --allow-scripts=bun   (or: bun upgrade)`,
    );
  }
}

/** `managedPolicyFile`: only for a test's own executable — where it reads the managed policy; a release has none (managed-file.ts). */
export type BuildOptions = { target?: string; outfile: string; managedPolicyFile?: string };

export async function buildExecutable({ target, outfile, managedPolicyFile }: BuildOptions): Promise<void> {
  requireSupportedBun();
  const result = await Bun.build({
    entrypoints: [ENTRY],
    compile: {
      outfile,
      ...(target ? { target: target as Bun.Build.CompileTarget } : {}),
      bytecodeOrder: existsSync(BYTECODE_ORDER) && BYTECODE_ORDER,
      jitPolicy: START_JIT_POLICY,
      // A compiled Bun program would read bunfig.toml and .env from whatever directory it runs in: a cloned
      // repository's bunfig `preload` ran its code, and its .env could name another policy file, when anyone ran
      // `synaps-policy check` there. The guard's settings come from its own places only.
      autoloadBunfig: false,
      autoloadDotenv: false,
    },
    minify: true,
    bytecode: true,
    format: "esm",
    sourcemap: "inline",
    define: {
      BUILD_COMMIT: JSON.stringify(gitCommit()),
      BUILD_DATE: JSON.stringify(sourceDate()),
      BUILD_TARGET: JSON.stringify(target?.replace(/^bun-/, "") ?? `${process.platform}-${process.arch}`),
      ...(managedPolicyFile !== undefined ? { MANAGED_POLICY_FILE: JSON.stringify(managedPolicyFile) } : {}),
    },
  });
  if (!result.success) {
    const messages = result.logs.map((log) => String(log)).join("\n");
    throw new Error(`build failed:\n${messages}`);
  }
  // The source map is embedded in the executable; the copy beside it is not needed.
  rmSync(`${outfile}.map`, { force: true });
  rmSync(`${outfile.replace(/\.exe$/, "")}.map`, { force: true });
}

/** The newest modification time among the build inputs, in ms. */
function newestInputTime(): number {
  let newest = 0;
  const visit = (path: string) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) visit(join(path, entry));
      return;
    }
    newest = Math.max(newest, stat.mtimeMs);
  };
  for (const input of INPUTS) visit(join(ROOT, input));
  return newest;
}

export function isStale(binary: string = HOST_BINARY): boolean {
  if (!existsSync(binary)) return true;
  return statSync(binary).mtimeMs < newestInputTime();
}

export async function buildHostIfStale(): Promise<boolean> {
  if (!isStale()) return false;
  await buildExecutable({ outfile: HOST_BINARY });
  return true;
}

/**
 * Build, run the executable the way the host starts it up to the first hook answered (initialize, one bash
 * hook, shutdown) while Bun records the functions it uses, then build again laid out by that recording.
 */
async function recordBytecodeOrder(): Promise<void> {
  rmSync(BYTECODE_ORDER, { force: true });
  await buildExecutable({ outfile: HOST_BINARY });
  mkdirSync(join(BYTECODE_ORDER, ".."), { recursive: true });
  const plugin = mkdtempSync(join(tmpdir(), "synaps-policy-order-"));
  try {
    const child = Bun.spawn([HOST_BINARY], { cwd: plugin, stdin: "pipe", stdout: "pipe", stderr: "ignore", env: { ...process.env, BUN_BYTECODE_ORDER_OUT: BYTECODE_ORDER } });
    const frame = (id: number, method: string, params: unknown) => {
      const body = JSON.stringify({ jsonrpc: "2.0", id, method, params });
      return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    };
    const hook = { kind: "before_tool_call", tool_name: "bash", tool_input: { command: "git status && git diff --stat | head -20" }, session_id: "order" };
    child.stdin.write(frame(1, "initialize", { extension_protocol_version: 1, plugin_root: plugin, config: {} }) + frame(2, "hook.handle", hook));
    await child.stdin.flush();
    let seen = "";
    const decoder = new TextDecoder();
    for await (const chunk of child.stdout) {
      seen += decoder.decode(chunk);
      if (seen.includes('"id":2')) break;
    }
    child.stdin.write(frame(3, "shutdown", null));
    await child.stdin.end();
    await child.exited;
  } finally {
    rmSync(plugin, { recursive: true, force: true });
  }
  if (!existsSync(BYTECODE_ORDER)) throw new Error("the executable wrote no bytecode order (BUN_BYTECODE_ORDER_OUT)");
  await buildExecutable({ outfile: HOST_BINARY });
}

function gitCommit(): string {
  const result = Bun.spawnSync(["git", "log", "-1", "--format=%H", ...SOURCE_PATHSPEC], { cwd: ROOT, stderr: "ignore" });
  const commit = result.success ? result.stdout.toString().trim().slice(0, 12) : "";
  return commit || "unknown";
}

/** The source commit's date, so the same checkout builds the same bytes. */
function sourceDate(): string {
  const result = Bun.spawnSync(["git", "log", "-1", "--format=%cI", ...SOURCE_PATHSPEC], { cwd: ROOT, stderr: "ignore" });
  const date = result.success ? result.stdout.toString().trim() : "";
  return date || "unknown";
}

function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.-]/).map((part) => Number.parseInt(part, 10) || 0);
  const pb = b.split(/[.-]/).map((part) => Number.parseInt(part, 10) || 0);
  for (let i = 0; i < 3; i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

/** A release target: Bun's compile target, the host triple SynapsCLI's marketplace uses, the archive kind. */
export type ReleaseTarget = { name: string; bunTarget: string; hostTriple: string; platform: Platform; archive: "tar.gz" | "zip" };

export const RELEASE_TARGETS: ReleaseTarget[] = [
  { name: "linux-x64", bunTarget: "bun-linux-x64", hostTriple: "linux-x86_64", platform: "linux", archive: "tar.gz" },
  { name: "linux-arm64", bunTarget: "bun-linux-arm64", hostTriple: "linux-arm64", platform: "linux", archive: "tar.gz" },
  { name: "darwin-x64", bunTarget: "bun-darwin-x64", hostTriple: "darwin-x86_64", platform: "darwin", archive: "tar.gz" },
  { name: "darwin-arm64", bunTarget: "bun-darwin-arm64", hostTriple: "darwin-arm64", platform: "darwin", archive: "tar.gz" },
  { name: "windows-x64", bunTarget: "bun-windows-x64", hostTriple: "windows-x86_64", platform: "windows", archive: "zip" },
  { name: "windows-arm64", bunTarget: "bun-windows-arm64", hostTriple: "windows-arm64", platform: "windows", archive: "zip" },
];

export const DEFAULT_BASE_URL = `${manifestJson.repository}/releases/download/v${packageJson.version}/`;

export type ReleaseOptions = {
  targets: ReleaseTarget[];
  outDir: string;
  baseUrl: string;
  /** Where to write the repository manifest with the prebuilt map (`bun run release`: REPOSITORY_MANIFEST); none when undefined. */
  repositoryManifest?: string;
  /** Told one line as each target starts and as its archive is written (`bun run release` prints them). */
  progress?: (line: string) => void;
};
export type ReleaseArtifact = { target: ReleaseTarget; archive: string; sha256: string };

/** Build every target into a ready plugin folder, archive it reproducibly, and write SHA256SUMS and the marketplace manifest. */
export async function buildRelease({ targets, outDir, baseUrl, repositoryManifest, progress = () => {} }: ReleaseOptions): Promise<ReleaseArtifact[]> {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const artifacts: ReleaseArtifact[] = [];
  for (const [index, target] of targets.entries()) {
    // Bun prints its own bare download lines when it fetches a target's runtime; this names the target they belong to.
    const step = `[${index + 1}/${targets.length}] ${target.name}`;
    progress(`${step}: compiling for ${target.bunTarget} (the first build of a target downloads its Bun runtime)`);
    const artifact = await releaseTarget(target, outDir);
    progress(`${step}: ${relative(process.cwd(), artifact.archive)} (${(statSync(artifact.archive).size / 1e6).toFixed(1)} MB)`);
    artifacts.push(artifact);
  }
  const sums = artifacts.map((artifact) => `${artifact.sha256}  ${relative(outDir, artifact.archive)}`).join("\n");
  writeFileSync(join(outDir, "SHA256SUMS"), `${sums}\n`);
  writeFileSync(join(outDir, "plugin.json"), manifestText(marketplaceManifest(artifacts, baseUrl)));
  if (repositoryManifest !== undefined) writeFileSync(repositoryManifest, repositoryManifestText(prebuiltMap(artifacts, baseUrl)));
  rmSync(join(outDir, "stage"), { recursive: true, force: true });
  return artifacts;
}

type Prebuilt = Record<string, { url: string; sha256: string }>;

/**
 * The repository manifest: the source manifest as it is (setup script,
 * command, settings), plus the prebuilt map when there is one, so a
 * /plugins install from the repository downloads the archive on every
 * platform (Windows included, where setup scripts never run).
 */
export function repositoryManifestText(prebuilt: Prebuilt | undefined): string {
  const extension = prebuilt === undefined ? manifestJson.extension : { ...manifestJson.extension, prebuilt };
  return `${JSON.stringify({ ...manifestJson, extension }, null, 2)}\n`;
}

/** The prebuilt map the repository manifest holds now, when it is for this version's archives; else none. */
export function currentPrebuilt(file: string = REPOSITORY_MANIFEST): Prebuilt | undefined {
  try {
    const prebuilt = JSON.parse(readFileSync(file, "utf8")).extension?.prebuilt as Prebuilt | undefined;
    const names = new Set(RELEASE_TARGETS.map(archiveName));
    const current = prebuilt !== undefined && Object.values(prebuilt).every((entry) => names.has(entry.url.split("/").pop() ?? ""));
    return current ? prebuilt : undefined;
  } catch {
    return undefined;
  }
}

function prebuiltMap(artifacts: ReleaseArtifact[], baseUrl: string): Prebuilt {
  return Object.fromEntries(
    artifacts.map((artifact) => [
      artifact.target.hostTriple,
      { url: new URL(archiveName(artifact.target), baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`).toString(), sha256: artifact.sha256 },
    ]),
  );
}

export function archiveName(target: ReleaseTarget): string {
  return `synaps-policy-${packageJson.version}-${target.name}.${target.archive}`;
}

/**
 * The files of a release archive, as paths in the plugin folder. None of them
 * is the user's (USER_FILES): the marketplace extracts archives over an
 * installed folder, overwriting, and so does unpacking by hand.
 */
export function archiveFiles(target: ReleaseTarget): string[] {
  return [".synaps-plugin/plugin.json", ...executableFiles(target.platform), STARTER_POLICY_FILE, SCHEMA_FILE, "README.md", "LICENSE", SETUP_SCRIPT];
}

/** The text of every archive file but the binary, which is compiled. */
function archiveTexts(target: ReleaseTarget): Record<string, string> {
  const texts: Record<string, string> = {
    ".synaps-plugin/plugin.json": manifestText(manifestFor(target.platform, packageJson.version)),
    [STARTER_POLICY_FILE]: defaultPolicyText,
    [SCHEMA_FILE]: policyJsonSchema(),
  };
  if (target.platform === "windows") texts[MARKETPLACE_COMMAND] = WINDOWS_COMMAND_STUB;
  return texts;
}

async function releaseTarget(target: ReleaseTarget, outDir: string): Promise<ReleaseArtifact> {
  const stage = join(outDir, "stage", target.name);
  await buildExecutable({ target: target.bunTarget, outfile: join(stage, executablePath(target.platform)) });
  for (const [path, text] of Object.entries(archiveTexts(target))) {
    mkdirSync(join(stage, path, ".."), { recursive: true });
    writeFileSync(join(stage, path), text);
  }
  for (const path of ["README.md", "LICENSE", SETUP_SCRIPT]) {
    mkdirSync(join(stage, path, ".."), { recursive: true });
    copyFileSync(join(ROOT, path), join(stage, path));
  }
  const entries = [...new Set(archiveFiles(target).map((path) => path.split("/")[0]!))];
  normalizeTree(stage, [...executableFiles(target.platform), SETUP_SCRIPT]);
  const archive = join(outDir, archiveName(target));
  if (target.archive === "zip") run(["zip", "-q", "-X", "-r", "-D", "-9", archive, ...entries], stage);
  else
    run(["sh", "-c", `tar --sort=name --format=gnu --owner=0 --group=0 --numeric-owner --mtime=@${sourceEpoch()} -cf - ${entries.join(" ")} | gzip -n -9 > "${archive}"`], stage);
  const sha256 = new Bun.CryptoHasher("sha256").update(await Bun.file(archive).arrayBuffer()).digest("hex");
  return { target, archive, sha256 };
}

/** Same modes and times on every build, so the archives come out byte for byte the same. */
function normalizeTree(stage: string, executables: string[]) {
  const epoch = sourceEpoch();
  const visit = (path: string) => {
    const stat = statSync(path);
    if (stat.isDirectory()) {
      chmodSync(path, 0o755);
      for (const entry of readdirSync(path)) visit(join(path, entry));
    } else {
      chmodSync(path, executables.includes(relative(stage, path)) ? 0o755 : 0o644);
    }
    utimesSync(path, epoch, epoch);
  };
  visit(stage);
}

/**
 * The manifest the marketplace installs from: one command for every platform
 * (read before extracting, then checked at that exact path), and per host
 * triple the archive to extract. Windows archives hold that command as a stub
 * beside the .exe, which is what Windows then starts.
 */
function marketplaceManifest(artifacts: ReleaseArtifact[], baseUrl: string): Manifest {
  const base = manifestFor("linux", packageJson.version);
  const prebuilt = prebuiltMap(artifacts, baseUrl);
  return { ...base, extension: { ...base.extension, command: MARKETPLACE_COMMAND, entry_point: MARKETPLACE_COMMAND, prebuilt } };
}

function run(cmd: string[], cwd: string) {
  const result = Bun.spawnSync(cmd, { cwd, stdout: "pipe", stderr: "pipe" });
  if (!result.success) throw new Error(`${cmd.join(" ")} failed: ${result.stderr.toString()}`);
}

/** Seconds since the epoch of the last commit (SOURCE_DATE_EPOCH wins), for reproducible archives. */
function sourceEpoch(): number {
  const fromEnv = Number(process.env.SOURCE_DATE_EPOCH);
  if (Number.isFinite(fromEnv) && fromEnv > 0) return fromEnv;
  const result = Bun.spawnSync(["git", "log", "-1", "--format=%ct", ...SOURCE_PATHSPEC], { cwd: ROOT, stderr: "ignore" });
  const epoch = Number(result.stdout.toString().trim());
  return Number.isFinite(epoch) && epoch > 0 ? epoch : 0;
}

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

function releaseTargetsFrom(list: string | undefined): ReleaseTarget[] {
  if (!list) return RELEASE_TARGETS;
  return list.split(",").map((name) => {
    const target = RELEASE_TARGETS.find((candidate) => candidate.name === name.trim());
    if (!target) throw new Error(`unknown target ${name}; the targets are ${RELEASE_TARGETS.map((candidate) => candidate.name).join(", ")}`);
    return target;
  });
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const started = performance.now();
  if (args.includes("--release")) {
    const outDir = option(args, "--out") ?? join(ROOT, "dist");
    const targets = releaseTargetsFrom(option(args, "--targets"));
    // Only a release of every target names every platform in the repository manifest.
    const repositoryManifest = targets.length === RELEASE_TARGETS.length && !args.includes("--no-repository-manifest") ? REPOSITORY_MANIFEST : undefined;
    const artifacts = await buildRelease({ targets, outDir, baseUrl: option(args, "--base-url") ?? DEFAULT_BASE_URL, repositoryManifest, progress: (line) => console.log(line) });
    for (const artifact of artifacts) console.log(`${artifact.sha256}  ${relative(process.cwd(), artifact.archive)}`);
    console.log(
      `wrote ${relative(process.cwd(), join(outDir, "SHA256SUMS"))} and ${relative(process.cwd(), join(outDir, "plugin.json"))} (prebuilt map) in ${Math.round(performance.now() - started)} ms`,
    );
    if (repositoryManifest) console.log(`wrote the prebuilt map into ${relative(process.cwd(), repositoryManifest)}: commit it with the release tag`);
  } else if (args.includes("--sync-manifest")) {
    writeFileSync(REPOSITORY_MANIFEST, repositoryManifestText(currentPrebuilt()));
    console.log(`wrote ${relative(process.cwd(), REPOSITORY_MANIFEST)} from src/plugin/manifest.json`);
  } else if (args.includes("--record-order")) {
    await recordBytecodeOrder();
    console.log(`recorded ${relative(process.cwd(), BYTECODE_ORDER)} and built ${relative(process.cwd(), HOST_BINARY)} by it in ${Math.round(performance.now() - started)} ms`);
  } else if (args.includes("--if-stale") && !isStale()) {
    console.log(`${relative(process.cwd(), HOST_BINARY)} is up to date`);
  } else {
    await buildExecutable({ outfile: HOST_BINARY });
    const size = (statSync(HOST_BINARY).size / 1e6).toFixed(1);
    console.log(`built ${relative(process.cwd(), HOST_BINARY)} (${size} MB) in ${Math.round(performance.now() - started)} ms`);
  }
}
