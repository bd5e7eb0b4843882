// `bun run test:costs [FILES…]`: where bare `bun test` spends its time. Runs the
// suite (or the files named) once, in one process (not spread over the cores), with a junit report
// and a preload that reads each thread's CPU time at the end, then prints the
// costliest files and tests and how the process's CPU divides between the
// thread that runs the tests, the JIT compiler and the garbage collector.
// Prints figures; passes or fails nothing (the run's own exit code is kept).
// File and test times are wall time: on a shared machine compare their order,
// and the CPU split, rather than the seconds.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SERIAL_ENV } from "../support/parallel-run.ts";

const TOP = 15;

type Timed = { seconds: number; name: string };

/** `<tag … name="…" file="…" time="…">` attributes, in order of appearance. */
function elements(xml: string, tag: string): Array<Record<string, string>> {
  const found: Array<Record<string, string>> = [];
  for (const match of xml.matchAll(new RegExp(`<${tag}\\s([^>]*)>`, "g"))) {
    const attributes: Record<string, string> = {};
    for (const [, key, value] of match[1]!.matchAll(/([\w-]+)="([^"]*)"/g)) attributes[key!] = unescapeXml(value!);
    found.push(attributes);
  }
  return found;
}

function unescapeXml(text: string): string {
  return text.replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&quot;", '"').replaceAll("&apos;", "'").replaceAll("&amp;", "&");
}

/** Each file's own time: its outermost `testsuite` (nested ones are its describe blocks). */
function fileTimes(xml: string): Timed[] {
  const seen = new Map<string, number>();
  for (const suite of elements(xml, "testsuite")) if (suite.file && !seen.has(suite.file)) seen.set(suite.file, Number(suite.time));
  return [...seen].map(([name, seconds]) => ({ name, seconds }));
}

function testTimes(xml: string): Timed[] {
  return elements(xml, "testcase").map((test) => ({ name: `${test.file}: ${test.name}`, seconds: Number(test.time) }));
}

function top(rows: Timed[]): string[] {
  return rows
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, TOP)
    .map((row) => `  ${row.seconds.toFixed(2).padStart(7)} s  ${row.name.length > 150 ? `${row.name.slice(0, 147)}…` : row.name}`);
}

const folder = mkdtempSync(join(tmpdir(), "synaps-policy-suite-costs-"));
try {
  const report = join(folder, "junit.xml");
  const threads = join(folder, "threads.json");
  const proc = Bun.spawn(["bun", "test", "--preload", join(import.meta.dir, "thread-cpu.ts"), "--reporter=junit", `--reporter-outfile=${report}`, ...process.argv.slice(2)], {
    // In one process, as bare `bun test` ran before it spread over the cores: the threads counted are all the run's.
    env: { ...process.env, SYNAPS_POLICY_THREAD_CPU: threads, [SERIAL_ENV]: "1" },
    stdout: "ignore",
    stderr: "inherit",
  });
  const code = await proc.exited;
  const usage = proc.resourceUsage();
  const xml = readFileSync(report, "utf8");
  const suite = elements(xml, "testsuites")[0] ?? {};
  const cpu = usage ? Number(usage.cpuTime.total) / 1e6 : Number.NaN;
  console.log(`${suite.tests} tests, ${suite.failures} failed, ${Number(suite.time).toFixed(1)} s wall, ${cpu.toFixed(1)} s CPU (user+sys, the test process)`);
  const byThread = JSON.parse(readFileSync(threads, "utf8")) as Array<[string, number]>;
  const total = byThread.reduce((sum, [, seconds]) => sum + seconds, 0);
  console.log(`CPU by thread: ${byThread.map(([name, seconds]) => `${name} ${seconds.toFixed(1)} s (${((100 * seconds) / total).toFixed(0)}%)`).join(", ")}`);
  console.log(`costliest files (wall):\n${top(fileTimes(xml)).join("\n")}`);
  console.log(`costliest tests (wall):\n${top(testTimes(xml)).join("\n")}`);
  process.exitCode = code;
} finally {
  rmSync(folder, { recursive: true, force: true });
}
