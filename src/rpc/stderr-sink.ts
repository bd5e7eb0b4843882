// Where diagnostic lines go, chosen so that writing one never waits for the
// reader. The host reads stderr into its debug log but stops forwarding after
// 128 KiB; a plain blocking write would then stall the process once the pipe
// buffer (64 KiB) is full, and with it every answer. A line that does not fit
// is refused at once and counted by the caller.
import { constants, fstatSync, openSync, write, writeSync } from "node:fs";
import { STDERR_LIMITS } from "../limits.ts";

export type WriteOutcome = "written" | "refused";

export type LineSink = {
  readonly kind: "direct" | "nonblocking" | "background";
  /** Write one whole line or refuse it; never blocks, never throws. */
  write(line: Uint8Array): WriteOutcome;
  /** Resolves once every accepted line is written, or after timeoutMs, whichever comes first. */
  flush(timeoutMs: number): Promise<void>;
};

const flushed = () => Promise.resolve();

/** The sink for this process's stderr. */
export function openStderrSink(fd = 2): LineSink {
  const type = describe(fd);
  // A file or a terminal does not wait on a reader.
  if (type === "file" || type === "terminal") return directSink(fd);
  // Linux: open the same pipe again with O_NONBLOCK. The flag belongs to our
  // new open file only, so a child sharing fd 2 is not affected.
  if (process.platform === "linux") {
    try {
      return nonblockingSink(openSync(`/proc/self/fd/${fd}`, constants.O_WRONLY | constants.O_NONBLOCK));
    } catch {
      // a socket, or no /proc: fall through
    }
  }
  return backgroundSink(fd);
}

function describe(fd: number): "file" | "terminal" | "other" {
  try {
    const stat = fstatSync(fd);
    if (stat.isFile()) return "file";
    if (stat.isCharacterDevice()) return "terminal";
  } catch {
    // closed or unknown: treat it as a pipe
  }
  return "other";
}

function directSink(fd: number): LineSink {
  return {
    kind: "direct",
    write(line) {
      try {
        writeSync(fd, line);
        return "written";
      } catch {
        return "refused";
      }
    },
    flush: flushed,
  };
}

/** A non-blocking descriptor: a full pipe answers EAGAIN at once. Lines under PIPE_BUF are written whole or not at all. */
export function nonblockingSink(fd: number): LineSink {
  return {
    kind: "nonblocking",
    write(line) {
      try {
        return writeSync(fd, line) === line.length ? "written" : "refused";
      } catch {
        return "refused";
      }
    },
    flush: flushed,
  };
}

/**
 * Where a descriptor cannot be made non-blocking: lines are written off the
 * main thread, one at a time, from a bounded queue. A stuck reader stalls a
 * worker thread, never the answers.
 */
export function backgroundSink(fd: number, maxQueuedBytes: number = STDERR_LIMITS.maxQueuedBytes): LineSink {
  const queue: Uint8Array[] = [];
  let queuedBytes = 0;
  let writing = false;
  let whenEmpty: Array<() => void> = [];
  const next = () => {
    const line = queue.shift();
    if (!line) {
      writing = false;
      for (const wake of whenEmpty) wake();
      whenEmpty = [];
      return;
    }
    writing = true;
    write(fd, line, () => {
      queuedBytes -= line.length;
      next();
    });
  };
  return {
    kind: "background",
    write(line) {
      if (queuedBytes + line.length > maxQueuedBytes) return "refused";
      queue.push(line);
      queuedBytes += line.length;
      if (!writing) next();
      return "written";
    },
    flush(timeoutMs) {
      if (!writing) return flushed();
      return new Promise((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        whenEmpty.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}
