// The files a policy is made of: the user's file, the files it includes
// (relative to the including file, `~`, globs) and theirs, depth first, then
// the built-in packs — the order that breaks ties. Each file is read once
// (a file included twice, or through two paths, counts once); a file that
// includes itself through others is an error that shows the cycle. Pure: the
// caller gives the file reader.
import { dirname, isAbsolute, resolve } from "node:path";
import { MAX_INCLUDE_DEPTH, MAX_POLICY_INCLUDES } from "../../limits.ts";
import { expandHome } from "../../match/path.ts";
import { closest } from "../did-you-mean.ts";
import { BUILTIN_PACK_NAMES } from "./packs.ts";
import { embeddedPackSteps, type PackReader } from "./packs-embedded.ts";
import { readPartSteps, type ReadPart } from "./part.ts";
import { formatOf, type PolicyProblem } from "../format/source.ts";
import type { Steps } from "../steps.ts";

/** How the loader reaches included files. */
export type PolicyFiles = {
  /** A file's text, and an identity that is the same for every path to it (its real path). */
  read(path: string): FileRead;
  /** The files a glob names, sorted. */
  glob(pattern: string): string[];
};

export type FileRead = { ok: true; text: string; identity: string } | { ok: false; problem: string };

/** One file of the policy, read and validated, with what it includes. */
export type PolicyNode = Extract<ReadPart, { ok: true }> & {
  identity: string;
  /** Identities of the files and packs it includes directly. */
  children: string[];
};

export type IncludeGraph = {
  /** Precedence order: the user's file, included files depth first, built-in packs last. */
  nodes: PolicyNode[];
  problems: PolicyProblem[];
  warnings: PolicyProblem[];
  /** Every file read, as named (for watching). */
  files: string[];
  /** Directories a glob include lists (a new file there changes the policy). */
  globDirectories: string[];
  /** The text of every file read, for the policy's hash. */
  texts: string[];
};

