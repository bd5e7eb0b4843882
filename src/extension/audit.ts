// The audit log: one JSON line per hook event (and per dry run, policy
// reload and recovered gap), written synchronously before the answer goes
// out, rotated by size. Every string of a record passes through the
// detectors first, as decoded text and before any cut.
//
// The log is only ever a regular file: the path is looked at without opening
// it, then opened without following a symbolic link and without blocking, and
// checked again (a FIFO, /dev/stdout or a link to ~/.bashrc would block the
// guard, corrupt the protocol stream or write where it must not). A path that
// fails this turns auditing off with a loud message; the policy still
// protects. A write that fails (disk full, read-only, a file size limit)
// leaves the guard answering: the record is counted as dropped, writing is
// tried again a second later, and once it works an `audit_gap` record says
// how many were lost.
import { closeSync, constants, existsSync, fstatSync, lstatSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import { AUDIT_LOG_KEEP, AUDIT_LOG_MAX_BYTES, AUDIT_PREVIEW_CHARS, AUDIT_RETRY_MS } from "../limits.ts";
import { preview as boundedPreview, type LogRedaction, redactForLog } from "../match/secrets/for-log.ts";
import type { AuditRecord } from "../report/audit-record.ts";
import { logLine } from "../rpc/stderr.ts";
import { auditPathProblem as pathProblem, kindOf } from "../plugin/audit-path.ts";
import { cpuClock } from "../policy/load/cpu-clock.ts";

export type { AuditRecord } from "../report/audit-record.ts";

export type AuditOptions = {
  path: string;
  /** The plugin folder: a log inside it must not lead out of it through a symbolic link. */
  pluginRoot?: string;
  maxBytes?: number;
  keep?: number;
  /** Milliseconds, for the retry interval. */
  now?: () => number;
};

export type AuditHealth =
  | { state: "ok"; path: string; recovered?: { at: string; dropped: number } }
  | { state: "failing"; path: string; since: string; dropped: number; error: string }
  | { state: "refused"; path: string; reason: string };

const OPEN_FLAGS = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/** A path the log must never be written to; auditing stays off. */
class RefusedPath extends Error {}

let ignoringFileSizeSignal = false;

export class AuditLog {
  readonly path: string;
  readonly #pluginRoot: string | undefined;
  readonly #maxBytes: number;
  readonly #keep: number;
  readonly #now: () => number;
  #fd: number | undefined;
  /** The identity of the open file (what a look at the path is compared with). */
  #openId: { dev: number; ino: number } | undefined;
  #health: AuditHealth;
  #lastAttempt = 0;
  /** A write failed part-way through a line: the next one starts on a fresh line. */
  #torn = false;

  constructor({ path, pluginRoot, maxBytes = AUDIT_LOG_MAX_BYTES, keep = AUDIT_LOG_KEEP, now = Date.now }: AuditOptions) {
    this.path = path;
    this.#pluginRoot = pluginRoot;
    this.#maxBytes = maxBytes;
    this.#keep = keep;
    this.#now = now;
    // Past `ulimit -f` the kernel sends SIGXFSZ, which would end the process; with it ignored the write fails with EFBIG instead.
    if (!ignoringFileSizeSignal && process.platform !== "win32") {
      process.on("SIGXFSZ", () => {});
      ignoringFileSizeSignal = true;
    }
    const problem = pathProblem(path, pluginRoot);
    this.#health = problem ? { state: "refused", path, reason: problem } : { state: "ok", path };
    if (problem) logLine(`AUDIT LOG OFF: audit_log ${path}: ${problem}. Hooks are still judged, but nothing is recorded until audit_log names a regular file.`);
  }

  health(): AuditHealth {
    return this.#health;
  }

  /**
   * Append one record, every string redacted by the built-in detectors, the policy's own patterns and the secrets
   * known (`redaction`) — except `redacted`: fields the caller has already passed through the same redaction (a
   * preview, a redacted reason), which are not redacted a second time.
   */
  write(record: AuditRecord, redaction: LogRedaction = {}, redacted: ReadonlyArray<keyof AuditRecord> = []) {
    const health = this.#health;
    if (health.state === "refused") return;
    if (health.state === "failing" && this.#now() - this.#lastAttempt < AUDIT_RETRY_MS) {
      health.dropped++;
      return;
    }
    this.#lastAttempt = this.#now();
    try {
      if (health.state === "failing")
        this.#append({ time: new Date().toISOString(), event: "audit_gap", dropped: health.dropped, since: health.since, error: health.error }, redaction);
      this.#append(record, redaction, redacted);
      if (health.state === "failing") {
        logLine(`audit log ${this.path} is written again; ${health.dropped} records were dropped since ${health.since}`);
        this.#health = { state: "ok", path: this.path, recovered: { at: new Date().toISOString(), dropped: health.dropped } };
      }
    } catch (error) {
      this.#failed(error);
    }
  }

  close() {
    if (this.#fd !== undefined) {
      try {
        closeSync(this.#fd);
      } catch {
        // Already gone: nothing to flush, writes are synchronous.
      }
    }
    this.#fd = undefined;
    this.#openId = undefined;
  }

  #failed(error: unknown) {
    this.close();
    if (error instanceof RefusedPath) {
      this.#health = { state: "refused", path: this.path, reason: error.message };
      logLine(`AUDIT LOG OFF: audit_log ${this.path}: ${error.message}. Hooks are still judged, but nothing is recorded.`);
      return;
    }
    const message = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    const health = this.#health;
    if (health.state === "failing") {
      health.dropped++;
      health.error = message;
      return;
    }
    this.#health = { state: "failing", path: this.path, since: new Date().toISOString(), dropped: 1, error: message };
    logLine(`audit log ${this.path} cannot be written (${message}); hooks are still answered, records are counted as dropped, writing is retried every ${AUDIT_RETRY_MS} ms`);
  }

  #append(record: AuditRecord, redaction: LogRedaction, redacted: ReadonlyArray<keyof AuditRecord> = []) {
    const { fd, size } = this.#open();
    const line = `${this.#torn ? "\n" : ""}${JSON.stringify(redactRecord(record, redaction, redacted))}\n`;
    const bytes = Buffer.from(line);
    let offset = 0;
    try {
      while (offset < bytes.length) offset += writeSync(fd, bytes, offset, bytes.length - offset);
    } catch (error) {
      if (offset > 0) this.#torn = true;
      throw error;
    }
    this.#torn = false;
    // The file's own size as it was just before this line (another process may append to the same log), plus the
    // line: what a second look after the write would say, but for appends of the last moment, seen at the next one.
    if (size + bytes.length >= this.#maxBytes) this.#rotate();
  }

  /** The open log and its size now, opened afresh when the file at the path is another (rotated away) or gone. */
  #open(): { fd: number; size: number } {
    if (this.#fd !== undefined) {
      const size = this.#sizeAtPath();
      if (size !== undefined) return { fd: this.#fd, size };
    }
    this.close();
    const problem = pathProblem(this.path, this.#pluginRoot);
    if (problem) throw new RefusedPath(problem);
    mkdirSync(dirname(this.path), { recursive: true });
    let fd: number;
    try {
      fd = openSync(this.path, OPEN_FLAGS, 0o600);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ELOOP") throw new RefusedPath("is a symbolic link; the audit log is never written through a link");
      if (code === "ENXIO") throw new RefusedPath("is a named pipe, not a regular file");
      throw error;
    }
    const stat = fstatSync(fd);
    if (!stat.isFile()) {
      closeSync(fd);
      throw new RefusedPath(`is ${kindOf(stat)}, not a regular file`);
    }
    this.#fd = fd;
    this.#openId = { dev: stat.dev, ino: stat.ino };
    return { fd, size: stat.size };
  }

  /**
   * The open file's size, if it is still the one at the path (another writer may have rotated it away): one look
   * at the path, whose size is the open file's own when it is the same file.
   */
  #sizeAtPath(): number | undefined {
    try {
      const atPath = lstatSync(this.path);
      return atPath.ino === this.#openId?.ino && atPath.dev === this.#openId.dev ? atPath.size : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * audit.jsonl → audit.jsonl.1 → … → audit.jsonl.<keep>; the oldest is
   * dropped. One writer at a time (a lock file beside the log), and only a
   * file that is full: another process may have rotated it a moment ago.
   */
  #rotate() {
    this.close();
    const lock = `${this.path}.rotating`;
    if (!takeLock(lock, this.#now())) return;
    try {
      if (!existsSync(this.path) || lstatSync(this.path).size < this.#maxBytes) return;
      const oldest = `${this.path}.${this.#keep}`;
      if (existsSync(oldest)) rmSync(oldest);
      for (let index = this.#keep - 1; index >= 1; index--) {
        const from = `${this.path}.${index}`;
        if (existsSync(from)) renameSync(from, `${this.path}.${index + 1}`);
      }
      renameSync(this.path, `${this.path}.1`);
    } finally {
      rmSync(lock, { force: true });
    }
  }
}

/** A lock older than this was left by a writer that died mid-rotation; it is taken over. */
const STALE_LOCK_MS = 10_000;

/** Create the lock file, or take over a stale one; false when another writer holds it. */
function takeLock(lock: string, now: number): boolean {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      closeSync(openSync(lock, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600));
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") return false;
      try {
        if (now - lstatSync(lock).mtimeMs < STALE_LOCK_MS) return false;
        rmSync(lock, { force: true });
      } catch {
        return false;
      }
    }
  }
  return false;
}

/** A short, secret-free preview of a tool input or message for the log. */
export function preview(value: unknown, redaction: LogRedaction = {}): string | null {
  return boundedPreview(value, AUDIT_PREVIEW_CHARS, redaction);
}

/**
 * Every string field of a record, and every string in an array field,
 * redacted: session ids, reasons and policy errors can hold what a person
 * pasted. Fields the caller names as already redacted (made by preview(), or
 * by redactForLog) are not redacted twice; tool_input is redacted where it is
 * made (audit-input.ts).
 */
function redactRecord(record: AuditRecord, redaction: LogRedaction, redacted: ReadonlyArray<keyof AuditRecord>): AuditRecord {
  const options = { now: cpuClock.now, ...redaction };
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (value === undefined) continue;
    if (typeof value === "string" && redacted.includes(key as keyof AuditRecord)) out[key] = value;
    else if (typeof value === "string") out[key] = redactForLog(value, options);
    else if (Array.isArray(value)) out[key] = value.map((item) => (typeof item === "string" ? redactForLog(item, options) : item));
    else out[key] = value;
  }
  return out as AuditRecord;
}
