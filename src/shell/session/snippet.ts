// What a project file a command runs amounts to: shell text (a package.json
// script, a Makefile recipe, a compose service as the `docker run` it is),
// or a file to run as a program or with an interpreter (a git hook, a test
// file), each with the words that say where it came from.
import type { FileNeed, KnownFile } from "../view/files.ts";

export type Snippet =
  /**
   * `fromHome`: text of the user's own home file (see KnownFile.fromHome). `unread`: parts of the file its reader
   * could not turn into shell text (unresolved: unseen code in a home file). `tags`: labels on every command the
   * text runs (`package-mirror`: what a settings file made the command fetch from).
   */
  | { kind: "shell"; text: string; via: string; fromHome?: true; unread?: string[]; tags?: string[]; outputTaken?: true }
  /**
   * A given file, run as a program (`interpreter` absent: its shebang decides) or by an interpreter. `part`: the
   * text of it that runs, when that is less than the whole (a migration's functions for one direction).
   */
  | { kind: "file"; path: string; interpreter?: string; via: string; part?: string };

/** Looks a given file up by the path the analysis names it with. */
export type FileLookup = (path: string) => KnownFile | undefined;

/**
 * One way a command runs project code. `candidates`: the files one of which
 * holds what runs (Makefile, makefile, GNUmakefile); when none is known and
 * not every one is absent, the code is unseen. `extra`: files that may add
 * code (hooks, conftest.py, listings of test files); unknown ones are not
 * unseen code, since nothing runs when they do not exist.
 */
export type ProjectRun = {
  what: string;
  candidates: FileNeed[];
  extra?: FileNeed[];
  /** Files that may add code, found from what is known so far (hooks where core.hooksPath points). */
  more?: (get: FileLookup) => FileNeed[];
  read: (get: FileLookup) => Snippet[];
  /**
   * The targets, tasks or scripts the line names (`make nuke` → nuke), whose bodies `read` returns: when it returns
   * nothing (no file says what they are), the line's words are judged instead (unknown-programs.ts).
   */
  targets?: readonly string[];
  /** Its paths are named from the project root already, wherever the input changed to (`cd build && cmake ..`). */
  fromRoot?: true;
};

/** A file whose text is known, with the words that say where it came from ("on disk", "written at step 2 (write)"). */
export type KnownText = { path: string; content: string; label: string; fromHome?: true };

/** The file's text when it is known, labelled as the lookup said ("known" when it said nothing). */
export function knownText(path: string, get: FileLookup): KnownText | undefined {
  const file = get(path);
  if (file?.content === undefined) return undefined;
  return { path, content: file.content, label: file.label ?? "known", ...(file.fromHome ? { fromHome: true as const } : {}) };
}

/** Every path whose text is known, in the order given: the files a reader goes through one by one. */
export function knownTexts(paths: readonly string[], get: FileLookup): KnownText[] {
  return paths.flatMap((path) => {
    const known = knownText(path, get);
    return known ? [known] : [];
  });
}

/** The first candidate with text, and its path. */
export function firstKnown(candidates: readonly (FileNeed | string)[], get: FileLookup): KnownText | undefined {
  for (const need of candidates) {
    const known = knownText(typeof need === "string" ? need : need.path, get);
    if (known) return known;
  }
  return undefined;
}

/** A path in a directory (`-C sub`), project-relative when the directory is. */
export function inDir(dir: string | undefined, name: string): string {
  if (dir === undefined || dir === "" || dir === ".") return name;
  return `${dir.replace(/\/+$/, "")}/${name}`;
}

/** A word as bash reads it back: single-quoted unless plain. */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./~-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}

/** The value after an option in argv (`-C dir`, `-Cdir`, `--directory=dir`). */
export function optionValue(args: readonly string[], short: readonly string[], long: readonly string[] = []): string | undefined {
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (short.includes(arg)) return args[index + 1];
    for (const name of long) if (arg.startsWith(`${name}=`)) return arg.slice(name.length + 1);
    for (const name of short) if (name.length === 2 && arg.startsWith(name) && arg.length > 2 && !arg.startsWith("--")) return arg.slice(2);
  }
  return undefined;
}

/** The words of `args` that are neither options nor the value of one of `valueOptions` (`--prefix web`). */
export function operandsOf(args: readonly string[], valueOptions: ReadonlySet<string>): string[] {
  const words: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (valueOptions.has(arg)) index++;
    else if (!arg.startsWith("-")) words.push(arg);
  }
  return words;
}

/**
 * A run as it is from a project subdirectory (`cd ios && pod install`): the files it loads are looked for there,
 * a file it runs is named from the root, and shell text it holds runs in that directory.
 */
export function runIn<Run extends ProjectRun | undefined>(dir: string | undefined, run: Run): Run;
export function runIn(dir: string | undefined, run: ProjectRun | undefined): ProjectRun | undefined {
  if (run === undefined || run.fromRoot || dir === undefined || dir === "" || dir === ".") return run;
  // A path from the root or from home (`/etc/…`, `~/.npmrc`) names the same file from any directory.
  const at = (path: string) => (path.startsWith("/") || path.startsWith("~") ? path : inDir(dir, path));
  const moved = (need: FileNeed): FileNeed => ({ ...need, path: at(need.path) });
  const within =
    (get: FileLookup): FileLookup =>
    (path) =>
      get(at(path));
  return {
    what: run.what,
    ...(run.targets ? { targets: run.targets } : {}),
    candidates: run.candidates.map(moved),
    ...(run.extra ? { extra: run.extra.map(moved) } : {}),
    ...(run.more ? { more: (get: FileLookup) => run.more!(within(get)).map(moved) } : {}),
    read: (get) =>
      run
        .read(within(get))
        .map(
          (snippet): Snippet =>
            snippet.kind === "file"
              ? { ...snippet, path: snippet.path.startsWith("/") ? snippet.path : inDir(dir, snippet.path) }
              : { ...snippet, text: `cd ${shellWord(dir)} && ${snippet.text}` },
        ),
  };
}
