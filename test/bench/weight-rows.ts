// Start-up and weight, over real pipes, beside the compiled Bun echo (issue
// 27): CPU from spawn to the first hook answered, RSS idle after ten hooks
// and at peak after 20,000 mixed calls (glob-heavy commands and 256 KiB tool
// outputs among them), and glob-heavy commands against a typical one in the
// same process — each with the default policy and with 1,000 user rules.
// Prints figures and ratios; passes or fails nothing.
import { readFileSync } from "node:fs";
import { dropFromPageCache } from "./page-cache.ts";
import { percentile, PipeClient } from "./pipe-client.ts";

export type WeightServer = { name: string; cmd: string[]; cwd?: string };

const TYPICAL = "git status && git diff --stat | head -20";
/** The glob-heavy commands, and two more of the kind. */
const GLOB_HEAVY = [
  "cat src/*.ts | grep -n TODO",
  "find . -name '*.py' -exec grep -l TODO {} +",
  "ls ~/projects/*/src/**/*.test.ts",
  "rm -rf build/*.o dist/**/*.map",
  "cp ~/.config/*/settings*.json /tmp/backup/",
];

const hookEvent = (kind: string, fields: Record<string, unknown>) => ({
  kind,
  tool_name: "bash",
  tool_runtime_name: "bash",
  tool_input: null,
  tool_output: null,
  message: null,
  session_id: "bench",
  transcript: null,
  data: null,
  ...fields,
});
const bash = (command: string) => hookEvent("before_tool_call", { tool_input: { command } });

/** 256 KiB of ordinary output with one key in it: what the host sends at most (PROTOCOL.md). */
const BIG_OUTPUT = `${"drwxr-xr-x  5 ada staff  160 Nov 29 12:00 src/components/index.ts\n".repeat(4000)}AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE\n`.slice(0, 256 * 1024);

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const msText = (value: number) => (value < 1 ? `${(value * 1000).toFixed(0)} µs` : `${value.toFixed(2)} ms`);

async function started(server: WeightServer): Promise<PipeClient> {
  const client = new PipeClient(server.cmd, server.cwd);
  await client.call("initialize", { extension_protocol_version: 1, plugin_root: server.cwd ?? process.cwd(), config: {} });
  return client;
}

/** CPU (user + system) in ms of a whole process that answers initialize and one hook, then shuts down. */
async function firstHookCpu(server: WeightServer): Promise<number | undefined> {
  const client = await started(server);
  await client.call("hook.handle", bash(TYPICAL));
  void client.call("shutdown", null);
  await client.proc.exited;
  const usage = client.proc.resourceUsage();
  return usage ? Number(usage.cpuTime.user + usage.cpuTime.system) / 1000 : undefined;
}

type FirstHook = { cpu: number; ratio: number };

/**
 * Each server's CPU to the first hook (p50 of `spawns`), and its ratio to the echo's taken round by round: each round
 * starts the echo and every server once, in turn, so a shared machine's drift between rounds moves both sides of a
 * ratio alike (five echo starts, then five of ours, gave the same build 3.0× and 3.4× in two runs of one hour).
 */
async function firstHookCpus(echo: WeightServer, servers: readonly WeightServer[], spawns: number): Promise<{ echo: number; servers: FirstHook[] }> {
  const echoCpu: number[] = [];
  const cpu = servers.map((): number[] => []);
  const ratios = servers.map((): number[] => []);
  for (let round = 0; round < spawns; round++) {
    const floor = await firstHookCpu(echo);
    if (floor !== undefined) echoCpu.push(floor);
    for (const [index, server] of servers.entries()) {
      const ours = await firstHookCpu(server);
      if (ours === undefined) continue;
      cpu[index]!.push(ours);
      if (floor !== undefined) ratios[index]!.push(ours / floor);
    }
  }
  return { echo: percentile(echoCpu, 50), servers: servers.map((_, index) => ({ cpu: percentile(cpu[index]!, 50), ratio: percentile(ratios[index]!, 50) })) };
}

/**
 * Every executable compared, dropped from the page cache and started once uncounted (page-cache.ts): each is then
 * measured read back by its own start, whichever was written last.
 */
async function evenPageCache(servers: readonly WeightServer[]) {
  const executables = [...new Set(servers.map((server) => server.cmd[0]!))];
  const kept = await dropFromPageCache(executables);
  if (kept.length > 0) console.log(`(could not drop from the page cache, so file pages may differ by how each was cached: ${kept.join(", ")})`);
  for (const server of servers) await firstHookCpu(server);
}

type Idle = { rss: number; split: string };

/** RSS after ten hooks and a quiet second (what an idle session holds), and on Linux how much of it is file pages (the executable's own) and how much anonymous. */
async function idleRss(server: WeightServer): Promise<Idle> {
  const client = await started(server);
  for (let index = 0; index < 10; index++) await client.call("hook.handle", bash(`${TYPICAL} # ${index}`));
  await Bun.sleep(1_000);
  const rss = client.currentRssBytes();
  const split = rssSplit(client.proc.pid);
  await client.close();
  return { rss, split };
}

/** " (F file + A anon)" from /proc/PID/status, or "" where there is none. */
export function rssSplit(pid: number): string {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1]) * 1024;
    const file = kb("RssFile");
    const anon = kb("RssAnon");
    return Number.isFinite(file) && Number.isFinite(anon) ? ` (${mb(file)} file + ${mb(anon)} anon)` : "";
  } catch {
    return "";
  }
}

