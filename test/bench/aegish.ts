// `bun test/bench/aegish.ts PATH-TO-AEGISH-CHECKOUT [--binary PATH] [--misses]`: the public
// benchmark of github.com/GuidoBergman/aegish (GTFOBins-derived malicious commands, harmless
// commands, and its authors' results for LLM judges) through this project's binary. Each
// command is judged as a bash tool call with the default policy, a scratch HOME and an empty
// project; the table prints both scorings beside the LLM judges' figures from the checkout's
// results file. Not part of `bun test`: the data is theirs and is not in this repository.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { HOST_BINARY } from "../../build.ts";

type Malicious = { command: string; category: string };
type Harmless = { command: string };
type Verdict = { line: number; decision: string; rule?: string };
/** The slice of the benchmark's results file this table reads. */
type Judged = {
  model: string;
  datasets: Record<
    string,
    | {
        malicious_detection_rate?: number;
        harmless_acceptance_rate?: number;
        per_category_malicious_detection_rates?: Record<string, { count: number; malicious_detection_rate: number }>;
        latency?: { p50: number };
      }
    | undefined
  >;
};

/** The bare-shell category: starting a shell is the agent's normal state, so the figures are given without it as well. */
const BARE_SHELL = "shell";

const args = process.argv.slice(2);
const checkout = args.find((arg, index) => !arg.startsWith("--") && args[index - 1] !== "--binary");
const binary = args.includes("--binary") ? resolve(args[args.indexOf("--binary") + 1]!) : HOST_BINARY;
if (checkout === undefined) {
  console.error("usage: bun test/bench/aegish.ts PATH-TO-AEGISH-CHECKOUT [--binary PATH] [--misses]");
  process.exit(1);
}

const data = join(checkout, "benchmark", "data");
const malicious = readCommands<Malicious>(join(data, "gtfobins_commands.json"));
const harmless = readCommands<Harmless>(join(data, "harmless_commands.json"));
const scratch = mkdtempSync(join(tmpdir(), "aegish-"));

function readCommands<T>(path: string): T[] {
  return (JSON.parse(readFileSync(path, "utf8")) as { commands: T[] }).commands;
}

/** Runs `check bash --file` once over every command, from an empty project with an empty HOME. */
function judge(commands: readonly string[]): { verdicts: Verdict[]; cpuMicros: number; wallMicros: number } {
  const input = join(scratch, "input.jsonl");
  writeFileSync(input, commands.map((command) => `${JSON.stringify({ command })}\n`).join(""));
  const home = mkdtempSync(join(scratch, "home-"));
  const project = mkdtempSync(join(scratch, "project-"));
  const env: Record<string, string> = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, NO_COLOR: "1" };
  const started = performance.now();
  const result = Bun.spawnSync([binary, "check", "bash", "--file", input, "--json"], { cwd: project, env });
  const wallMicros = (performance.now() - started) * 1000;
  const verdicts = result.stdout
    .toString()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Partial<Verdict>)
    .filter((verdict): verdict is Verdict => typeof verdict.line === "number");
  if (verdicts.length !== commands.length) throw new Error(`${binary} answered ${verdicts.length} of ${commands.length} commands: ${result.stderr.toString().slice(0, 500)}`);
  verdicts.sort((one, other) => one.line - other.line);
  return { verdicts, cpuMicros: Number(result.resourceUsage.cpuTime.total), wallMicros };
}

const stops = (verdict: Verdict) => verdict.decision === "block" || verdict.decision === "confirm";
const blocks = (verdict: Verdict) => verdict.decision === "block";

function printOurs(maliciousVerdicts: readonly Verdict[], harmlessVerdicts: readonly Verdict[]) {
  const categories = [...new Set(malicious.map((entry) => entry.category))].sort();
  console.log("malicious, by category        blocked (their scoring)   blocked or asked (ours)");
  for (const category of categories) {
    const picked = maliciousVerdicts.filter((_verdict, index) => malicious[index]!.category === category);
    console.log(`  ${category.padEnd(28)}${share(picked.filter(blocks).length, picked.length).padEnd(26)}${share(picked.filter(stops).length, picked.length)}`);
  }
  const withoutShell = maliciousVerdicts.filter((_verdict, index) => malicious[index]!.category !== BARE_SHELL);
  for (const [title, picked] of [
    ["all categories", maliciousVerdicts],
    [`without "${BARE_SHELL}"`, withoutShell],
  ] as const) {
    console.log(`  ${title.padEnd(28)}${share(picked.filter(blocks).length, picked.length).padEnd(26)}${share(picked.filter(stops).length, picked.length)}`);
  }
  const passed = harmlessVerdicts.filter((verdict) => !stops(verdict)).length;
  const notBlocked = harmlessVerdicts.filter((verdict) => !blocks(verdict)).length;
  console.log(`harmless: not blocked (their scoring) ${share(notBlocked, harmlessVerdicts.length)}; neither blocked nor asked ${share(passed, harmlessVerdicts.length)}`);
}

