// Preloaded by `bun run test:costs` (suite-costs.ts): at the end of the run,
// each thread's CPU time (Linux's /proc), summed by thread name, written as
// JSON to the file SYNAPS_POLICY_THREAD_CPU names: how much of the run is the
// tests' own thread, and how much the JIT compiler and the collector beside it.
import { afterAll } from "bun:test";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";

const CLOCK_TICKS = 100;

function threadSeconds(): Array<[string, number]> {
  const byName = new Map<string, number>();
  for (const id of readdirSync("/proc/self/task")) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/self/task/${id}/stat`, "utf8");
    } catch {
      continue; // the thread ended since the listing
    }
    // The name is in parentheses and may hold spaces; utime and stime are the 14th and 15th fields.
    const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    byName.set(name, (byName.get(name) ?? 0) + (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS);
  }
  return [...byName].filter(([, seconds]) => seconds > 0).sort((a, b) => b[1] - a[1]);
}

const target = process.env.SYNAPS_POLICY_THREAD_CPU;
if (target) afterAll(() => writeFileSync(target, JSON.stringify(threadSeconds())));