type Peak = { rss: number; split: string; settled: number };

/**
 * Peak RSS over `calls` mixed calls: typical, glob-heavy, stopped ones, 256 KiB outputs to redact; where the RSS
 * is once they are done (file pages: the executable's own, the same for every build of a size; anonymous: heap, garbage,
 * JIT code, allocator pages), so the peak can be told apart from the executable; and the RSS after a quiet second
 * (`settled`), so garbage not yet collected can be told apart from what is kept.
 *
 * The echo's peak (~70–75 MB on the 2-core box) is its garbage: per 256 KiB frame the runtime's read chunks, the
 * decoded text and the parsed request, which JavaScriptCore lets pile up to ~30 MB before it collects; it settles
 * near 45 MB. It is not how the echo reads frames: one that copies each body once, into a buffer of its declared size,
 * peaked the same (73–75 MB against 68–69 MB, two runs each, issue 27). Ours keeps most of its peak once settled: JIT
 * code and the compilers' memory (~20 MB of anonymous pages and ~8 MB of the executable's file pages: a run with
 * JavaScriptCore's JIT off, BUN_JSC_useJIT=0, peaked 30 MB lower at 3.6× the CPU; without its optimising tier,
 * BUN_JSC_useDFGJIT=0, 20 MB lower at 1.7× the CPU), the policy and the memos (~15 MB of heap).
 */
async function peakRss(server: WeightServer, calls: number): Promise<Peak> {
  const client = await started(server);
  const kinds = [
    (index: number) => bash(`${TYPICAL} # ${index}`),
    (index: number) => bash(`${GLOB_HEAVY[index % GLOB_HEAVY.length]} # ${index}`),
    () => bash("sudo rm -rf ~/projects"),
    () => hookEvent("after_tool_call", { tool_input: { command: "ls -laR" }, tool_output: BIG_OUTPUT }),
    (index: number) => bash(`npm test -- --grep case${index}`),
  ];
  for (let index = 0; index < calls; index++) await client.call("hook.handle", kinds[index % kinds.length]!(index));
  const rss = client.peakRssBytes();
  const split = rssSplit(client.proc.pid).replace(/^ \(/, " (after: ");
  await Bun.sleep(1_000);
  const settled = client.currentRssBytes();
  await client.close();
  return { rss, split, settled };
}

/** Hook p50 of a typical command and of the glob-heavy set, each call a new text (no memo of the view or verdict). */
async function globHeavyP50(server: WeightServer, calls: number): Promise<{ typical: number; globs: number }> {
  const client = await started(server);
  const time = async (event: unknown, into: number[]) => {
    const begun = performance.now();
    await client.call("hook.handle", event);
    into.push(performance.now() - begun);
  };
  for (let index = 0; index < 200; index++) await time(bash(`${GLOB_HEAVY[index % GLOB_HEAVY.length]} # w${index}`), []);
  const typical: number[] = [];
  const globs: number[] = [];
  for (let index = 0; index < calls; index++) {
    await time(bash(`${TYPICAL} # ${index}`), typical);
    await time(bash(`${GLOB_HEAVY[index % GLOB_HEAVY.length]} # ${index}`), globs);
  }
  await client.close();
  return { typical: percentile(typical, 50), globs: percentile(globs, 50) };
}

export async function weightRows(ours: WeightServer[], echo: WeightServer, quick: boolean) {
  const spawns = quick ? 9 : 21;
  const peakCalls = quick ? 4_000 : 20_000;
  await evenPageCache([echo, ...ours]);
  const firstHook = await firstHookCpus(echo, ours, spawns);
  const echoIdle = await idleRss(echo);
  // The echo under the same mixed load: what the runtime itself reaches with 256 KiB frames.
  const echoPeak = await peakRss(echo, peakCalls);
  const rows: string[][] = [
    ["bare echo (floor)", `${firstHook.echo.toFixed(1)} ms`, "1.0×", `${mb(echoIdle.rss)}${echoIdle.split}`, `${mb(echoPeak.rss)}${echoPeak.split}`, mb(echoPeak.settled), "", ""],
  ];
  for (const [index, server] of ours.entries()) {
    const { cpu, ratio } = firstHook.servers[index]!;
    const idle = await idleRss(server);
    const peak = await peakRss(server, peakCalls);
    const { typical, globs } = await globHeavyP50(server, quick ? 300 : 2_000);
    rows.push([
      server.name,
      `${cpu.toFixed(1)} ms`,
      `${ratio.toFixed(2)}×`,
      `${mb(idle.rss)}${idle.split}`,
      `${mb(peak.rss)}${peak.split}`,
      mb(peak.settled),
      `${msText(globs)} / ${msText(typical)}`,
      `${(globs / typical).toFixed(2)}×`,
    ]);
  }
  const headers = [
    "server",
    "CPU spawn → first hook (p50)",
    "vs echo (p50 of rounds)",
    "RSS idle, 10 hooks",
    `peak RSS, ${peakCalls.toLocaleString("en-US")} mixed`,
    "a quiet second later",
    "glob-heavy / typical p50",
    "ratio",
  ];
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(" | ")} |`;
  console.log(line(headers));
  console.log(`|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`);
  for (const row of rows) console.log(line(row));
  console.log("targets: CPU to the first hook ≤ 3× the echo's; RSS ≤ 60 MB idle, ≤ 70 MB peak; glob-heavy p50 ≤ 3× a typical command's\n");
}
