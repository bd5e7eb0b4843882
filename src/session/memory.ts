// What the agent wrote in this session: the text of files written with the
// write and edit tools and by shell commands (heredocs, redirects, tee), the
// files it downloaded, copied from elsewhere or linked, and the files it
// changed in ways the guard cannot follow ("changed, content unknown": a
// later run reads them from disk). A later call that runs or sends one of
// them is judged by what is remembered here. Kept per session (the host's
// session_id; a default for workers and sub-agents), bounded in sessions,
// files and text, least recently used first, and forgotten at
// on_session_end. The texts themselves are bytes in pages outside the
// garbage collector (text-pages.ts), read back as a string when a call needs
// one.
import { isAbsolute, join, normalize } from "node:path";
import { MAX_MEMORY_FILE_BYTES, MAX_MEMORY_FILES, MAX_MEMORY_SESSION_BYTES, MAX_MEMORY_SESSIONS, MAX_MEMORY_TOTAL_BYTES } from "../limits.ts";
import type { KnownFile, WrittenEntry } from "../policy/engine/index.ts";
import { type StoredText, TextPages, utf8Length } from "./text-pages.ts";

/** One remembered file. `content` undefined: changed in a way the guard could not follow. */
export type MemoryFile = {
  content?: string;
  downloaded?: true;
  origins?: readonly string[];
  link?: string;
  /** Which step wrote it: "step 3 (write)". */
  step: string;
};

/** A file as kept: its text in pages. */
type Entry = Omit<MemoryFile, "content"> & { text?: StoredText };

const DEFAULT_SESSION = "default";

class SessionFiles {
  readonly files = new Map<string, Entry>();
  /** Bytes of pages its texts take. */
  bytes = 0;
  steps = 0;
}

export class SessionMemory {
  readonly #sessions = new Map<string, SessionFiles>();
  readonly #pages = new TextPages(MAX_MEMORY_TOTAL_BYTES);
  #generation = 0;

  /** A number that changes whenever any session's files change (what a cache of files found for a call is valid for). */
  get generation(): number {
    return this.#generation;
  }

  /** The session's next step number (each tool call is one step). */
  step(session: string | null): number {
    return ++this.#session(session).steps;
  }

  /**
   * What the session remembers of `path` (absolute, or relative to the project): with "text", its text read back
   * as a new string; with "flags", all but the text (a caller that only asks whether it is a link or a download
   * does not decode 64 KiB to drop it).
   */
  get(session: string | null, path: string, want: "text" | "flags" = "text"): MemoryFile | undefined {
    const files = this.#sessions.get(session ?? DEFAULT_SESSION)?.files;
    const entry = files?.get(path);
    if (!entry || !files) return undefined;
    files.delete(path);
    files.set(path, entry);
    const { text, ...rest } = entry;
    return text && want === "text" ? { ...rest, content: this.#pages.read(text) } : rest;
  }

  /** Remember a file as written now (replacing what was known). Its text is copied into the memory's pages. */
  remember(session: string | null, path: string, file: MemoryFile) {
    this.#generation++;
    const state = this.#session(session);
    const old = state.files.get(path);
    if (old) this.#drop(state, path, old);
    while (state.files.size >= MAX_MEMORY_FILES) this.#drop(state, state.files.keys().next().value!, state.files.values().next().value!);
    const { content, ...rest } = file;
    const bytes = content === undefined ? undefined : utf8Length(content);
    const text = content === undefined || bytes === undefined || bytes > MAX_MEMORY_FILE_BYTES ? undefined : this.#store(state, content, bytes);
    state.files.set(path, text ? { ...rest, text } : rest);
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
    this.#generation++;
    for (const entry of state.files.values()) if (entry.text) this.#pages.release(entry.text);
    this.#sessions.delete(key);
  }

  /** Sessions and bytes of text kept, in whole pages (for tests and the bench). */
  get size(): { sessions: number; bytes: number } {
    return { sessions: this.#sessions.size, bytes: this.#pages.used };
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

  /**
   * Room for a text of `bytes` in the session's budget and in the pages, made by forgetting the oldest contents
   * (their files stay known as changed): this session's first, then the least recently used sessions'.
   */
  #store(current: SessionFiles, content: string, bytes: number): StoredText | undefined {
    const cost = TextPages.cost(bytes);
    this.#forgetContents(current, () => current.bytes + cost > MAX_MEMORY_SESSION_BYTES);
    for (const state of this.#sessions.values()) {
      if (this.#pages.free >= cost) break;
      this.#forgetContents(state, () => this.#pages.free < cost);
    }
    const text = this.#pages.store(content, bytes);
    if (text) current.bytes += cost;
    return text;
  }

  #drop(state: SessionFiles, path: string, entry: Entry) {
    state.files.delete(path);
    this.#release(state, entry);
  }

  #release(state: SessionFiles, entry: Entry) {
    if (!entry.text) return;
    this.#pages.release(entry.text);
    state.bytes -= TextPages.cost(entry.text.bytes);
  }

  #forgetContents(state: SessionFiles, over: () => boolean) {
    for (const [path, entry] of state.files) {
      if (!over()) return;
      if (!entry.text) continue;
      this.#release(state, entry);
      state.files.set(path, withoutText(entry));
    }
  }
}

function withoutText(entry: Entry): Entry {
  const { text: _text, ...rest } = entry;
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
