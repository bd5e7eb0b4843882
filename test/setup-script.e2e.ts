// scripts/setup.sh without the network: it must run on macOS's bash 3.2, read
// its options, and --check must say exactly what is wrong and what to run.
// Downloads from a served release are tested in test/release/.
import { afterAll, describe, expect, test } from "bun:test";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import packageJson from "../package.json" with { type: "json" };

const ROOT = join(import.meta.dir, "..");
const SCRIPT = join(ROOT, "scripts", "setup.sh");
const made: string[] = [];
afterAll(() => {
  for (const path of made) rmSync(path, { recursive: true, force: true });
});

function setup(args: string[], cwd = ROOT, script = SCRIPT) {
  const result = Bun.spawnSync(["bash", script, ...args], { cwd, env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: tmpdir() }, stdin: "ignore" });
  return { code: result.exitCode, stdout: result.stdout.toString(), stderr: result.stderr.toString() };
}

/** A plugin folder with the manifest and the script, and no binary. */
function emptyPluginFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), "synaps-policy-setup-"));
  made.push(dir);
  for (const path of [".synaps-plugin/plugin.json", "scripts/setup.sh"]) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    copyFileSync(join(ROOT, path), join(dir, path));
  }
  return dir;
}

/** Features of bash 4 and later that macOS's bash 3.2 does not have. */
const BASH4_ONLY: [string, RegExp][] = [
  ["mapfile/readarray", /\b(mapfile|readarray)\b/],
  ["case conversion ${x,,} ${x^^}", /\$\{[^}]*(,,|\^\^|,|\^)\}/],
  ["associative arrays", /\b(declare|local|typeset)\s+-[a-zA-Z]*A/],
  ["[[ -v name ]]", /\[\[\s+-v\s/],
  ["&>> and |&", /&>>|\|&/],
  ["coproc", /\bcoproc\b/],
  ["globstar/shopt features", /shopt\s+-s\s+(globstar|lastpipe)/],
  ["${var@Q} transformations", /\$\{[^}]*@[QEPAa]\}/],
  ["negative array index", /\$\{[A-Za-z_]+\[-\d+\]\}/],
];

describe("scripts/setup.sh", () => {
  test("is valid bash", () => {
    expect(Bun.spawnSync(["bash", "-n", SCRIPT]).exitCode).toBe(0);
  });

  test.each(BASH4_ONLY)("uses nothing newer than bash 3.2: %s", (_, pattern) => {
    const code = readFileSync(SCRIPT, "utf8")
      .split("\n")
      .filter((line) => !line.trimStart().startsWith("#"));
    expect(code.filter((line) => pattern.test(line))).toEqual([]);
  });

  test("--help prints the options", () => {
    const result = setup(["--help"]);
    expect(result.code).toBe(0);
    for (const option of ["--version TAG", "--base-url URL", "--check", "--update", "--from-source"]) expect(result.stdout).toContain(option);
  });

  test.each(["--frobnicate", "--version", "--base-url"])("%s is a usage error (exit 2)", (option) => {
    const result = setup([option]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("Usage: bash scripts/setup.sh");
  });

  test("--check passes on a folder whose binary starts and has the manifest's version", () => {
    const result = setup(["--check"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`ok: bin/synaps-policy is synaps-policy ${packageJson.version} and starts`);
  });

  test("--check on a folder without a binary says what to run", () => {
    const dir = emptyPluginFolder();
    const result = setup(["--check"], dir, join(dir, "scripts", "setup.sh"));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("bin/synaps-policy is not installed; run: bash scripts/setup.sh");
  });

  test("--from-source in a folder without sources says where to get a build", () => {
    const dir = emptyPluginFolder();
    const result = setup(["--from-source"], dir, join(dir, "scripts", "setup.sh"));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("no sources to build from");
    expect(result.stderr).toContain("https://github.com/synaps-policy/synaps-policy/releases");
  });
});

/** This machine's release target as setup.sh names it (linux-x64, darwin-arm64, …). */
const TARGET = `${process.platform}-${process.arch === "x64" ? "x64" : "arm64"}`;

/** A release folder served as file:// (curl reads it like https): one archive, built from `files`, and its SHA256SUMS. */
function servedRelease(build: (stage: string) => void): string {
  const release = mkdtempSync(join(tmpdir(), "synaps-policy-served-"));
  made.push(release);
  const stage = join(release, "stage");
  mkdirSync(join(stage, "bin"), { recursive: true });
  build(stage);
  const name = `synaps-policy-${packageJson.version}-${TARGET}.tar.gz`;
  expect(Bun.spawnSync(["tar", "-czf", join(release, name), "-C", stage, "."]).exitCode).toBe(0);
  const sha = new Bun.CryptoHasher("sha256").update(readFileSync(join(release, name))).digest("hex");
  writeFileSync(join(release, "SHA256SUMS"), `${sha}  ${name}\n`);
  return release;
}

describe("scripts/setup.sh given a hostile archive", () => {
  test.skipIf(process.platform === "win32")("a binary that is a symbolic link: the link's target is not chmod-ed or run, nothing is installed, and it says why", () => {
    const outside = join(mkdtempSync(join(tmpdir(), "synaps-policy-outside-")), "victim");
    made.push(join(outside, ".."));
    writeFileSync(outside, "#!/bin/sh\necho synaps-policy 0.1.0\n", { mode: 0o644 });
    const release = servedRelease((stage) => symlinkSync(outside, join(stage, "bin", "synaps-policy")));
    const dir = emptyPluginFolder();
    const result = setup(["--update", "--base-url", `file://${release}`], dir, join(dir, "scripts", "setup.sh"));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("symbolic link (bin/synaps-policy)");
    expect(result.stderr).toContain("nothing was installed");
    expect(statSync(outside).mode & 0o777).toBe(0o644);
    expect(existsSync(join(dir, "bin", "synaps-policy"))).toBe(false);
  });
});
