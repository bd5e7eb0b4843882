// The audit log: one JSON line per hook event (and per policy reload),
// written synchronously before the answer goes out, rotated by size.
// Every string of a record passes through the detectors first, as decoded
// text and before any cut (see match/secrets/for-log.ts).
import { closeSync, existsSync, fstatSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import { logLine } from "../rpc/stderr.ts";
import { AUDIT_LOG_KEEP, AUDIT_LOG_MAX_BYTES, AUDIT_PREVIEW_CHARS } from "../limits.ts";
import { preview as boundedPreview, redactForLog } from "../match/secrets/for-log.ts";

export type AuditRecord = Record<string, unknown>;

export type AuditOptions = { path: string; maxBytes?: number; keep?: number };

export class AuditLog {
  readonly path: string;
  readonly #maxBytes: number;
  readonly #keep: number;
  #fd: number | undefined;
  #size = 0;
  #broken = false;

  constructor({ path, maxBytes = AUDIT_LOG_MAX_BYTES, keep = AUDIT_LOG_KEEP }: AuditOptions) {
    this.path = path;
    this.#maxBytes = maxBytes;
    this.#keep = keep;
  }

  write(record: AuditRecord) {
    if (this.#broken) return;
    try {
      const fd = this.#open();
      const line = `${JSON.stringify(redactRecord(record))}\n`;
      const bytes = Buffer.from(line);
      writeSync(fd, bytes);
      this.#size += bytes.length;
      if (this.#size >= this.#maxBytes) this.#rotate();
    } catch (error) {
      // An unwritable log must not stop the guard; say so once.
      this.#broken = true;
      logLine(`audit log ${this.path} cannot be written (${(error as Error).message}); auditing is off until restart`);
    }
  }

  close() {
    if (this.#fd !== undefined) closeSync(this.#fd);
    this.#fd = undefined;
  }

  #open(): number {
    if (this.#fd !== undefined) return this.#fd;
    mkdirSync(dirname(this.path), { recursive: true });
    this.#fd = openSync(this.path, "a", 0o600);
    this.#size = fstatSync(this.#fd).size;
    return this.#fd;
  }

  /** audit.jsonl → audit.jsonl.1 → … → audit.jsonl.<keep>; the oldest is dropped. */
  #rotate() {
    this.close();
    const oldest = `${this.path}.${this.#keep}`;
    if (existsSync(oldest)) rmSync(oldest);
    for (let index = this.#keep - 1; index >= 1; index--) {
      const from = `${this.path}.${index}`;
      if (existsSync(from)) renameSync(from, `${this.path}.${index + 1}`);
    }
    renameSync(this.path, `${this.path}.1`);
    this.#size = 0;
  }
}

/** A short, secret-free preview of a tool input or message for the log. */
export function preview(value: unknown): string | null {
  return boundedPreview(value, AUDIT_PREVIEW_CHARS);
}

/**
 * Every string field of a record, and every string in an array field,
 * redacted: session ids, reasons and policy errors can hold what a person
 * pasted. Fields already made by preview() are redacted again at little cost.
 */
function redactRecord(record: AuditRecord): AuditRecord {
  const clock = () => performance.now();
  const out: AuditRecord = {};
  for (const [key, value] of Object.entries(record)) {
    if (typeof value === "string") out[key] = redactForLog(value, clock);
    else if (Array.isArray(value)) out[key] = value.map((item) => (typeof item === "string" ? redactForLog(item, clock) : item));
    else out[key] = value;
  }
  return out;
}
