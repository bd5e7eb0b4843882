// SynapsCLI's install of a prebuilt archive, step by step as the host's code
// does it (PROTOCOL.md, `prebuilt`): the command is read from the marketplace
// manifest before extracting; the archive is unpacked with the system's tar
// or unzip into a scratch folder inside the plugin folder; an entry that
// would escape is refused; everything is then copied over the plugin folder,
// overwriting what is there and keeping modes; last, the command must exist
// at that exact path and, except on Windows (no executable bit), be
// executable. At spawn, Windows appends .exe to a command without an
// extension when that file exists.
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { extname, isAbsolute, join } from "node:path";
import type { Platform } from "../../src/cli/plugin-folder.ts";

export type InstallOutcome = { ok: true } | { ok: false; why: string };

export function marketplaceInstall(pluginDir: string, archive: string, command: string, platform: Platform): InstallOutcome {
  const scratch = join(pluginDir, `.prebuilt-extract-${process.hrtime.bigint()}`);
  mkdirSync(scratch, { recursive: true });
  try {
    const listed = listEntries(archive);
    const escaping = listed.find((entry) => isAbsolute(entry) || entry.split("/").includes(".."));
    if (escaping) return { ok: false, why: `archive entry ${escaping} escapes the plugin folder` };
    const unpacked = unpack(archive, scratch, ["--no-same-owner", "--no-same-permissions"]);
    if (!unpacked.ok) return unpacked;
    copyOver(scratch, pluginDir);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return verifyCommand(pluginDir, command, platform);
}

/** The host's post-condition on the command the marketplace manifest names. */
export function verifyCommand(pluginDir: string, command: string, platform: Platform): InstallOutcome {
  const path = join(pluginDir, command);
  if (!existsSync(path)) return { ok: false, why: `extension command '${command}' does not exist` };
  const stat = statSync(path);
  if (stat.isDirectory()) return { ok: false, why: `extension command '${command}' is a directory` };
  if (platform !== "windows" && (stat.mode & 0o111) === 0) return { ok: false, why: `extension command '${command}' is not executable` };
  return { ok: true };
}

/** The file the host's process API starts for the command. */
export function spawnedFile(pluginDir: string, command: string, platform: Platform): string {
  const path = join(pluginDir, command);
  if (platform === "windows" && extname(command) === "" && existsSync(`${path}.exe`)) return `${path}.exe`;
  return path;
}

/** Unpacking by hand: tar and unzip overwrite files already in the folder. */
export function unpackByHand(archive: string, folder: string): InstallOutcome {
  return unpack(archive, folder, []);
}

function listEntries(archive: string): string[] {
  const command = archive.endsWith(".zip") ? ["unzip", "-Z1", archive] : ["tar", "-tzf", archive];
  return Bun.spawnSync(command).stdout.toString().split("\n").filter(Boolean);
}

function unpack(archive: string, folder: string, tarOptions: string[]): InstallOutcome {
  const command = archive.endsWith(".zip") ? ["unzip", "-o", "-q", archive, "-d", folder] : ["tar", ...tarOptions, "-xzf", archive, "-C", folder];
  const result = Bun.spawnSync(command, { stderr: "pipe" });
  return result.success ? { ok: true } : { ok: false, why: `${command[0]} failed: ${result.stderr.toString()}` };
}

function copyOver(from: string, to: string) {
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) {
      mkdirSync(target, { recursive: true });
      copyOver(source, target);
    } else if (entry.isFile()) {
      copyFileSync(source, target);
      chmodSync(target, statSync(source).mode & 0o7777);
    }
  }
}
