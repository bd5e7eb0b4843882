// Everything a test makes under the temp directory goes into one folder of the
// run (tests and the processes they start read TMPDIR through os.tmpdir()),
// removed when the run ends. The folder's name holds the pid of the process
// that made it: a run that ended before removing it (killed, or a worker of
// `bun test --parallel` named by hand, which has no hook at its end) leaves a
// folder the next run removes, once that process is gone.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const PREFIX = "synaps-policy-test-run-";
const OWNED = new RegExp(`^${PREFIX}(\\d+)-`);

/** A new folder under the temp directory, named for `owner` (a pid). */
export function makeRunFolder(owner: number): string {
  return mkdtempSync(join(tmpdir(), `${PREFIX}${owner}-`));
}

/** Remove the run folders whose owning process has ended. */
export function sweepRunFolders(): void {
  for (const name of readdirSync(tmpdir())) {
    const owner = ownerOf(name);
    if (owner !== undefined && !isRunning(owner)) rmSync(join(tmpdir(), name), { recursive: true, force: true });
  }
}

/** `ownerOf("synaps-policy-test-run-42-abc")` is 42; undefined for another name. */
export function ownerOf(name: string): number | undefined {
  const owner = OWNED.exec(name)?.[1];
  return owner === undefined ? undefined : Number(owner);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"; // alive, another user's
  }
}
