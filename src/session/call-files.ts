// The files a tool call runs, found for the engine: it names what it needs
// (filesNeeded), this answers from the session's memory, else from disk
// under the project root, and asks again until nothing new is needed (a
// package.json script that runs a Makefile target that runs a script), at
// most MAX_FILE_ROUNDS times. After the verdict, what the call wrote is
// remembered for the calls after it.
import { isAbsolute } from "node:path";
import { compileGlob } from "../match/glob.ts";
import { MAX_FILE_ROUNDS, MAX_HOME_FILES_KEPT, MAX_RUN_TIME_NAME_MATCHES } from "../limits.ts";
import { type CompiledPolicy, type FileNeed, filesNeeded, type KnownFile, type PolicyEvent, type ToolCallEvent, type Verdict } from "../policy/engine/index.ts";
import { configThroughGitFile, configWithIncludes } from "./git-config-files.ts";
import { linkOnDisk, readProjectFile, statOf } from "./project-files.ts";
import { ProjectListings } from "./project-listings.ts";
import { codeFileKind } from "../shell/programs/code-files.ts";
import { absoluteOf, applyEdit, fromWritten, knownFromMemory, memoryKey, type SessionMemory } from "./memory.ts";

/** Where the project is, how it was found. */
export type ProjectRoot = { path: string; source: string };
/** How a root found as the directory the written paths share says so (the weakest way to find it). */
export const ROOT_FROM_WRITES = "write paths";
/** Finds the project root; `writePaths` are the session's written paths (a last resort: the directory they share). */
export type RootFinder = { find: (writePaths: () => readonly string[]) => ProjectRoot | undefined };

const WRITE_TOOLS = new Set(["write", "create", "write_file", "create_file"]);
const EDIT_TOOLS = new Set(["edit", "edit_file", "str_replace", "patch"]);
const PATH_FIELDS = ["path", "file_path", "filepath", "filename", "file"];
/**
 * Needs read from the home directory too: files a program reads at its start, whoever wrote them (and git's hooks
 * there: a global core.hooksPath, a template directory a clone copies its hooks from).
 */
const HOME_ROLES = new Set<FileNeed["role"]>(["startup", "git-config", "git-hook", "package-settings", "program-settings"]);
/** Needs asked of the memory (and a link on disk) only, never read in full. */
const SHALLOW_ROLES = new Set<FileNeed["role"]>(["path", "link"]);
/** Files wanted for their data (sent, printed into words): a link on disk is what they are, and the rules follow it to what it names. */
const DATA_ROLES = new Set<FileNeed["role"]>(["sent", "substituted"]);

/**
 * Told what one finding of files looks at on disk: each path just BEFORE it is read or stat'ed (a stamp taken then
 * is never newer than what was read), and whether it listed directories (which no stat of a file re-checks).
 */
export type DiskReads = { see: (path: string) => void; listed: boolean };

/**
 * A file under `base` as `read` made it when last read, read again only when its stat changed; at most
 * MAX_HOME_FILES_KEPT kept in `kept` (the oldest dropped). The change time is in the stamp too: a file rewritten
 * in place at its old size with its time set back (`touch -r`) keeps inode, size and modification time, and no
 * user can set the change time back.
 */
function stampedRead(
  kept: Map<string, { stamp: string; file: KnownFile | undefined }>,
  absolute: string,
  base: string,
  dress: (read: KnownFile | undefined) => KnownFile | undefined,
): KnownFile | undefined {
  const stat = statOf(absolute);
  if (stat === null) return { absent: true, label: "not on disk" };
  if (stat === undefined) return readProjectFile(absolute, base);
  const stamp = `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}`;
  const cached = kept.get(absolute);
  if (cached?.stamp === stamp) return cached.file;
  const file = dress(readProjectFile(absolute, base));
  if (kept.size >= MAX_HOME_FILES_KEPT) kept.delete(kept.keys().next().value!);
  kept.set(absolute, { stamp, file });
  return file;
}

export class CallFiles {
  readonly #memory: SessionMemory;
  readonly #roots: RootFinder;
  readonly #home: string;
  /** Home files as last read, by path, with the stat they were read at. */
  readonly #homeFiles = new Map<string, { stamp: string; file: KnownFile | undefined }>();
  /** The project's git config files as last read, by path, with the stat they were read at. */
  readonly #projectConfigs = new Map<string, { stamp: string; file: KnownFile | undefined }>();
  /** Listings of the project and home, answered again while the directories they read are unchanged. */
  readonly #listings = new ProjectListings();
  /** Where the finding under way notes what it looked at on disk, when its caller asked. */
  #reads: DiskReads | undefined;

