// `bun run bench`: measures synaps-policy over real pipes, side by side with a
// Python stdlib hello-ext and a bare Content-Length echo on the same runtime
// (the floor). Prints figures; it passes or fails nothing.
//
//   bun run bench            all rows
//   bun run bench --quick    fewer iterations, for a smoke run
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildHostIfStale, HOST_BINARY } from "../../build.ts";
import { PipeClient, percentile } from "./pipe-client.ts";

const quick = process.argv.includes("--quick");
const SPAWNS = quick ? 5 : 30;
const SEQUENTIAL_CALLS = quick ? 1_000 : 10_000;
const PIPELINED_CALLS = quick ? 2_000 : 10_000;

type Server = { name: string; cmd: string[] };

const TYPICAL_COMMAND = "git status && git diff --stat | head -20";

const bashEvent = (command: string) => ({
  kind: "before_tool_call",
  tool_name: "bash",
  tool_runtime_name: "bash",
  tool_input: { command },
  tool_output: null,
  message: null,
  session_id: "bench",
  transcript: null,
  data: null,
});

async function prepareServers(): Promise<Server[]> {
  await buildHostIfStale();
  const scratch = mkdtempSync(join(tmpdir(), "synaps-policy-bench-"));
  const echoBinary = join(scratch, "echo");
  // The floor is built like our binary, so the difference is our own code.
  await buildEchoBinary(echoBinary);
  return [
    { name: "synaps-policy", cmd: [HOST_BINARY] },
    { name: "python hello-ext", cmd: ["python3", join(import.meta.dir, "hello_ext.py")] },
    { name: "bare echo (floor)", cmd: [echoBinary] },
  ];
}

async function buildEchoBinary(outfile: string) {
  const result = await Bun.build({
    entrypoints: [join(import.meta.dir, "echo.ts")],
    compile: { outfile },
    minify: true,
    bytecode: true,
    format: "esm",
  });
  if (!result.success) throw new Error(`could not build the echo server: ${result.logs.join("\n")}`);
}

/** Spawn → initialize answered, and shutdown sent → process gone, per spawn. */
async function spawnAndShutdown(server: Server) {
  const spawn: number[] = [];
  const shutdown: number[] = [];
  for (let i = 0; i < SPAWNS; i++) {
    const started = performance.now();
    const client = new PipeClient(server.cmd);
    await client.call("initialize", { extension_protocol_version: 1, plugin_root: process.cwd(), config: {} });
    spawn.push(performance.now() - started);
    const stopping = performance.now();
    void client.call("shutdown", null);
    await client.proc.exited;
    shutdown.push(performance.now() - stopping);
  }
  return { spawn, shutdown };
}

async function sequentialHooks(server: Server, event: unknown, calls: number) {
  const client = new PipeClient(server.cmd);
  await client.call("initialize", { extension_protocol_version: 1, plugin_root: process.cwd(), config: {} });
  // Warm up lazy parts (JIT, parsers) the way a session's first calls would.
  for (let i = 0; i < 200; i++) await client.call("hook.handle", event);
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const started = performance.now();
    await client.call("hook.handle", event);
    times.push(performance.now() - started);
  }
  const peakRss = client.peakRssBytes();
  await client.close();
  return { times, peakRss };
}

async function pipelined(server: Server, event: unknown, calls: number): Promise<number> {
  const client = new PipeClient(server.cmd);
  await client.call("initialize", {});
  const started = performance.now();
  await Promise.all(Array.from({ length: calls }, () => client.call("hook.handle", event)));
  const seconds = (performance.now() - started) / 1000;
  await client.close();
  return calls / seconds;
}

function ms(value: number): string {
  return value < 1 ? `${(value * 1000).toFixed(0)} µs` : `${value.toFixed(2)} ms`;
}

function printTable(headers: string[], rows: string[][]) {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(" | ")} |`;
  console.log(line(headers));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const row of rows) console.log(line(row));
}

const servers = await prepareServers();
console.log(`synaps-policy bench — ${SPAWNS} spawns, ${SEQUENTIAL_CALLS} sequential and ${PIPELINED_CALLS} pipelined hook calls per server`);
console.log(`machine: ${navigator.hardwareConcurrency} cores, bun ${Bun.version}, ${process.platform}-${process.arch}; hook event: bash ${JSON.stringify(TYPICAL_COMMAND)}\n`);

const rows: string[][] = [];
for (const server of servers) {
  const { spawn, shutdown } = await spawnAndShutdown(server);
  const { times, peakRss } = await sequentialHooks(server, bashEvent(TYPICAL_COMMAND), SEQUENTIAL_CALLS);
  const throughput = await pipelined(server, bashEvent(TYPICAL_COMMAND), PIPELINED_CALLS);
  rows.push([
    server.name,
    ms(percentile(spawn, 50)),
    ms(percentile(shutdown, 50)),
    ms(percentile(times, 50)),
    ms(percentile(times, 99)),
    `${Math.round(throughput).toLocaleString("en-US")}/s`,
    `${(peakRss / 1024 / 1024).toFixed(1)} MB`,
  ]);
}
printTable(["server", "spawn → initialize (p50)", "shutdown → exit (p50)", "hook p50", "hook p99", "pipelined", "peak RSS"], rows);
console.log("\ntargets: spawn → initialize ≤ 15 ms; hook p50 ≤ 3× the floor; hook p99 ≤ 1 ms; peak RSS ≤ 60 MB");
