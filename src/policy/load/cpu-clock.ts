// The clock the edges give the engine's budgets: this process's CPU time, not
// the wall clock. The budgets' clock is a backstop for a machine far slower
// than any we know; on a busy one (a build beside the agent, CI runners
// shared eight ways) the wall clock also counts the time other processes
// held the CPU, and ordinary commands were blocked or withheld for "running
// out of time" on work they had not done. CPU time counts only our own work,
// so a verdict no longer depends on the machine's load.
import type { Clock } from "../../shell/budget.ts";

/** Milliseconds of CPU this process has used (user and system, all its threads). */
export const cpuClock: Clock = {
  now: () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  },
};