  constructor(memory: SessionMemory, roots: RootFinder, home: string) {
    this.#memory = memory;
    this.#roots = roots;
    this.#home = home;
  }

  get memory(): SessionMemory {
    return this.#memory;
  }

  root(session: string | null): ProjectRoot | undefined {
    return this.#roots.find(() => this.#memory.paths(session));
  }

  /**
   * The event with the files it runs and the project root, as far as memory and disk know them; `reads`, when
   * given, is told every path looked at on disk and whether a directory was listed.
   */
  withFiles(policy: CompiledPolicy, event: PolicyEvent, session: string | null, reads?: DiskReads): PolicyEvent {
    if (event.hook !== "before_tool_call") return event;
    this.#reads = reads;
    try {
      return this.#withFiles(policy, event, session);
    } finally {
      this.#reads = undefined;
    }
  }

  #withFiles(policy: CompiledPolicy, event: ToolCallEvent, session: string | null): PolicyEvent {
    const found = this.root(session);
    const root = found?.path;
    const guessed = found?.source === ROOT_FROM_WRITES;
    let files = new Map<string, KnownFile>();
    const full = new Set<string>();
    const listed = new Set<string>();
    let current: ToolCallEvent = root ? { ...event, projectRoot: root } : event;
    for (let round = 0; round < MAX_FILE_ROUNDS; round++) {
      // A pattern is listed once, even where the same text was first asked for as one file (`. "$f"` in a loop over it).
      const asked = filesNeeded(policy, current).filter(
        (need) => !files.has(need.path) || (!SHALLOW_ROLES.has(need.role) && !full.has(need.path)) || (need.pattern === true && !listed.has(need.path)),
      );
      if (asked.length === 0) break;
      // A new map each round: one the engine was given is never changed (an analyzer may memoise by it).
      files = new Map(files);
      for (const need of asked) {
        // A path asked for as code is read in full; asked only as a path, the memory (and a link on disk) says enough.
        if (SHALLOW_ROLES.has(need.role) && files.has(need.path)) continue;
        if (!SHALLOW_ROLES.has(need.role)) full.add(need.path);
        if (need.pattern) listed.add(need.path);
        const known = this.#find(need, session, root, guessed);
        // One file asked for twice (`. ~/.bash_aliases` in ~/.bashrc: as a script, and as a start-up file read from home): a role that cannot read it does not undo one that did.
        // Nor does a lookup that found nothing undo a listing of the same pattern (`. "$f"` in a loop over it).
        const before = files.get(need.path);
        if (known.content === undefined && (before?.content !== undefined || (before?.matches !== undefined && known.matches === undefined))) continue;
        files.set(need.path, known);
        for (const match of known.matches ?? []) {
          if (full.has(match)) continue;
          full.add(match);
          files.set(match, this.#find({ path: match, role: need.role }, session, root, guessed));
        }
      }
      current = { ...current, files };
    }
    return current;
  }

