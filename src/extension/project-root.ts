// Where the project is. Hook events carry no working directory, and the
// extension runs in the plugin folder; the agent's tools run in the host's
// working directory. So, in order: the host's own working directory where
// the OS shows it (Linux: /proc/<parent>/cwd; macOS: `lsof -a -p <parent>
// -d cwd -Fn`, no native code), else the `project_root` setting, else the
// directory the agent's write/edit paths share. Without one, relative paths
// stay "inside the project" as before and nothing is read from disk.
import { readlinkSync } from "node:fs";
import { isAbsolute, normalize, sep } from "node:path";

import { type ProjectRoot, ROOT_FROM_WRITES, type RootFinder } from "../session/call-files.ts";
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
  return lsofCwdOf(result.stdout.toString());
}

/**
 * The working directory in `lsof -a -p PID -d cwd -Fn` output: one field a line, its letter first (`p` the
 * process, `f` the descriptor, `n` the name); the name that follows the `fcwd` line. lsof writes characters it
 * will not print as escapes (`\n`, `\t`, `\xNN`, a backslash as `\\`): put back.
 */
export function lsofCwdOf(output: string): string | undefined {
  let descriptor: string | undefined;
  for (const line of output.split("\n")) {
    if (line.startsWith("p")) descriptor = undefined;
    else if (line.startsWith("f")) descriptor = line.slice(1);
    else if (line.startsWith("n") && (descriptor === "cwd" || descriptor === undefined)) return unescapeLsof(line.slice(1));
  }
  return undefined;
}

const LSOF_ESCAPES: Readonly<Record<string, string>> = { n: "\n", t: "\t", r: "\r", b: "\b", f: "\f", "\\": "\\" };

/** The name with lsof's escapes put back; `\xNN` escapes are bytes of the path's UTF-8, decoded with the text around them. */
function unescapeLsof(name: string): string {
  const bytes: number[] = [];
  let at = 0;
  for (const match of name.matchAll(/\\(x[0-9a-fA-F]{2}|[ntrbf\\])/g)) {
    bytes.push(...Buffer.from(name.slice(at, match.index), "utf8"));
    const code = match[1]!;
    bytes.push(...(code.startsWith("x") ? [Number.parseInt(code.slice(1), 16)] : Buffer.from(LSOF_ESCAPES[code] ?? match[0], "utf8")));
    at = match.index + match[0].length;
  }
  if (at === 0) return name;
  bytes.push(...Buffer.from(name.slice(at), "utf8"));
  return Buffer.from(bytes).toString("utf8");
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
    return shared ? { path: shared, source: ROOT_FROM_WRITES } : undefined;
  }
}
