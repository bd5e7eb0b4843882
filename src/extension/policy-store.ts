// Which policy is active, and keeping it current: load at start (fail closed
// when the file is broken), watch the file's directory (editors replace files
// by rename), and swap in a new policy only when it parses, validates and
// passes its inline tests. This is the I/O shell around the pure loader.
import { existsSync, readFileSync, statSync, watch, type FSWatcher } from "node:fs";
import { basename, dirname } from "node:path";
import type { Parser } from "web-tree-sitter";
import { loadBashParser } from "../match/shell/parser.ts";
import type { CompiledPolicy } from "../policy/compile.ts";
import { runInlineTests } from "../policy/inline-tests.ts";
import { loadPolicy } from "../policy/load.ts";
import type { OnError } from "../policy/schema.ts";
import { formatProblem } from "../policy/source.ts";
import defaultPolicyText from "../policy/default-policy.toml" with { type: "text" };

export const EMBEDDED_POLICY_NAME = "embedded default policy";
export { defaultPolicyText };

export type PolicyState =
  | { kind: "active"; policy: CompiledPolicy; loadedAt: Date; lastReloadError?: string }
  /** The policy file was broken at start: tool calls get on_error, with the reason. */
  | { kind: "failed"; file: string; problems: string[]; onError: OnError; loadedAt: Date };

export type ReloadListener = (event: { ok: boolean; file: string; hash?: string; problems?: string[] }) => void;

export type FileLoad = { ok: true; policy: CompiledPolicy } | { ok: false; problems: string[]; onError: OnError };

/** Read, validate, compile and test a policy file; the embedded default when there is no file. */
export async function loadPolicyFile(file: string | undefined, home: string, parser?: Parser): Promise<FileLoad> {
  let text: string;
  let source: string;
  if (file === undefined || !existsSync(file)) {
    text = defaultPolicyText;
    source = EMBEDDED_POLICY_NAME;
  } else {
    try {
      text = readFileSync(file, "utf8");
      source = file;
    } catch (error) {
      return { ok: false, problems: [`${file}: cannot be read: ${(error as Error).message}`], onError: "block" };
    }
  }
  const loaded = loadPolicy({ text, file: source, home, ...(source === EMBEDDED_POLICY_NAME ? { format: "toml" as const } : {}) });
  if (!loaded.ok) return { ok: false, problems: loaded.problems.map(formatProblem), onError: loaded.onError };
  const failures = runInlineTests(loaded.policy, parser ?? (await loadBashParser()));
  if (failures.length > 0) {
    return { ok: false, problems: failures.map((failure) => `${failure.label}: ${failure.message}`), onError: loaded.policy.defaults.on_error };
  }
  return { ok: true, policy: loaded.policy };
}

export class PolicyStore {
  readonly file: string | undefined;
  readonly #home: string;
  #state: PolicyState | undefined;
  #ready: Promise<void> | undefined;
  #watcher: FSWatcher | undefined;
  #debounce: ReturnType<typeof setTimeout> | undefined;
  #listeners: ReloadListener[] = [];
  #lastReloadAt: Date | undefined;
  #loadedVersion = "absent";

  constructor(file: string | undefined, home: string) {
    this.file = file;
    this.#home = home;
  }

  /** Start loading; the returned promise settles when a state (active or failed) exists. */
  start(): Promise<void> {
    this.#ready ??= this.#loadInitial();
    return this.#ready;
  }

  get state(): PolicyState | undefined {
    return this.#state;
  }

  get lastReloadAt(): Date | undefined {
    return this.#lastReloadAt;
  }

  onReload(listener: ReloadListener) {
    this.#listeners.push(listener);
  }

  async #loadInitial() {
    this.#loadedVersion = this.#fileVersion();
    const loaded = await loadPolicyFile(this.file, this.#home);
    const now = new Date();
    this.#state = loaded.ok
      ? { kind: "active", policy: loaded.policy, loadedAt: now }
      : { kind: "failed", file: this.file ?? EMBEDDED_POLICY_NAME, problems: loaded.problems, onError: loaded.onError, loadedAt: now };
  }

  /** Watch the policy file's directory and reload on change. */
  watch() {
    if (this.file === undefined || this.#watcher) return;
    const directory = dirname(this.file);
    const name = basename(this.file);
    if (!existsSync(directory)) return;
    try {
      this.#watcher = watch(directory, { persistent: false }, (_event, changed) => {
        if (changed !== null && changed !== name) return;
        this.#scheduleReload();
      });
      this.#watcher.on("error", () => this.#stopWatching());
    } catch {
      this.#watcher = undefined;
    }
    // A change between the first load and the watch would otherwise go unseen.
    if (this.#fileVersion() !== this.#loadedVersion) this.#scheduleReload();
  }

  /** The file's modification time and size, or "absent". */
  #fileVersion(): string {
    if (this.file === undefined) return "absent";
    try {
      const stat = statSync(this.file);
      return `${stat.mtimeMs}:${stat.size}`;
    } catch {
      return "absent";
    }
  }

  #stopWatching() {
    this.#watcher?.close();
    this.#watcher = undefined;
  }

  close() {
    this.#stopWatching();
    if (this.#debounce) clearTimeout(this.#debounce);
  }

  #scheduleReload() {
    if (this.#debounce) clearTimeout(this.#debounce);
    // Editors write in several steps (truncate, write, rename); wait for quiet.
    this.#debounce = setTimeout(() => void this.reload(), 100);
  }

  /** Load the file again; swap only if it is good, else keep the last good policy. */
  async reload(): Promise<{ ok: boolean; problems?: string[] }> {
    await this.start();
    this.#loadedVersion = this.#fileVersion();
    const loaded = await loadPolicyFile(this.file, this.#home);
    this.#lastReloadAt = new Date();
    const file = this.file ?? EMBEDDED_POLICY_NAME;
    if (loaded.ok) {
      this.#state = { kind: "active", policy: loaded.policy, loadedAt: new Date() };
      for (const listener of this.#listeners) listener({ ok: true, file, hash: loaded.policy.hash });
      return { ok: true };
    }
    // A broken edit keeps the last good policy; if there never was one, it stays closed with the new reasons.
    if (this.#state?.kind === "active") this.#state = { ...this.#state, lastReloadError: loaded.problems.join("; ") };
    else this.#state = { kind: "failed", file, problems: loaded.problems, onError: loaded.onError, loadedAt: new Date() };
    for (const listener of this.#listeners) listener({ ok: false, file, problems: loaded.problems });
    return { ok: false, problems: loaded.problems };
  }
}
