// One-line diagnostics for the host's debug log. The host reads stderr line by
// line (8 KiB a line), so every message is flattened to a single bounded line.
import { writeSync } from "node:fs";

const MAX_LINE = 2000;

export function logLine(message: string) {
  const flat = message.replace(/\s*\n\s*/g, " | ");
  const line = flat.length > MAX_LINE ? `${flat.slice(0, MAX_LINE)}…` : flat;
  try {
    writeSync(2, `synaps-policy: ${line}\n`);
  } catch {
    // Nobody reads stderr any more; nothing useful is left to do with the message.
  }
}
