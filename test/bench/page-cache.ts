// Every executable a weight row compares is put in the same page-cache state
// first. On Linux a file just written (a fresh build, the echo this bench
// builds) is cached in large folios, which a page fault maps whole: a
// byte-identical copy of one executable showed 43.0 MB of file pages idle,
// the original, cached by earlier reads, 39.4 MB; both 37.8 MB once dropped
// from the cache and read back (issue 27). Which build looked heavier
// depended on which was written last, not on its code. Dropping each from the
// cache (clean pages only: nothing is lost) and starting it once uncounted
// gives each the same state: read back from disk by its own start.
import { closeSync, openSync } from "node:fs";

/** POSIX_FADV_DONTNEED on Linux: the kernel drops the file's clean pages from its cache. */
const DONT_NEED = 4;

type Advise = (fd: number, offset: number, length: number, advice: number) => number;

let advise: Advise | undefined | null;

async function fileAdvice(): Promise<Advise | undefined> {
  if (advise !== undefined) return advise ?? undefined;
  advise = null;
  if (process.platform !== "linux") return undefined;
  try {
    const { dlopen, FFIType } = await import("bun:ffi");
    const libc = dlopen("libc.so.6", { posix_fadvise: { args: [FFIType.i32, FFIType.i64, FFIType.i64, FFIType.i32], returns: FFIType.i32 } });
    advise = (fd, offset, length, advice) => libc.symbols.posix_fadvise(fd, offset, length, advice);
  } catch {
    advise = null;
  }
  return advise ?? undefined;
}

/** Drops each file from the page cache; says which could not be (another platform, no libc), or an empty list. */
export async function dropFromPageCache(files: readonly string[]): Promise<string[]> {
  const drop = await fileAdvice();
  if (!drop) return [...files];
  const failed: string[] = [];
  for (const file of files) {
    let fd: number | undefined;
    try {
      fd = openSync(file, "r");
      if (drop(fd, 0, 0, DONT_NEED) !== 0) failed.push(file);
    } catch {
      failed.push(file);
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  }
  return failed;
}
