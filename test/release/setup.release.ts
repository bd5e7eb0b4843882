// scripts/setup.sh against a release served from 127.0.0.1, run the way
// SynapsCLI runs it after a marketplace install or a git clone: `bash
// scripts/setup.sh` in a copy of the repository, which holds no binary.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { archiveName, ROOT } from "../../build.ts";
import packageJson from "../../package.json" with { type: "json" };
import {
  expectUserFilesUntouched,
  expectUserFolderInForce,
  HOST_TARGET,
  release,
  RELEASE_DIR,
  removeScratch,
  scratch,
  sha256,
  writeUserFiles,
  writeUserFolder,
} from "./fixture.ts";

const VERSION = packageJson.version;
const HOST_ARCHIVE = archiveName(HOST_TARGET);
let server: ReturnType<typeof Bun.serve>;
const requests: string[] = [];
let corruptArchive: Uint8Array;

/**
 * The release, served under a few prefixes: /good/ as built, /corrupt/ with
 * one byte of the archive changed (SHA256SUMS as built), /noasset/ with no
 * archive for this platform, /gh/releases/… laid out as GitHub lays it out.
 */
function serveRelease(path: string): Response {
  requests.push(path);
  const [, variant, ...rest] = path.split("/");
  const file = variant === "gh" ? rest.at(-1)! : rest.join("/");
  const onDisk = join(RELEASE_DIR, basename(file));
  if (!existsSync(onDisk) || file.includes("..")) return new Response("not found", { status: 404 });
  if (variant === "corrupt" && file === HOST_ARCHIVE) return new Response(corruptArchive);
  if (variant === "noasset" && file === "SHA256SUMS") {
    const sums = readFileSync(onDisk, "utf8")
      .split("\n")
      .filter((line) => !line.includes(`-${HOST_TARGET.name}.`));
    return new Response(sums.join("\n"));
  }
  return new Response(Bun.file(onDisk));
}

beforeAll(async () => {
  await release();
  const archive = new Uint8Array(readFileSync(join(RELEASE_DIR, HOST_ARCHIVE)));
  archive[Math.floor(archive.length / 2)]! ^= 0xff;
  corruptArchive = archive;
  server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: (request) => serveRelease(new URL(request.url).pathname) });
}, 600_000);

afterAll(() => {
  server?.stop(true);
  removeScratch();
});

const url = (variant: string) => `http://127.0.0.1:${server.port}/${variant}/`;

/** The repository as a fresh clone has it (tracked and new files, nothing ignored: no bin/, no node_modules/). */
function repositoryCopy(options: { userFiles?: boolean } = {}): string {
  const dir = join(scratch("clone"), "synaps-policy");
  const listed = Bun.spawnSync(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: ROOT }).stdout.toString();
  for (const path of listed.split("\0").filter(Boolean)) {
    if (!existsSync(join(ROOT, path))) continue;
    mkdirSync(join(dir, path, ".."), { recursive: true });
    copyFileSync(join(ROOT, path), join(dir, path));
    chmodSync(join(dir, path), statSync(join(ROOT, path)).mode & 0o777);
  }
  if (options.userFiles !== false) writeUserFiles(dir);
  return dir;
}

/** A PATH holding only the named tools (so a test can take away curl, or Bun). */
function toolbox(tools: string[]): string {
  const dir = scratch("path");
  for (const tool of tools) {
    const found = Bun.which(tool);
    if (!found) throw new Error(`this test needs ${tool} on PATH`);
    symlinkSync(found, join(dir, tool));
  }
  return dir;
}

const BASE_TOOLS = [
  "bash",
  "sh",
  "env",
  "uname",
  "sed",
  "awk",
  "head",
  "cut",
  "cat",
  "mkdir",
  "mktemp",
  "mv",
  "rm",
  "chmod",
  "tar",
  "gzip",
  "unzip",
  "sha256sum",
  "dirname",
  "tr",
  "ls",
];

type Run = { code: number; stdout: string; stderr: string };

/**
 * As the host runs it: `bash <script>` with the plugin folder as working
 * directory. Asynchronous, so the server in this process can answer it.
 */
