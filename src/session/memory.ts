// What the agent wrote in this session: the text of files written with the
// write and edit tools and by shell commands (heredocs, redirects, tee), the
// files it downloaded, copied from elsewhere or linked, and the files it
// changed in ways the guard cannot follow ("changed, content unknown": a
// later run reads them from disk). A later call that runs or sends one of
// them is judged by what is remembered here. Kept per session (the host's
// session_id; a default for workers and sub-agents), bounded in sessions,
// files and text, least recently used first, and forgotten at
// on_session_end.
import { isAbsolute, join, normalize } from "node:path";
import { MAX_MEMORY_FILE_CHARS, MAX_MEMORY_FILES, MAX_MEMORY_SESSION_CHARS, MAX_MEMORY_SESSIONS, MAX_MEMORY_TOTAL_CHARS } from "../limits.ts";
import type { KnownFile, WrittenEntry } from "../policy/engine/index.ts";

/** One remembered file. `content` undefined: changed in a way the guard could not follow. */
export type MemoryFile = {
  content?: string;
  downloaded?: true;
  origins?: readonly string[];
  link?: string;
  /** Which step wrote it: "step 3 (write)". */
  step: string;
};

const DEFAULT_SESSION = "default";

class SessionFiles {
  readonly files = new Map<string, MemoryFile>();
  chars = 0;
  steps = 0;
}

export class SessionMemory {
  readonly #sessions = new Map<string, SessionFiles>();
  #chars = 0;

  /** The session's next step number (each tool call is one step). */
  step(session: string | null): number {
    return ++this.#session(session).steps;
  }

  /** What the session remembers of `path` (absolute, or relative to the project). */
  get(session: string | null, path: string): MemoryFile | undefined {
    const files = this.#sessions.get(session ?? DEFAULT_SESSION)?.files;
    const file = files?.get(path);
    if (file && files) {
      files.delete(path);
      files.set(path, file);
    }
    return file;
  }

  /**
   * Remember a file as written now (replacing what was known). `text`: "its own" when the content is a string
   * JSON.parse made (a write tool's input: JSON.parse copies what it parses), which is then kept without another
   * copy; "maybe shared" (the default) for text cut out of another (an edit, a heredoc), which is copied.
   */
  remember(session: string | null, path: string, file: MemoryFile, text: "its own" | "maybe shared" = "maybe shared") {
    const state = this.#session(session);
    const old = state.files.get(path);
    if (old) this.#drop(state, path, old);
    const kept =
      file.content === undefined
        ? file
        : file.content.length > MAX_MEMORY_FILE_CHARS
          ? withoutContent(file)
          : text === "its own"
            ? file
            : { ...file, content: ownCopy(file.content) };
    state.files.set(path, kept);
    this.#charge(state, kept.content?.length ?? 0);
    while (state.files.size > MAX_MEMORY_FILES) this.#drop(state, state.files.keys().next().value!, state.files.values().next().value!);
    this.#trim(state);
  }

