// A project's git config as git reads it, not only the file at .git/config:
// in a linked worktree or a submodule `.git` is a file naming the real git
// directory (`gitdir: …`, its shared settings in the directory `commondir`
// names); .git/config may be a link to a file outside the project; and any
// config pulls in others (`[include] path = …`, `[includeIf …] path = …`).
// An alias or a core.hooksPath set in any of them runs on the next git
// command, so each is read (within the project file limit) and their texts
// are judged together. An includeIf is read whatever its condition: the
// guard cannot tell which holds, and a harmless file costs nothing.
import { realpathSync } from "node:fs";
import { basename, dirname, isAbsolute, join, resolve } from "node:path";
import { MAX_GIT_CONFIG_FILES } from "../limits.ts";
import type { KnownFile } from "../policy/engine/index.ts";
import { readProjectFile, statOf } from "./project-files.ts";

/** Told of each file read, just before it is read. */
type See = (path: string) => void;

/**
 * The config at `.git/config` (absolute, under the project) when `.git` is a file naming the git directory: that
 * directory's config, its common directory's, and config.worktree; undefined when `.git` is not such a file.
 */
export function configThroughGitFile(absolute: string, home: string, see: See): KnownFile | undefined {
  if (basename(absolute) !== "config" || basename(dirname(absolute)) !== ".git") return undefined;
  const dotGit = dirname(absolute);
  if (!statOf(dotGit)?.isFile()) return undefined;
  see(dotGit);
  const named = /^gitdir:\s*(.+?)\s*$/m.exec(configText(dotGit) ?? "")?.[1];
  if (!named) return { label: "a .git file naming no git directory" };
  const gitDir = resolve(dirname(dotGit), named);
  const common = configText(join(gitDir, "commondir"))?.trim();
  const configs = [join(gitDir, "config"), join(gitDir, "config.worktree")];
  if (common) configs.unshift(join(resolve(gitDir, common), "config"));
  const texts = configs.flatMap((path) => {
    see(path);
    const text = configText(path);
    return text === undefined ? [] : [text];
  });
  const content = withIncludes(texts.join("\n"), gitDir, home, see);
  return { content, label: `in the git directory ${gitDir}` };
}

/**
 * A config read from disk with what it includes appended; a link is followed wherever it leads (git follows it).
 * `read` is the file as the project reads it (undefined content: a link out of the project, say).
 */
export function configWithIncludes(absolute: string, read: KnownFile | undefined, home: string, see: See): KnownFile | undefined {
  const own = read?.content ?? (read?.label === "outside the project" ? configText(absolute) : undefined);
  if (own === undefined) return read;
  const content = withIncludes(own, dirname(absolute), home, see);
  return content === read?.content ? read : { content, label: read?.content === undefined ? "through a link out of the project" : (read?.label ?? "on disk") };
}

/** The text and, after it, every file it includes (and they include), up to MAX_GIT_CONFIG_FILES. */
function withIncludes(text: string, dir: string, home: string, see: See): string {
  const texts = [text];
  const queue = includedPaths(text, dir, home);
  const seen = new Set<string>();
  while (queue.length > 0 && seen.size < MAX_GIT_CONFIG_FILES) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    see(path);
    const included = configText(path);
    if (included === undefined) continue;
    texts.push(included);
    queue.push(...includedPaths(included, dirname(path), home));
  }
  return texts.join("\n");
}

/** The `path = …` values of its [include] and [includeIf …] sections, as absolute paths. */
function includedPaths(text: string, dir: string, home: string): string[] {
  const paths: string[] = [];
  let including = false;
  for (const line of text.split("\n")) {
    const section = /^\s*\[\s*([A-Za-z][\w.-]*)/.exec(line);
    if (section) including = /^include(?:if)?$/i.test(section[1]!);
    const value = including ? /^\s*path\s*=\s*"?([^"\n]*?)"?\s*$/i.exec(line)?.[1] : undefined;
    if (!value) continue;
    const expanded = value.startsWith("~/") ? join(home, value.slice(2)) : value;
    paths.push(isAbsolute(expanded) ? expanded : resolve(dir, expanded));
  }
  return paths;
}

/** A config file's text wherever it is (git reads it there), within the project file limit; undefined when none. */
function configText(path: string): string | undefined {
  return readProjectFile(path, dirname(path))?.content ?? linkedText(path);
}

/** A config reached through a link: read where it leads. */
function linkedText(path: string): string | undefined {
  try {
    const real = realpathSync(path);
    return real === path ? undefined : readProjectFile(real, dirname(real))?.content;
  } catch {
    return undefined;
  }
}