const GLOB_CHARS = /[*?[{]/;

/** `packs`: how built-in packs are read — as the executable holds them, prebuilt (a test compares them with a fresh read). */
export function* includeGraphSteps(main: PolicyNode, files: PolicyFiles | undefined, home: string, packs: PackReader = embeddedPackSteps): Steps<IncludeGraph> {
  const graph: IncludeGraph = { nodes: [main], problems: [], warnings: [], files: [], globDirectories: [], texts: [] };
  const packNodes: PolicyNode[] = [];
  const seen = new Set<string>([main.identity]);
  let included = 0;

  function* visit(node: PolicyNode, chain: string[]): Steps<void> {
    const entries = node.part.file.include ?? [];
    for (const [index, entry] of entries.entries()) {
      const at = {
        file: node.part.source,
        position: node.locate(["include", index]),
        where: `include[${index + 1}]`,
        ...(node.part.includedFrom ? { includedFrom: node.part.includedFrom } : {}),
      };
      const from = `${node.part.source}${at.position ? `:${at.position.line}` : ""}`;
      if (entry.startsWith("builtin:")) {
        yield* includePack(node, entry.slice("builtin:".length), at, from);
        continue;
      }
      if (node.part.source.startsWith("builtin:")) {
        graph.problems.push({ ...at, message: "a built-in pack includes only other built-in packs" });
        continue;
      }
      if (!files) {
        graph.problems.push({ ...at, message: `"${entry}": this policy cannot include files here (only built-in packs)` });
        continue;
      }
      for (const path of expand(entry, node, at)) {
        const read = files.read(path);
        if (!read.ok) {
          graph.problems.push({ ...at, message: `"${entry}": ${read.problem}${packHint(entry)}` });
          continue;
        }
        if (chain.includes(read.identity)) {
          graph.problems.push({ ...at, message: `include cycle: ${[...chain, read.identity].join(" → ")}` });
          continue;
        }
        node.children.push(read.identity);
        if (seen.has(read.identity)) continue;
        seen.add(read.identity);
        if (++included > MAX_POLICY_INCLUDES) {
          graph.problems.push({ ...at, message: `more than ${MAX_POLICY_INCLUDES} included files; a policy may include at most ${MAX_POLICY_INCLUDES}` });
          return;
        }
        if (chain.length >= MAX_INCLUDE_DEPTH) {
          graph.problems.push({ ...at, message: `includes nest deeper than ${MAX_INCLUDE_DEPTH} files` });
          continue;
        }
        graph.files.push(path);
        graph.texts.push(read.text);
        const part = yield* readPartSteps(read.text, path, formatOf(path));
        if (!part.ok) {
          graph.problems.push(...part.problems.map((problem) => ({ ...problem, includedFrom: from })));
          continue;
        }
        const child: PolicyNode = { ...part, identity: read.identity, children: [], part: { ...part.part, includedFrom: from } };
        graph.warnings.push(...ignoredKeys(child, from));
        graph.nodes.push(child);
        yield* visit(child, [...chain, read.identity]);
      }
    }
  }

  function* includePack(node: PolicyNode, name: string, at: Omit<PolicyProblem, "message">, from: string): Steps<void> {
    const identity = `builtin:${name}`;
    node.children.push(identity);
    if (seen.has(identity)) return;
    const part = yield* packs(name);
    // One pack per step: the default policy includes dozens, and all of them at once made one step of 50–200 ms.
    yield;
    if (part === undefined) {
      const suggestion = closest(name, BUILTIN_PACK_NAMES);
      graph.problems.push({
        ...at,
        message: `no built-in pack "${name}"${suggestion ? ` (did you mean "builtin:${suggestion}"?)` : ""}; the packs are ${BUILTIN_PACK_NAMES.map((pack) => `builtin:${pack}`).join(", ")}`,
      });
      return;
    }
    seen.add(identity);
    if (!part.ok) {
      graph.problems.push(...part.problems);
      return;
    }
    const pack: PolicyNode = { ...part, identity, children: [], part: { ...part.part, includedFrom: from } };
    packNodes.push(pack);
    yield* visit(pack, [identity]);
  }

  /** The paths an include names: one file, or the files a glob matches (none is a warning). */
  function expand(entry: string, node: PolicyNode, at: Omit<PolicyProblem, "message">): string[] {
    const path = includePath(entry, node.part.source, home);
    if (!GLOB_CHARS.test(entry)) return [path];
    graph.globDirectories.push(globBase(path));
    const matches = files!.glob(path).filter((match) => match !== node.part.source);
    if (matches.length === 0) graph.warnings.push({ ...at, message: `"${entry}" matches no file` });
    return matches;
  }

  yield* visit(main, [main.identity]);
  graph.nodes.push(...packNodes);
  return graph;
}

/** An include's path: `~` is the home directory, a relative path is relative to the including file. */
function includePath(entry: string, includingFile: string, home: string): string {
  const expanded = expandHome(entry, home);
  return isAbsolute(expanded) ? expanded : resolve(dirname(includingFile), expanded);
}

/** The directory part of a glob before its first wildcard segment. */
export function globBase(pattern: string): string {
  const segments = pattern.split("/");
  const fixed: string[] = [];
  for (const segment of segments) {
    if (GLOB_CHARS.test(segment)) break;
    fixed.push(segment);
  }
  return fixed.join("/") || "/";
}

function packHint(entry: string): string {
  const name = entry.replace(/\.toml$/, "");
  return BUILTIN_PACK_NAMES.includes(name) ? ` (the built-in pack is named "builtin:${name}")` : "";
}

/**
 * Keys that only the user's own file sets; in an included file they are ignored, and saying so saves a puzzled hour.
 * (A built-in pack's raw data holds only these keys: packs-prebuilt.ts rawKeysRead.)
 */
function ignoredKeys(node: PolicyNode, from: string): PolicyProblem[] {
  const warnings: PolicyProblem[] = [];
  const at = (path: string[], where: string, message: string) => warnings.push({ file: node.part.source, position: node.locate(path), where, message, includedFrom: from });
  if (node.raw.defaults !== undefined) at(["defaults"], "defaults", "[defaults] of an included file apply only to its own [[test]]s; calls get the including policy's [defaults]");
  const shell = node.raw.shell as Record<string, unknown> | undefined;
  if (shell?.max_input_bytes !== undefined) at(["shell", "max_input_bytes"], "shell.max_input_bytes", "ignored in an included file; only the including policy's limit applies");
  return warnings;
}