  #find(need: FileNeed, session: string | null, root: string | undefined, guessed: boolean): KnownFile {
    if (need.pattern) return this.#listing(need.path, session, root, guessed);
    const key = memoryKey(need.path, this.#home, root);
    if (need.role === "destination") return this.#destination(key, session, root, guessed);
    // Asked only as a link, the text (up to 64 KiB, decoded) would be garbage the moment it was made.
    const remembered = this.#remembered(session, key, root, need.role === "link" ? "flags" : "text", guessed);
    if (remembered?.content !== undefined || remembered?.link !== undefined) return knownFromMemory(remembered);
    // A setting only the session keeps names no file: the disk is never asked, so nothing is stat'ed or read.
    if (need.sessionOnly) return remembered ? knownFromMemory(remembered) : { absent: true, label: "not set in this session" };
    const absolute = absoluteOf(key, root);
    if (SHALLOW_ROLES.has(need.role)) return remembered ? knownFromMemory(remembered) : root && absolute ? (this.#linkOnDisk(absolute, root) ?? {}) : {};
    const link = DATA_ROLES.has(need.role) && !remembered && root && absolute ? this.#linkOnDisk(absolute, root) : undefined;
    if (link) return link;
    const onDisk = this.#fromDisk(need, absolute ?? key, root);
    const tree = remembered ? undefined : this.#downloadedTree(session, key);
    if (tree) return { ...(onDisk?.content !== undefined ? { content: onDisk.content } : {}), downloaded: true, label: `under ${tree.path}, downloaded at ${tree.step}` };
    if (remembered) {
      // Changed in a way the guard could not follow: the disk has what it became.
      const flags = knownFromMemory(remembered);
      return onDisk?.content !== undefined ? { ...flags, content: onDisk.content, label: `changed at ${remembered.step}, read from disk` } : flags;
    }
    if (onDisk?.content !== undefined) return onDisk;
    return (
      this.#writtenToRunTimeName(session, key) ??
      this.#runTimeNameFiles(need, key, session, root, guessed) ??
      onDisk ??
      (root ? { label: "outside the project" } : { unreachable: true, label: "no project root known" })
    );
  }

  /**
   * Whether a copy's destination is there, and as what: a stat, nothing read. A file the session wrote is there
   * (and what memory knows of it — a link, a copy — stays known).
   */
  #destination(key: string, session: string | null, root: string | undefined, guessed: boolean): KnownFile {
    const remembered = this.#remembered(session, key, root, "flags", guessed);
    if (remembered) return { ...knownFromMemory(remembered), present: "file" };
    const absolute = absoluteOf(key, root);
    if (absolute === undefined || !isAbsolute(absolute)) return {};
    this.#reads?.see(absolute);
    const stat = statOf(absolute);
    if (stat === null) return { absent: true, label: "not on disk" };
    return stat ? { present: stat.isDirectory() ? "directory" : "file", label: "on disk" } : {};
  }

