// Builds the synaps-policy executable at the path the manifest names.
//
//   bun run build            build for this machine (bin/synaps-policy)
//   bun run build --if-stale build only when a source is newer than the binary
//
// Used by `bun test` too (test/preload.ts), so a fresh clone tests what it builds.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import packageJson from "./package.json" with { type: "json" };

export const ROOT = import.meta.dir;
export const HOST_BINARY = join(ROOT, "bin", process.platform === "win32" ? "synaps-policy.exe" : "synaps-policy");

const ENTRY = join(ROOT, "src", "main.ts");
/** Everything whose change must produce a new binary. */
const INPUTS = ["src", "package.json", "bun.lock", "build.ts", "tsconfig.json"];

export function requireSupportedBun() {
  const wanted = packageJson.packageManager.replace(/^bun@/, "");
  if (compareVersions(Bun.version, wanted) < 0) {
    throw new Error(
      `synaps-policy is built and tested with Bun ${wanted}; this is Bun ${Bun.version}. ` +
        `Upgrade with: npm install -g bun@${wanted} --allow-scripts=bun   (or: bun upgrade)`,
    );
  }
}

export type BuildOptions = { target?: string; outfile: string };

export async function buildExecutable({ target, outfile }: BuildOptions): Promise<void> {
  requireSupportedBun();
  const result = await Bun.build({
    entrypoints: [ENTRY],
    compile: { outfile, ...(target ? { target: target as Bun.Build.CompileTarget } : {}) },
    minify: true,
    bytecode: true,
    format: "esm",
    sourcemap: "inline",
    define: {
      BUILD_COMMIT: JSON.stringify(gitCommit()),
      BUILD_DATE: JSON.stringify(sourceDate()),
      BUILD_TARGET: JSON.stringify(target?.replace(/^bun-/, "") ?? `${process.platform}-${process.arch}`),
    },
  });
  if (!result.success) {
    const messages = result.logs.map((log) => String(log)).join("\n");
    throw new Error(`build failed:\n${messages}`);
  }
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

function gitCommit(): string {
  const result = Bun.spawnSync(["git", "rev-parse", "--short=12", "HEAD"], { cwd: ROOT, stderr: "ignore" });
  return result.success ? result.stdout.toString().trim() : "unknown";
}

/** The last commit's date, so the same checkout builds the same bytes. */
function sourceDate(): string {
  const result = Bun.spawnSync(["git", "log", "-1", "--format=%cI"], { cwd: ROOT, stderr: "ignore" });
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

if (import.meta.main) {
  const args = process.argv.slice(2);
  const started = performance.now();
  if (args.includes("--if-stale") && !isStale()) {
    console.log(`${relative(process.cwd(), HOST_BINARY)} is up to date`);
  } else {
    await buildExecutable({ outfile: HOST_BINARY });
    const size = (statSync(HOST_BINARY).size / 1e6).toFixed(1);
    console.log(`built ${relative(process.cwd(), HOST_BINARY)} (${size} MB) in ${Math.round(performance.now() - started)} ms`);
  }
}
