// Where a subcommand writes, and what it may know of its terminal: given to
// every `run…` function instead of writing to stdout and stderr itself, so
// the command line runs in process in tests (a writer that collects) and
// through the binary (one that writes with writeSync, which Bun flushes
// before exit — process.stdout.write + exit would lose the tail).
import { readFileSync, writeSync } from "node:fs";

export type CliIo = {
  out(text: string): void;
  err(text: string): void;
  /** Colour on stdout: a terminal, and no NO_COLOR (https://no-color.org). */
  color: boolean;
  /** stdin's whole text, for `-` as a file name. */
  stdin(): string;
};

export function processIo(): CliIo {
  const noColor = process.env.NO_COLOR !== undefined && process.env.NO_COLOR !== "";
  return {
    out: (text) => writeAll(1, text),
    err: (text) => writeAll(2, text),
    color: process.stdout.isTTY === true && !noColor && process.env.TERM !== "dumb",
    stdin: () => readFileSync(0, "utf8"),
  };
}

/** What a full pipe's writer waits on; made on the first wait: every start evaluates this module, few ever wait. */
let pause: Int32Array | undefined;

/** Every byte, even into a non-blocking pipe whose reader is slower than us (EAGAIN: wait a moment, go on). */
function writeAll(fd: number, text: string): void {
  const bytes = Buffer.from(text);
  let written = 0;
  while (written < bytes.length) {
    try {
      written += writeSync(fd, bytes, written);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EAGAIN") throw error;
      pause ??= new Int32Array(new SharedArrayBuffer(4));
      Atomics.wait(pause, 0, 0, 2);
    }
  }
}

/** A writer that keeps what was written: for tests that run the command line in process. */
export function collectingIo(options: { color?: boolean; stdin?: string } = {}): CliIo & { stdout: string; stderr: string } {
  const io = {
    stdout: "",
    stderr: "",
    out(text: string) {
      io.stdout += text;
    },
    err(text: string) {
      io.stderr += text;
    },
    color: options.color ?? false,
    stdin: () => options.stdin ?? "",
  };
  return io;
}

/** Text in a colour when colour is on: decisions read at a glance. */
export function paint(io: Pick<CliIo, "color">, colour: "red" | "yellow" | "green" | "cyan" | "dim" | "bold", text: string): string {
  if (!io.color) return text;
  const codes = { red: 31, yellow: 33, green: 32, cyan: 36, dim: 2, bold: 1 } as const;
  return `\u001b[${codes[colour]}m${text}\u001b[0m`;
}
