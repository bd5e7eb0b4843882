// The audit log: one JSON line per hook event (and per policy reload),
// written synchronously before the answer goes out, rotated by size.
// Everything that could hold a secret passes through the detectors first.
import { closeSync, existsSync, fstatSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import { logLine } from "../rpc/stderr.ts";
import { redactAll } from "../policy/detectors.ts";

export type AuditRecord = Record<string, unknown>;

export type AuditOptions = { path: string; maxBytes?: number; keep?: number };

const PREVIEW_CHARS = 400;

export class AuditLog {
  readonly path: string;
  readonly #maxBytes: number;
  readonly #keep: number;
  #fd: number | undefined;
  #size = 0;
  #broken = false;

  constructor({ path, maxBytes = 10 * 1024 * 1024, keep = 3 }: AuditOptions) {
    this.path = path;
    this.#maxBytes = maxBytes;
    this.#keep = keep;
  }

  write(record: AuditRecord) {
    if (this.#broken) return;
    try {
      const fd = this.#open();
      const line = `${JSON.stringify(record)}\n`;
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
  if (value === null || value === undefined) return null;
  const text = typeof value === "string" ? value : JSON.stringify(value);
  // Redact a wider window than is kept, so a secret that starts in the preview is seen whole.
  const short = text.length > PREVIEW_CHARS * 5 ? text.slice(0, PREVIEW_CHARS * 5) : text;
  const redacted = redactAll(short);
  return redacted.length > PREVIEW_CHARS ? `${redacted.slice(0, PREVIEW_CHARS)}…` : redacted;
}
