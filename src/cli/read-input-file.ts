// A file the command line reads: only a regular file (a FIFO or a device
// would block or never end), within a size limit, or a message saying why not.
import { readFileSync } from "node:fs";
import { MAX_CLI_INPUT_BYTES } from "../limits.ts";
import { fileKind } from "../policy/load/load-file.ts";

export type InputFile = { ok: true; text: string } | { ok: false; problem: string };

export function readInputFile(path: string): InputFile {
  const kind = fileKind(path);
  if (kind.kind === "absent") return { ok: false, problem: `${path}: no such file` };
  if (kind.kind === "other") return { ok: false, problem: `${path}: ${kind.what}, not a regular file` };
  if (kind.size > MAX_CLI_INPUT_BYTES) return { ok: false, problem: `${path}: ${kind.size} bytes, over the ${MAX_CLI_INPUT_BYTES}-byte limit` };
  try {
    return { ok: true, text: readFileSync(path, "utf8") };
  } catch (error) {
    return { ok: false, problem: `${path}: cannot be read: ${(error as Error).message}` };
  }
}