async function setup(dir: string, args: string[], options: { path?: string; home?: string } = {}): Promise<Run> {
  const proc = Bun.spawn(["bash", join(dir, "scripts", "setup.sh"), ...args], {
    cwd: dir,
    env: { PATH: options.path ?? process.env.PATH ?? "/usr/bin:/bin", HOME: options.home ?? scratch("home"), NO_PROXY: "127.0.0.1", no_proxy: "127.0.0.1" },
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { code, stdout, stderr };
}

function expectInstalled(dir: string) {
  const binary = join(dir, "bin", "synaps-policy");
  expect(statSync(binary).mode & 0o111).not.toBe(0);
  expect(Bun.spawnSync([binary, "--version"]).stdout.toString()).toStartWith(`synaps-policy ${VERSION} (`);
}

/** No scratch folder or half-written file is left behind. */
function expectNoLeftovers(dir: string) {
  expect(readdirSync(dir).filter((name) => name.startsWith(".setup."))).toEqual([]);
  if (existsSync(join(dir, "bin"))) expect(readdirSync(join(dir, "bin"))).toEqual(existsSync(join(dir, "bin", "synaps-policy")) ? ["synaps-policy"] : []);
}

const archiveRequests = () => requests.filter((path) => path.endsWith(HOST_ARCHIVE)).length;

describe("setup.sh in a copy of the repository", () => {
  let dir: string;

  test("installs the release binary for this platform: checksum-verified, started, the user's files untouched", async () => {
    dir = repositoryCopy();
    const result = await setup(dir, ["--base-url", url("good")]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`checksum verified: ${HOST_ARCHIVE}`);
    expect(result.stdout).toContain(`installed synaps-policy ${VERSION} (${HOST_TARGET.name})`);
    expectInstalled(dir);
    expectUserFilesUntouched(dir);
    expectNoLeftovers(dir);
    for (const file of ["policy.example.toml", "policy.schema.json"]) expect(existsSync(join(dir, file))).toBe(true);
    // Files git tracks stay as the clone has them, so `git pull` keeps working.
    for (const file of [".synaps-plugin/plugin.json", "README.md", "scripts/setup.sh"]) expect(sha256(join(dir, file))).toBe(sha256(join(ROOT, file)));
  });

  test("run again, finds the binary current and downloads nothing", async () => {
    const before = requests.length;
    const result = await setup(dir, ["--base-url", url("good")]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("nothing to do");
    expect(requests.length).toBe(before);
  });

  test("--check passes without touching the network", async () => {
    const before = requests.length;
    const result = await setup(dir, ["--check"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`ok: bin/synaps-policy is synaps-policy ${VERSION} and starts`);
    expect(requests.length).toBe(before);
  });

  test("--update downloads the archive again and puts a new binary in place; the user's policy and log stay in force", async () => {
    const before = archiveRequests();
    const inode = statSync(join(dir, "bin", "synaps-policy")).ino;
    const home = scratch("home");
    writeUserFolder(home);
    const result = await setup(dir, ["--update", "--base-url", url("good")], { home });
    expectUserFolderInForce(join(dir, "bin", "synaps-policy"), home);
    expect(result.code).toBe(0);
    expect(archiveRequests()).toBe(before + 1);
    expect(statSync(join(dir, "bin", "synaps-policy")).ino).not.toBe(inode);
    expectInstalled(dir);
    expectUserFilesUntouched(dir);
    expectNoLeftovers(dir);
  });

  test("a corrupted archive is refused as possible tampering: the installed binary stays, nothing is left half-done, no build from source", async () => {
    const binary = join(dir, "bin", "synaps-policy");
    const [hash, inode] = [sha256(binary), statSync(binary).ino];
    const result = await setup(dir, ["--update", "--base-url", url("corrupt")]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`checksum mismatch for ${HOST_ARCHIVE}`);
    expect(result.stderr).toContain("corrupt or has been tampered with; nothing was installed");
    expect(result.stdout).not.toContain("building from source");
    expect([sha256(binary), statSync(binary).ino]).toEqual([hash, inode]);
    expect(existsSync(join(dir, "node_modules"))).toBe(false);
    expectUserFilesUntouched(dir);
    expectNoLeftovers(dir);
  });
});

describe("setup.sh refuses, and says why", () => {
  test("a corrupted archive in a fresh copy installs nothing", async () => {
    const dir = repositoryCopy();
    const result = await setup(dir, ["--base-url", url("corrupt")]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("checksum mismatch");
    expect(existsSync(join(dir, "bin", "synaps-policy"))).toBe(false);
    expectNoLeftovers(dir);
  });

  test("--version names a release other than the one served: nothing is installed", async () => {
    const dir = repositoryCopy();
    const result = await setup(dir, ["--version", "v9.9.9", "--base-url", url("good")]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`holds synaps-policy ${VERSION}, not v9.9.9; nothing was installed`);
    expect(existsSync(join(dir, "bin", "synaps-policy"))).toBe(false);
    expectNoLeftovers(dir);
  });

  test("no archive for this platform and no Bun: exactly what to do", async () => {
    const dir = repositoryCopy();
    const result = await setup(dir, ["--base-url", url("noasset")], { path: toolbox([...BASE_TOOLS, "curl"]) });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`has no archive for ${HOST_TARGET.name}`);
    expect(result.stderr).toContain(`Bun is not installed, so synaps-policy cannot be built here. Install Bun ${packageJson.packageManager.replace("bun@", "")}`);
    expect(result.stderr).toContain("then run: bash scripts/setup.sh --from-source");
    expect(existsSync(join(dir, "bin", "synaps-policy"))).toBe(false);
  });
});

describe("setup.sh finds its release", () => {
  /** A copy whose manifest's repository is the local server, laid out like GitHub. */
  function copyPointingAtServer(): string {
    const dir = repositoryCopy({ userFiles: false });
    const manifestFile = join(dir, ".synaps-plugin", "plugin.json");
    const manifest = readFileSync(manifestFile, "utf8").replace(/"repository": "[^"]*"/, `"repository": "http://127.0.0.1:${server.port}/gh"`);
    writeFileSync(manifestFile, manifest);
    return dir;
  }

  test("by default, the repository's latest release; with --version, that tag's", async () => {
    const dir = copyPointingAtServer();
    expect((await setup(dir, [])).code).toBe(0);
    expect(requests).toContain(`/gh/releases/latest/download/${HOST_ARCHIVE}`);
    expectInstalled(dir);
    expect((await setup(dir, ["--update", "--version", `v${VERSION}`])).code).toBe(0);
    expect(requests).toContain(`/gh/releases/download/v${VERSION}/${HOST_ARCHIVE}`);
  });

  test("with wget when there is no curl", async () => {
    const dir = repositoryCopy();
    const result = await setup(dir, ["--base-url", url("good")], { path: toolbox([...BASE_TOOLS, "wget"]) });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expectInstalled(dir);
  });

  test("with no archive for this platform but Bun at hand, builds from source, and the build starts", async () => {
    const dir = repositoryCopy();
    const result = await setup(dir, ["--base-url", url("noasset")], { path: toolbox([...BASE_TOOLS, "curl", "bun", "git"]), home: process.env.HOME });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("building from source instead");
    expect(result.stdout).toContain(`built synaps-policy ${VERSION}`);
    expectInstalled(dir);
    expectUserFilesUntouched(dir);
  }, 300_000);
});
