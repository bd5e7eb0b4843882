// The release: every archive installed as SynapsCLI's marketplace installs it
// (the marketplace manifest's one command checked at its exact path, files
// overwritten) and unpacked by hand, over a folder that holds the user's
// policy, audit log and settings; each binary built for its platform; the
// host's archive started exactly as SynapsCLI starts a plugin.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { archiveFiles, archiveName, RELEASE_TARGETS, type ReleaseArtifact, type ReleaseTarget } from "../../build.ts";
import packageJson from "../../package.json" with { type: "json" };
import { MARKETPLACE_COMMAND } from "../../src/cli/plugin-folder.ts";
import { bashCall, ExtensionProcess } from "../harness.ts";
import {
  DOWNLOAD_BASE,
  expectUserFilesUntouched,
  expectUserFolderInForce,
  HOST_TARGET,
  progressLines,
  release,
  RELEASE_DIR,
  REPOSITORY_MANIFEST_COPY,
  removeScratch,
  scratch,
  sha256,
  writeUserFiles,
  writeUserFolder,
} from "./fixture.ts";
import sourceManifest from "../../src/plugin/manifest.json" with { type: "json" };
import { marketplaceInstall, spawnedFile, unpackByHand, verifyCommand } from "./marketplace-installer.ts";

let artifacts: ReleaseArtifact[];
let marketplaceManifest: any;

beforeAll(async () => {
  artifacts = await release();
  marketplaceManifest = JSON.parse(readFileSync(join(RELEASE_DIR, "plugin.json"), "utf8"));
}, 600_000);

afterAll(() => removeScratch());

/** A plugin folder as a user has it. */
function folderWithUserFiles(): string {
  const dir = join(scratch("plugins"), "synaps-policy");
  writeUserFiles(dir);
  return dir;
}

/** The architecture a native executable is built for, from its header. */
function nativeArchitecture(file: string): string {
  const header = readFileSync(file).subarray(0, 4096);
  if (header.readUInt32BE(0) === 0x7f454c46) return { 0x3e: "linux-x64", 0xb7: "linux-arm64" }[header.readUInt16LE(18)] ?? "elf-?";
  if (header.readUInt32LE(0) === 0xfeedfacf) return { 0x01000007: "darwin-x64", 0x0100000c: "darwin-arm64" }[header.readUInt32LE(4)] ?? "macho-?";
  if (header.toString("latin1", 0, 2) === "MZ") {
    const pe = header.readUInt32LE(0x3c);
    return { 0x8664: "windows-x64", 0xaa64: "windows-arm64" }[header.readUInt16LE(pe + 4)] ?? "pe-?";
  }
  return "unknown";
}

const artifactFor = (target: ReleaseTarget) => artifacts.find((artifact) => artifact.target.name === target.name)!;

describe("the release", () => {
  test("each archive is named with the version and target, and SHA256SUMS matches it", () => {
    const sums = readFileSync(join(RELEASE_DIR, "SHA256SUMS"), "utf8").trim().split("\n");
    expect(sums).toHaveLength(artifacts.length);
    for (const artifact of artifacts) {
      expect(artifact.archive.endsWith(archiveName(artifact.target))).toBe(true);
      expect(archiveName(artifact.target)).toStartWith(`synaps-policy-${packageJson.version}-`);
      expect(sums).toContain(`${sha256(artifact.archive)}  ${archiveName(artifact.target)}`);
    }
  });

  test("its progress names each target as it starts and when its archive is written", () => {
    expect(progressLines).toHaveLength(2 * artifacts.length);
    artifacts.forEach((artifact, index) => {
      const step = `[${index + 1}/${artifacts.length}] ${artifact.target.name}: `;
      expect(progressLines[2 * index]).toStartWith(`${step}compiling for ${artifact.target.bunTarget}`);
      expect(progressLines[2 * index + 1]).toStartWith(step);
      expect(progressLines[2 * index + 1]).toContain(archiveName(artifact.target));
    });
  });

  test("the marketplace manifest names one command and maps every host triple to its archive", () => {
    expect(marketplaceManifest.version).toBe(packageJson.version);
    expect(marketplaceManifest.extension.command).toBe(MARKETPLACE_COMMAND);
    expect(Object.keys(marketplaceManifest.extension.prebuilt).sort()).toEqual(artifacts.map((artifact) => artifact.target.hostTriple).sort());
    for (const artifact of artifacts) {
      expect(marketplaceManifest.extension.prebuilt[artifact.target.hostTriple]).toEqual({ url: `${DOWNLOAD_BASE}${archiveName(artifact.target)}`, sha256: artifact.sha256 });
    }
  });
});

describe("the repository manifest the release writes", () => {
  test("is the source manifest plus a prebuilt map naming exactly these archives and hashes, for every platform", () => {
    const repository = JSON.parse(readFileSync(REPOSITORY_MANIFEST_COPY, "utf8"));
    const { prebuilt, ...rest } = repository.extension;
    expect({ ...repository, extension: rest }).toEqual(sourceManifest);
    expect(Object.keys(prebuilt).sort()).toEqual(RELEASE_TARGETS.map((target) => target.hostTriple).sort());
    for (const artifact of artifacts) {
      expect(prebuilt[artifact.target.hostTriple]).toEqual({ url: `${DOWNLOAD_BASE}${archiveName(artifact.target)}`, sha256: sha256(artifact.archive) });
    }
    // /plugins installs from it with the archive: the setup script is only the fallback.
    expect(repository.extension.setup).toBe(sourceManifest.extension.setup);
  });
});

