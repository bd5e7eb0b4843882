// The clock the edges give the engine's budgets: the CPU time of the thread
// that judges, not the wall clock. The budgets' clock is a backstop for a
// machine far slower than any we know; on a busy one (a build beside the
// agent, CI runners shared eight ways) the wall clock also counts the time
// other processes held the CPU, and ordinary commands were blocked or
// withheld for "running out of time" on work they had not done. The
// runtime's own threads (the JIT compiler, the collector's helpers) are not
// counted either: they work beside the judging, not for it.
import type { Clock } from "../../shell/budget.ts";

type CpuUsage = () => { user: number; system: number };

/** The judging thread's CPU use where the runtime can tell it, else the whole process's. */
function threadOrProcessUsage(): CpuUsage {
  const perThread = (process as { threadCpuUsage?: CpuUsage }).threadCpuUsage;
  if (typeof perThread !== "function") return () => process.cpuUsage();
  try {
    perThread.call(process);
    return () => perThread.call(process);
  } catch {
    return () => process.cpuUsage();
  }
}

const usage = threadOrProcessUsage();

/** Milliseconds of CPU the judging thread has used (user and system). */
export const cpuClock: Clock = {
  now: () => {
    const { user, system } = usage();
    return (user + system) / 1000;
  },
};
