// Where the audit log may be written, looked at without opening anything:
// only a regular file (or nothing yet), never a symbolic link, and — inside
// the plugin folder — never a folder that leads out of it through a link.
// Used by the extension before it opens the log and by `doctor`.
import { existsSync, lstatSync, realpathSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";

/**
 * Why the log must not be written at `path`, looked at without opening it:
 * anything but a regular file (or nothing yet), a symbolic link, or a folder
 * inside the plugin folder that leads out of it through a link.
 */
export function auditPathProblem(path: string, pluginRoot: string | undefined): string | undefined {
  try {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return "is a symbolic link; the audit log is never written through a link (name the real file)";
    if (!stat.isFile()) return `is ${kindOf(stat)}, not a regular file`;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ENOENT") return code === "ENOTDIR" ? "a part of the path is not a folder" : `cannot be looked at (${code ?? (error as Error).message})`;
  }
  if (pluginRoot === undefined || !inside(resolve(path), resolve(pluginRoot))) return undefined;
  const folder = existingAncestor(dirname(resolve(path)));
  try {
    if (!inside(realpathSync(folder), realpathSync(pluginRoot))) return `its folder ${folder} leads out of the plugin folder through a symbolic link`;
  } catch {
    return undefined;
  }
  return undefined;
}

function existingAncestor(folder: string): string {
  let current = folder;
  while (!existsSync(current) && dirname(current) !== current) current = dirname(current);
  return current;
}

function inside(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel === "" || (!rel.startsWith("..") && !rel.startsWith("/"));
}

export function kindOf(stat: { isDirectory(): boolean; isFIFO(): boolean; isCharacterDevice(): boolean; isBlockDevice(): boolean; isSocket(): boolean }): string {
  if (stat.isDirectory()) return "a directory";
  if (stat.isFIFO()) return "a named pipe";
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return "a device";
  if (stat.isSocket()) return "a socket";
  return "not a file";
}