  /**
   * A script run under a name only the run knows, whose end is certain (`. "$(dirname "$0")/lib/common.sh"`, kept
   * as `**` + `/lib/common.sh`): the files it may name, written in the session or on disk. Each may be the one
   * that runs, so their texts are judged together (a few at most; more, or one unreadable, is unseen code).
   */
  #runTimeNameFiles(need: FileNeed, key: string, session: string | null, root: string | undefined, guessed: boolean): KnownFile | undefined {
    if (need.role !== "script" || !isCertainTail(key)) return undefined;
    const found = this.#listing(key, session, root, guessed).matches ?? [];
    if (found.length === 0 || found.length > MAX_RUN_TIME_NAME_MATCHES) return undefined;
    const texts: string[] = [];
    for (const path of found) {
      const text = this.#find({ path, role: "script" }, session, root, guessed).content;
      if (text === undefined) return undefined;
      texts.push(text);
    }
    return { content: texts.join("\n"), label: `may be ${found.join(", ")}` };
  }

  /**
   * A file the session wrote under a name only the run knew (`> "build/$T/run.sh"`, kept as `build/**` + `/run.sh`;
   * `> "dist/$(date +%s)/post.sh"`, kept as `dist/` + `*` + `/post.sh`), when the disk does not show it: judged by
   * what was written there, the latest write whose pattern the path matches.
   */
  #writtenToRunTimeName(session: string | null, key: string): KnownFile | undefined {
    const pattern = this.#memory.paths(session).findLast((path) => isRunTimeName(path) && compileGlob(path)(key));
    const file = pattern === undefined ? undefined : this.#memory.get(session, pattern);
    return file ? { ...knownFromMemory(file), label: `written to ${pattern} at ${file.step}` } : undefined;
  }

  /**
   * The file as the disk has it: under the project root; or, for a file a program reads at its start (a shell's
   * start-up files, git's and npm's settings), in the home directory — it runs whether or not this session wrote it.
   */
  #fromDisk(need: FileNeed, absolute: string, root: string | undefined): KnownFile | undefined {
    this.#reads?.see(absolute);
    // A shell's own start-up file sourced by name (`source ~/.bashrc`) is read as the start of a shell reads it.
    const sourcedStartup = need.role === "script" && codeFileKind(absolute, this.#home) === "start-up";
    if ((HOME_ROLES.has(need.role) || sourcedStartup) && absolute.startsWith(`${this.#home}/`) && !(root && absolute.startsWith(`${root}/`))) return this.#homeFile(absolute);
    if (!root || !isAbsolute(absolute)) return undefined;
    // Every git command asks for the project's .git/config (and hooks managers' configs): read again only when changed.
    if (need.role === "git-config" && absolute.startsWith(`${root}/`)) return this.#projectGitConfig(absolute, root);
    return readProjectFile(absolute, root, need.role === "sent");
  }

  /**
   * The project's git config as git reads it: through a `.git` file (a worktree, a submodule), a link, and the files
   * it includes, which are read again on every call (only .git/config itself is kept by its stamp).
   */
  #projectGitConfig(absolute: string, root: string): KnownFile | undefined {
    const see = (path: string) => this.#reads?.see(path);
    const elsewhere = configThroughGitFile(absolute, this.#home, see);
    if (elsewhere) return elsewhere;
    return configWithIncludes(
      absolute,
      stampedRead(this.#projectConfigs, absolute, root, (file) => file),
      this.#home,
      see,
    );
  }

  /**
   * A home file, read again only when it changed: every `git` call asks for ~/.gitconfig, and reading it (or
   * failing to, which throws) each time cost a typical call ~125 µs in process. A stat that does not throw says
   * whether it is there and whether it changed.
   */
  #homeFile(absolute: string): KnownFile | undefined {
    return stampedRead(this.#homeFiles, absolute, this.#home, (read) =>
      read?.content !== undefined ? { ...read, label: "in the home directory", fromHome: true as const } : read,
    );
  }

  #linkOnDisk(absolute: string, root: string): KnownFile | undefined {
    this.#reads?.see(absolute);
    return linkOnDisk(absolute, root);
  }

  /** Whether the session downloaded the file at `key`, itself or in a tree it unpacked or cloned. */
  #wasDownloaded(session: string | null, key: string): boolean {
    return this.#memory.get(session, key, "flags")?.downloaded === true || this.#downloadedTree(session, key) !== undefined;
  }

  /** A directory above `key` the session cloned or unpacked a download into (`git clone URL vendor/x`, `unzip k.zip -d kit`). */
  #downloadedTree(session: string | null, key: string): { path: string; step: string } | undefined {
    for (let at = key.lastIndexOf("/"), depth = 0; at > 0 && depth < 8; at = key.lastIndexOf("/", at - 1), depth++) {
      const dir = key.slice(0, at);
      const file = this.#memory.get(session, dir, "flags");
      if (file) return file.downloaded ? { path: dir, step: file.step } : undefined;
    }
    return undefined;
  }

  /** What the memory holds for a key: by the key, by its absolute path, or — no root known, or only guessed — by a written path that ends in it. */
  #remembered(session: string | null, key: string, root: string | undefined, want: "text" | "flags", guessed = false) {
    const direct = this.#memory.get(session, key, want);
    if (direct) return direct;
    const absolute = absoluteOf(key, root);
    const byAbsolute = absolute && absolute !== key ? this.#memory.get(session, absolute, want) : undefined;
    if (byAbsolute || key.startsWith("/")) return byAbsolute;
    // A root guessed from the written paths is their shared directory, which may be below where the commands run
    // (every file written under scripts/, then `bash scripts/a.sh`): a written path that ends in the key is it.
    if (root && !guessed) return undefined;
    const written = this.#memory.paths(session).findLast((path) => (absoluteOf(path, root) ?? path).endsWith(`/${key}`));
    return written ? this.#memory.get(session, written, want) : undefined;
  }

  #listing(glob: string, session: string | null, root: string | undefined, guessed = false): KnownFile {
    const matches = compileGlob(glob);
    // A written path is relative to the project; with no root known, an absolute one matches by its tail (`/home/me/app/tests/test_x.py`).
    // One written before the root was known (the first write alone names no shared directory) is absolute: relative to it now.
    // A root guessed from the writes may be too deep (two files written in cypress/support/ share that directory,
    // not the project's): a path that does not match below it still matches by its tail, as with no root.
    const remembered = this.#memory.paths(session).flatMap((path) => {
      if (!path.startsWith("/")) return matches(path) ? [path] : [];
      if (root && path.startsWith(`${root}/`) && matches(path.slice(root.length + 1))) return [path.slice(root.length + 1)];
      return (!root || guessed) && tailMatches(path, matches) ? [path] : [];
    });
    // A pattern a start-up file sources under home (`~/.bashrc.d/*.sh`) is listed there, as the paths it names.
    if (glob.startsWith(`${this.#home}/`) && !(root && glob.startsWith(`${root}/`))) {
      if (this.#reads) this.#reads.listed = true;
      return {
        matches: [
          ...new Set([
            ...this.#memory.paths(session).filter((path) => path.startsWith("/") && matches(path)),
            ...this.#listings.list(glob.slice(this.#home.length + 1), this.#home).map((path) => `${this.#home}/${path}`),
          ]),
        ],
        label: "listed",
      };
    }
    if (root && this.#reads) this.#reads.listed = true;
    const onDisk = root ? this.#listings.list(glob, root) : [];
    return { matches: [...new Set([...remembered, ...onDisk])], label: root ? "listed" : "remembered" };
  }

  /** After the verdict: what the call wrote, unless it was blocked (then it never ran). */
  record(event: PolicyEvent, verdict: Verdict, session: string | null, step: number) {
    if (event.hook !== "before_tool_call" || verdict.decision.kind === "block") return;
    const root = this.root(session)?.path;
    const tool = event.tool[0] ?? "tool";
    const label = `step ${step} (${tool})`;
    const key = (path: string) => memoryKey(path, this.#home, root);
    const path = pathOf(event.input);
    if (path !== undefined && event.tool.some((name) => WRITE_TOOLS.has(name))) {
      const content = event.input.content;
      this.#memory.remember(session, key(path), { ...(typeof content === "string" ? { content } : {}), step: label });
      return;
    }
    if (path !== undefined && event.tool.some((name) => EDIT_TOOLS.has(name))) {
      const content = applyEdit(this.#editBase(session, key(path), root), event.input.old_string, event.input.new_string);
      this.#memory.remember(session, key(path), { ...(content !== undefined ? { content } : {}), step: label });
      return;
    }
    const view = verdict.view;
    if (!view) return;
    const written = new Set<string>();
    for (const entry of view.written ?? []) {
      written.add(entry.path);
      // Only an append reads what the file held: an overwrite does not decode the old text to drop it.
      const before = entry.append ? this.#memory.get(session, key(entry.path)) : undefined;
      // Made from a download an earlier call fetched (`base64 -d blob.txt > run.sh`): what it holds came from the network too.
      const derived = !entry.downloaded && (entry.origins ?? []).some((origin) => this.#wasDownloaded(session, key(origin)));
      this.#memory.remember(session, key(entry.path), fromWritten(derived ? { ...entry, downloaded: true } : entry, label, before));
    }
    // What a copy was made from keeps the text the session knew (`zstd -q f` keeps f; `gzip f` leaves its data only in
    // f.gz): forgetting it would leave the copy's origin unknown when the copy is sent later.
    const origins = new Set((view.written ?? []).flatMap((entry) => entry.origins ?? []));
    for (const command of view.commands)
      for (const target of command.writes)
        if (!written.has(target) && !command.patterns.includes(target) && !origins.has(target)) this.#memory.remember(session, key(target), { step: label });
  }

  /**
   * The text an edit applies to: what the session knows of the file, else the file under the project as the
   * disk has it now — before the host applies the edit. Without it an edit of a file the session never wrote
   * (`echo ok` made into `rm -rf ~` in a Makefile on disk) left it "changed, content unknown".
   */
  #editBase(session: string | null, key: string, root: string | undefined): string | undefined {
    const remembered = this.#memory.get(session, key);
    if (remembered) return remembered.content;
    const absolute = absoluteOf(key, root);
    return root && absolute ? readProjectFile(absolute, root)?.content : undefined;
  }
}

/**
 * A path kept under a run-time name: `**` for a run-time part, `*` for a printed word. A printed word's own patterns
 * (`+([0-9])`, remembered beside it) are bash's extended globs, which this matcher does not read: left out.
 */
function isRunTimeName(path: string): boolean {
  return path.includes("**") || (path.includes("*") && !/[[({?]/.test(path));
}

/** `**` + `/lib/common.sh`: a run-time directory and a certain file name (not `**` + `.sh`, which names any script). */
function isCertainTail(key: string): boolean {
  const at = key.lastIndexOf("**");
  return at >= 0 && /^\/(?:[\w.+@-]+\/)*[\w+@-][\w.+@-]*$/.test(key.slice(at + 2)) && !key.slice(0, at).includes("*");
}

function tailMatches(path: string, matches: (candidate: string) => boolean): boolean {
  for (let at = path.indexOf("/", 1); at > 0; at = path.indexOf("/", at + 1)) if (matches(path.slice(at + 1))) return true;
  return false;
}

function pathOf(input: Record<string, unknown>): string | undefined {
  for (const field of PATH_FIELDS) if (typeof input[field] === "string" && input[field] !== "") return input[field] as string;
  return undefined;
}
