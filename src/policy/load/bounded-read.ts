// Reading at most so many bytes of a regular file, judged by what was opened
// rather than by an earlier look: a file swapped for a FIFO or a device
// between the look and the read (a repository's file can be, by a process
// the agent left running) must not block the process, nor one that grew be
// read whole. Used by the policy loader and by the reading of project files.
import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";

/** The file's bytes, opened without blocking; undefined when what was opened is not a regular file within `limit`, or grew while read. */
export function readBoundedBytes(file: string, limit: number): Buffer | undefined {
  const fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const opened = fstatSync(fd);
    if (!opened.isFile() || opened.size > limit) return undefined;
    // Room for one byte more than it had when opened: one that grew meanwhile is changing, not read whole.
    const size = opened.size;
    const buffer = Buffer.allocUnsafe(size + 1);
    let length = 0;
    while (length <= size) {
      const got = readSync(fd, buffer, length, buffer.length - length, null);
      if (got === 0) break;
      length += got;
    }
    return length > size ? undefined : buffer.subarray(0, length);
  } finally {
    closeSync(fd);
  }
}
