// Where the project is. Hook events carry no working directory, and the
// extension runs in the plugin folder; the agent's tools run in the host's
// working directory. So, in order: the host's own working directory where
// the OS shows it (Linux: /proc/<parent>/cwd; macOS: `lsof -a -p <parent>
// -d cwd -Fn`, no native code), else the `project_root` setting, else the
// directory the agent's write/edit paths share. Without one, relative paths
// stay "inside the project" as before and nothing is read from disk.
import { readlinkSync } from "node:fs";
import { isAbsolute, normalize, sep } from "node:path";

import type { ProjectRoot, RootFinder } from "../session/call-files.ts";
import { sharedDirectory } from "../session/shared-directory.ts";

/** The host's working directory, asked of the OS once; undefined where it does not say. */
export function hostWorkingDirectory(parent: number = process.ppid, platform: NodeJS.Platform = process.platform): string | undefined {
  try {
    if (platform === "linux") return usable(readlinkSync(`/proc/${parent}/cwd`));
    if (platform === "darwin") return usable(lsofCwd(parent));
  } catch {
    return undefined;
  }
  return undefined;
}

function lsofCwd(parent: number): string | undefined {
  const result = Bun.spawnSync(["lsof", "-a", "-p", String(parent), "-d", "cwd", "-Fn"], { stdout: "pipe", stderr: "ignore", timeout: 2_000 });
  if (result.exitCode !== 0) return undefined;
  const line = result.stdout
    .toString()
    .split("\n")
    .find((entry) => entry.startsWith("n"));
  return line?.slice(1);
}

/** The root directory tells nothing (a host started from `/`). */
function usable(path: string | undefined): string | undefined {
  if (!path || !isAbsolute(path) || path === sep) return undefined;
  return normalize(path).replace(/(.)\/+$/, "$1");
}

/** The project root as found now: the host's directory, the setting, or the write paths. */
export class ProjectRootFinder implements RootFinder {
  readonly #host: string | undefined;
  readonly #setting: string | undefined;
  readonly #home: string;

  constructor(options: { host: string | undefined; setting: string | undefined; home: string }) {
    this.#host = options.host;
    this.#setting = options.setting ? usable(options.setting.replace(/^~(?=\/|$)/, options.home)) : undefined;
    this.#home = options.home;
  }

  find(writePaths: () => readonly string[]): ProjectRoot | undefined {
    if (this.#host) return { path: this.#host, source: "host working directory" };
    if (this.#setting) return { path: this.#setting, source: "project_root setting" };
    const shared = sharedDirectory(writePaths(), this.#home);
    return shared ? { path: shared, source: "write paths" } : undefined;
  }
}