/** The LLM judges' own figures from the newest results file: their scoring, the bare-shell category left out as above. */
function printJudges() {
  const results = join(checkout!, "benchmark", "results");
  const newest = readdirSync(results)
    .filter((name) => /^comparison_.*\.json$/.test(name))
    .sort()
    .at(-1);
  if (newest === undefined) return console.log(`\nno comparison_*.json in ${results}`);
  const judged = Object.values((JSON.parse(readFileSync(join(results, newest), "utf8")) as { results: Record<string, Judged> }).results);
  console.log(`\nLLM judges (${newest}): malicious blocked, all | without "${BARE_SHELL}"; harmless passed; median latency a command`);
  for (const { model, datasets } of judged) {
    const gtfobins = datasets.gtfobins;
    const benign = datasets.harmless;
    if (gtfobins?.per_category_malicious_detection_rates === undefined || benign?.harmless_acceptance_rate === undefined) continue;
    const kept = Object.entries(gtfobins.per_category_malicious_detection_rates).filter(([category]) => category !== BARE_SHELL);
    const count = kept.reduce((sum, [, rate]) => sum + rate.count, 0);
    const caught = kept.reduce((sum, [, rate]) => sum + rate.count * rate.malicious_detection_rate, 0);
    const latency = gtfobins.latency ? `${(gtfobins.latency.p50 / 1000).toFixed(1)} s` : "?";
    console.log(`  ${percent(gtfobins.malicious_detection_rate ?? 0)} | ${percent(caught / count)}; ${percent(benign.harmless_acceptance_rate)}; ${latency.padStart(6)}  ${model}`);
  }
}

function printMisses(maliciousVerdicts: readonly Verdict[], harmlessVerdicts: readonly Verdict[]) {
  console.log("\nmalicious, neither blocked nor asked:");
  maliciousVerdicts.forEach((verdict, index) => {
    if (!stops(verdict)) console.log(`  [${malicious[index]!.category}] ${JSON.stringify(malicious[index]!.command)}`);
  });
  console.log("harmless, blocked or asked:");
  harmlessVerdicts.forEach((verdict, index) => {
    if (stops(verdict)) console.log(`  ${verdict.decision} ${verdict.rule ?? ""}: ${JSON.stringify(harmless[index]!.command)}`);
  });
}

function share(part: number, whole: number): string {
  return `${part}/${whole} = ${percent(part / whole)}`;
}

function percent(fraction: number): string {
  return `${(100 * fraction).toFixed(1)} %`;
}

function ms(micros: number): string {
  return micros >= 1_000_000 ? `${(micros / 1_000_000).toFixed(2)} s` : `${(micros / 1000).toFixed(1)} ms`;
}

try {
  const single = judge([harmless[0]!.command]);
  const run = judge([...malicious.map((entry) => entry.command), ...harmless.map((entry) => entry.command)]);
  const maliciousVerdicts = run.verdicts.slice(0, malicious.length);
  const harmlessVerdicts = run.verdicts.slice(malicious.length);
  printOurs(maliciousVerdicts, harmlessVerdicts);
  const total = malicious.length + harmless.length;
  console.log(
    `\ncost: one process judged all ${total} commands in ${ms(run.cpuMicros)} CPU (${ms(run.wallMicros)} wall), start-up included; ` +
      `one command alone took ${ms(single.cpuMicros)} CPU, so each further command ≈ ${((run.cpuMicros - single.cpuMicros) / (total - 1) / 1000).toFixed(3)} ms CPU`,
  );
  printJudges();
  if (args.includes("--misses")) printMisses(maliciousVerdicts, harmlessVerdicts);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
