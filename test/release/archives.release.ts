// The release: archives that are ready plugin folders, checksums, the
// marketplace manifest, a foreign binary, and the host-platform archive
// unpacked and started exactly as SynapsCLI starts a plugin.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { archiveName, buildRelease, RELEASE_TARGETS, type ReleaseArtifact } from "../build.ts";
import packageJson from "../package.json" with { type: "json" };
import { bashCall, ExtensionProcess } from "./harness.ts";

const HOST = RELEASE_TARGETS.find((target) => target.name === `${process.platform}-${process.arch}`)!;
const FOREIGN = RELEASE_TARGETS.find((target) => target.name === (process.arch === "arm64" ? "linux-x64" : "linux-arm64"))!;
const outDir = mkdtempSync(join(tmpdir(), "synaps-policy-release-"));
let artifacts: ReleaseArtifact[];
/** Each unpacked archive holds a 115 MB binary: everything made here is removed at the end. */
const made: string[] = [outDir];

beforeAll(async () => {
  artifacts = await buildRelease({ targets: [HOST, FOREIGN], outDir, baseUrl: "https://downloads.example.com/v1/" });
}, 240_000);

afterAll(() => {
  for (const path of made) rmSync(path, { recursive: true, force: true });
});

function sha256(path: string): string {
  return new Bun.CryptoHasher("sha256").update(readFileSync(path)).digest("hex");
}

function unpack(archive: string): string {
  const folder = mkdtempSync(join(tmpdir(), "synaps-policy-plugins-"));
  made.push(folder);
  const pluginDir = join(folder, "synaps-policy");
  Bun.spawnSync(["mkdir", "-p", pluginDir]);
  const result = Bun.spawnSync(["tar", "-xzf", archive, "-C", pluginDir]);
  expect(result.success).toBe(true);
  return pluginDir;
}

describe("release archives", () => {
  test("each archive is named with the version and target, and SHA256SUMS matches it", () => {
    const sums = readFileSync(join(outDir, "SHA256SUMS"), "utf8").trim().split("\n");
    expect(sums).toHaveLength(2);
    for (const artifact of artifacts) {
      expect(artifact.archive.endsWith(archiveName(artifact.target))).toBe(true);
      expect(archiveName(artifact.target)).toStartWith(`synaps-policy-${packageJson.version}-`);
      expect(sums).toContain(`${sha256(artifact.archive)}  ${archiveName(artifact.target)}`);
    }
  });

  test("an archive holds a ready plugin folder with an executable binary", () => {
    const listing = Bun.spawnSync(["tar", "-tzvf", artifacts[0]!.archive]).stdout.toString();
    for (const entry of [".synaps-plugin/plugin.json", "bin/synaps-policy", "policy.toml", "policy.schema.json", "README.md", "LICENSE"]) {
      expect(listing).toContain(entry);
    }
    expect(listing).toMatch(/-rwxr-xr-x 0\/0 +\d+ [\d-]+ [\d:]+ bin\/synaps-policy\n/);
    expect(listing).not.toContain(".map");
  });

  test("the marketplace manifest maps host triples to archive URLs and checksums", () => {
    const manifest = JSON.parse(readFileSync(join(outDir, "plugin.json"), "utf8"));
    expect(manifest.version).toBe(packageJson.version);
    for (const artifact of artifacts) {
      expect(manifest.extension.prebuilt[artifact.target.hostTriple]).toEqual({
        url: `https://downloads.example.com/v1/${archiveName(artifact.target)}`,
        sha256: artifact.sha256,
      });
    }
  });

  test("the foreign binary is built for its architecture", () => {
    const pluginDir = unpack(artifacts[1]!.archive);
    const header = readFileSync(join(pluginDir, "bin", "synaps-policy")).subarray(0, 20);
    expect([...header.subarray(0, 4)]).toEqual([0x7f, 0x45, 0x4c, 0x46]); // ELF
    const machine = header.readUInt16LE(18);
    expect(machine).toBe(FOREIGN.name.endsWith("arm64") ? 0xb7 : 0x3e); // EM_AARCH64 / EM_X86_64
  });
});

describe("the host archive, unpacked into a plugins folder", () => {
  test("starts as SynapsCLI starts it and answers the handshake, a hook and shutdown", async () => {
    const pluginDir = unpack(artifacts[0]!.archive);
    const manifest = JSON.parse(readFileSync(join(pluginDir, ".synaps-plugin", "plugin.json"), "utf8"));
    const command = join(pluginDir, manifest.extension.command);
    expect(statSync(command).mode & 0o111).not.toBe(0);
    const ext = new ExtensionProcess({
      binary: command,
      cwd: pluginDir,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: process.env.HOME ?? "/root", LANG: "C.UTF-8", TERM: "dumb" },
    });
    const init = await ext.request("initialize", { synaps_version: "test", extension_protocol_version: 1, plugin_id: "synaps-policy", plugin_root: pluginDir, config: { policy_file: "policy.toml", audit_log: "logs/audit.jsonl" } });
    expect(init.result.protocol_version).toBe(1);
    expect((await ext.request("hook.handle", bashCall("rm -rf ~"))).result.action).toBe("block");
    expect((await ext.request("hook.handle", bashCall("ls"))).result.action).toBe("continue");
    expect((await ext.request("shutdown", null)).result).toBeNull();
    expect(await ext.exitCode()).toBe(0);
    expect(statSync(join(pluginDir, "logs", "audit.jsonl")).size).toBeGreaterThan(0);
  });

  test("its --version names the package version and its target", () => {
    const pluginDir = unpack(artifacts[0]!.archive);
    const output = Bun.spawnSync([join(pluginDir, "bin", "synaps-policy"), "--version"]).stdout.toString();
    expect(output).toStartWith(`synaps-policy ${packageJson.version} (`);
    expect(output).toContain(HOST.name);
  });
});