  /** Every path the session wrote, most recent last (for the project root found from write paths). */
  paths(session: string | null): string[] {
    return [...(this.#sessions.get(session ?? DEFAULT_SESSION)?.files.keys() ?? [])];
  }

  /** on_session_end: the session's memory goes. */
  forget(session: string | null) {
    const key = session ?? DEFAULT_SESSION;
    const state = this.#sessions.get(key);
    if (!state) return;
    this.#chars -= state.chars;
    this.#sessions.delete(key);
  }

  /** Sessions and characters of text kept (for tests and the bench). */
  get size(): { sessions: number; chars: number } {
    return { sessions: this.#sessions.size, chars: this.#chars };
  }

  #session(session: string | null): SessionFiles {
    const key = session ?? DEFAULT_SESSION;
    let state = this.#sessions.get(key);
    if (state) {
      this.#sessions.delete(key);
      this.#sessions.set(key, state);
      return state;
    }
    state = new SessionFiles();
    this.#sessions.set(key, state);
    while (this.#sessions.size > MAX_MEMORY_SESSIONS) this.forget(this.#sessions.keys().next().value!);
    return state;
  }

  #charge(state: SessionFiles, chars: number) {
    state.chars += chars;
    this.#chars += chars;
  }

  #drop(state: SessionFiles, path: string, file: MemoryFile) {
    state.files.delete(path);
    this.#charge(state, -(file.content?.length ?? 0));
  }

  /** Over a budget: the oldest contents are forgotten (their files stay known as changed), in this session, then in the least recently used ones. */
  #trim(current: SessionFiles) {
    forgetContents(
      current,
      () => current.chars > MAX_MEMORY_SESSION_CHARS,
      (chars) => this.#charge(current, -chars),
    );
    for (const state of this.#sessions.values()) {
      if (this.#chars <= MAX_MEMORY_TOTAL_CHARS) return;
      forgetContents(
        state,
        () => this.#chars > MAX_MEMORY_TOTAL_CHARS,
        (chars) => this.#charge(state, -chars),
      );
    }
  }
}

function forgetContents(state: SessionFiles, over: () => boolean, release: (chars: number) => void) {
  for (const [path, file] of state.files) {
    if (!over()) return;
    if (file.content === undefined) continue;
    state.files.set(path, withoutContent(file));
    release(file.content.length);
  }
}

/**
 * The text as a string of its own. A slice or a concatenation may share the storage of the text it was cut
 * from (a whole command, an earlier version of the file): kept as it is, each remembered file would hold that
 * alive beyond what the memory counts.
 */
function ownCopy(text: string): string {
  return Buffer.from(text, "utf8").toString("utf8");
}

function withoutContent(file: MemoryFile): MemoryFile {
  const { content: _content, ...rest } = file;
  return rest;
}

/** A remembered file as the engine is given it. */
export function knownFromMemory(file: MemoryFile): KnownFile {
  return {
    ...(file.content !== undefined ? { content: file.content } : {}),
    ...(file.downloaded ? { downloaded: true as const } : {}),
    ...(file.origins ? { origins: file.origins } : {}),
    ...(file.link !== undefined ? { link: file.link } : {}),
    label: `written at ${file.step}`,
  };
}

/** An edit applied to known text: the first occurrence replaced (as the edit tool does), or undefined when it is not there. */
export function applyEdit(content: string | undefined, oldText: unknown, newText: unknown): string | undefined {
  if (content === undefined || typeof oldText !== "string" || typeof newText !== "string") return undefined;
  const at = content.indexOf(oldText);
  if (at < 0) return undefined;
  return content.slice(0, at) + newText + content.slice(at + oldText.length);
}

/** A shell command's writes, as memory entries. */
export function fromWritten(entry: WrittenEntry, step: string, before: MemoryFile | undefined): MemoryFile {
  if (entry.append) return { content: `${before?.content ?? ""}${entry.content ?? ""}`, step };
  return {
    ...(entry.content !== undefined ? { content: entry.content } : {}),
    ...(entry.downloaded ? { downloaded: true as const } : {}),
    ...(entry.origins ? { origins: entry.origins } : {}),
    ...(entry.link !== undefined ? { link: entry.link } : {}),
    step,
  };
}

/**
 * The key a path is remembered under: absolute paths normalized; a relative one as the analysis names it
 * (relative to the project), or, for the file tools, relative to the project root when it is known.
 */
export function memoryKey(path: string, home: string, root: string | undefined): string {
  const expanded = path === "~" ? home : path.startsWith("~/") ? home + path.slice(1) : path;
  if (!isAbsolute(expanded)) return normalize(expanded).replace(/\/+$/, "");
  const absolute = normalize(expanded).replace(/(.)\/+$/, "$1");
  if (root && absolute.startsWith(`${root}/`)) return absolute.slice(root.length + 1);
  return absolute;
}

/** The absolute path of a key, when the project root is known. */
export function absoluteOf(key: string, root: string | undefined): string | undefined {
  if (isAbsolute(key)) return key;
  return root ? join(root, key) : undefined;
}