describe.each(RELEASE_TARGETS.map((target) => [target.name, target] as const))("the %s archive", (name, target) => {
  const archive = () => artifactFor(target).archive;

  test("holds exactly the planned files, executables with their bit set", () => {
    const listing = archive().endsWith(".zip") ? Bun.spawnSync(["unzip", "-Z", archive()]).stdout.toString() : Bun.spawnSync(["tar", "-tvzf", archive()]).stdout.toString();
    const files = listing
      .split("\n")
      .filter((line) => /^-/.test(line))
      .map((line) => line.split(/\s+/).pop()!);
    expect(files.sort()).toEqual(archiveFiles(target).sort());
    for (const line of listing.split("\n").filter((entry) => /\s(bin\/\S+|scripts\/setup\.sh)$/.test(entry))) expect(line).toMatch(/^-rwxr-xr-x/);
    expect(listing).not.toContain(".map");
  });

  test("installs through the marketplace over a user's folder: the command passes the exact-path check, the user's files are untouched", () => {
    const dir = folderWithUserFiles();
    expect(marketplaceInstall(dir, archive(), marketplaceManifest.extension.command, target.platform)).toEqual({ ok: true });
    expectUserFilesUntouched(dir);
    const started = spawnedFile(dir, marketplaceManifest.extension.command, target.platform);
    expect(nativeArchitecture(started)).toBe(name);
    // After extraction the folder's own manifest is the archive's: its command must hold too.
    const own = JSON.parse(readFileSync(join(dir, ".synaps-plugin", "plugin.json"), "utf8"));
    expect(verifyCommand(dir, own.extension.command, target.platform)).toEqual({ ok: true });
    expect(nativeArchitecture(spawnedFile(dir, own.extension.command, target.platform))).toBe(name);
  });

  test("unpacked by hand over a user's folder, leaves the user's files untouched", () => {
    const dir = folderWithUserFiles();
    expect(unpackByHand(archive(), dir)).toEqual({ ok: true });
    expect(unpackByHand(archive(), dir)).toEqual({ ok: true });
    expectUserFilesUntouched(dir);
    expect(readFileSync(join(dir, "policy.example.toml"), "utf8")).toStartWith("#:schema ./policy.schema.json");
    if (target === HOST_TARGET) {
      const home = scratch("home");
      writeUserFolder(home);
      expectUserFolderInForce(join(dir, "bin", "synaps-policy"), home);
    }
  });
});

describe("the host's archive, installed through the marketplace", () => {
  test("starts as SynapsCLI starts it and answers the handshake, a hook and shutdown", async () => {
    const pluginDir = join(scratch("plugins"), "synaps-policy");
    mkdirSync(pluginDir, { recursive: true });
    expect(marketplaceInstall(pluginDir, artifactFor(HOST_TARGET).archive, marketplaceManifest.extension.command, HOST_TARGET.platform)).toEqual({ ok: true });
    const manifest = JSON.parse(readFileSync(join(pluginDir, ".synaps-plugin", "plugin.json"), "utf8"));
    const command = join(pluginDir, manifest.extension.command);
    expect(statSync(command).mode & 0o111).not.toBe(0);
    const ext = new ExtensionProcess({
      binary: command,
      cwd: pluginDir,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: process.env.HOME ?? "/root", LANG: "C.UTF-8", TERM: "dumb" },
    });
    const init = await ext.request("initialize", {
      synaps_version: "test",
      extension_protocol_version: 1,
      plugin_id: "synaps-policy",
      plugin_root: pluginDir,
      config: { policy_file: "policy.toml", audit_log: "logs/audit.jsonl" },
    });
    expect(init.result.protocol_version).toBe(1);
    expect((await ext.request("hook.handle", bashCall("rm -rf ~"))).result.action).toBe("block");
    expect((await ext.request("hook.handle", bashCall("ls"))).result.action).toBe("continue");
    expect((await ext.request("shutdown", null)).result).toBeNull();
    expect(await ext.exitCode()).toBe(0);
    expect(statSync(join(pluginDir, "logs", "audit.jsonl")).size).toBeGreaterThan(0);
    const version = Bun.spawnSync([command, "--version"]).stdout.toString();
    expect(version).toStartWith(`synaps-policy ${packageJson.version} (`);
    expect(version).toContain(HOST_TARGET.name);
  });
});

describe("the host's archive, downloaded by hand", () => {
  test("unpacks to a binary whose install lays out a working plugin folder", () => {
    const unpacked = scratch("download");
    expect(unpackByHand(artifactFor(HOST_TARGET).archive, unpacked)).toEqual({ ok: true });
    const pluginDir = join(scratch("plugins"), "synaps-policy");
    const home = scratch("home");
    const install = Bun.spawnSync([join(unpacked, "bin", "synaps-policy"), "install", pluginDir], { env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home } });
    expect(install.exitCode).toBe(0);
    expect(readFileSync(join(home, ".synaps-cli", "synaps-policy", "policy.toml"), "utf8")).toBe(readFileSync(join(unpacked, "policy.example.toml"), "utf8"));
    expect(verifyCommand(pluginDir, JSON.parse(readFileSync(join(pluginDir, ".synaps-plugin", "plugin.json"), "utf8")).extension.command, HOST_TARGET.platform)).toEqual({
      ok: true,
    });
    expect(Bun.spawnSync([join(pluginDir, "bin", "synaps-policy"), "check", "bash", "rm -rf ~"], { env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home } }).exitCode).toBe(
      2,
    );
  });
});
