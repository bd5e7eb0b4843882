// The corpus as cases, and the one runner for them: each dangerous line
// names the rule expected to decide it (`area<TAB>rule<TAB>command`; a line
// that cannot be analysed names `on_error`), each benign line must pass
// (`area<TAB>command`). The same cases are judged in process by `bun test`
// (test/corpus.test.ts) and through the binary by `bun run test:e2e`
// (test/corpus.e2e.ts), and checked by one function, so the two can only
// differ in who judged.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import type { CompiledPolicy } from "../../src/policy/engine/compile.ts";
import { decide, policyOf, TEST_HOME } from "./decide.ts";

export const CORPUS = `${import.meta.dir}/../fixtures/corpus`;

/** The name a corpus line gives for a call stopped because it could not be analysed. */
export const ON_ERROR = "on_error";

export type Case = {
  /** file:line, for messages. */
  where: string;
  area: string;
  expect: "stopped" | "passes";
  /** The rule expected to decide (dangerous lines); undefined on a line not yet converted. */
  rule?: string;
  command: string;
};

/** What decided a call: a rule's id, on_error, or the default decision. */
export type Judged = { decision: string; decider: string };

const RULE_ID = /^(?:[A-Za-z0-9][A-Za-z0-9._:-]*)$/;

/** Lines of a corpus file: `#` starts a comment, `\n` inside a command stands for a newline. */
async function corpusLines(file: string): Promise<{ line: number; fields: string[] }[]> {
  const text = await Bun.file(`${CORPUS}/${file}`).text();
  return text.split("\n").flatMap((raw, index) => (raw.trim() === "" || raw.startsWith("#") ? [] : [{ line: index + 1, fields: raw.split("\t") }]));
}

export async function dangerousCases(): Promise<Case[]> {
  return (await corpusLines("dangerous.tsv")).map(({ line, fields }) => {
    const where = `dangerous.tsv:${line}`;
    if (fields.length === 2) return { where, area: fields[0]!, expect: "stopped", command: unescapeNewlines(fields[1]!) };
    if (fields.length !== 3 || !RULE_ID.test(fields[1]!)) throw new Error(`${where}: expected area<TAB>rule<TAB>command (or area<TAB>command before bun run generate)`);
    return { where, area: fields[0]!, expect: "stopped", rule: fields[1]!, command: unescapeNewlines(fields[2]!) };
  });
}

export async function benignCases(): Promise<Case[]> {
  return (await corpusLines("benign.tsv")).map(({ line, fields }) => {
    const where = `benign.tsv:${line}`;
    if (fields.length !== 2) throw new Error(`${where}: expected area<TAB>command`);
    return { where, area: fields[0]!, expect: "passes", command: unescapeNewlines(fields[1]!) };
  });
}

function unescapeNewlines(command: string): string {
  return command.replaceAll("\\n", "\n");
}

/** Why a case's judgement is wrong, or undefined when it holds. */
export function caseProblem(test: Case, judged: Judged): string | undefined {
  const stopped = judged.decision === "block" || judged.decision === "confirm";
  if (test.expect === "passes") return stopped || judged.decision === "modify" ? `expected to pass, got ${judged.decision} by ${judged.decider}` : undefined;
  if (!stopped) return `expected to be stopped, got ${judged.decision} by ${judged.decider}`;
  if (test.rule === undefined) return `names no rule (run bun run generate to fill it in): stopped by ${judged.decider}`;
  return judged.decider === test.rule ? undefined : `expected rule ${test.rule} to decide, but ${judged.decider} did (${judged.decision})`;
}

/**
 * In process: the embedded default policy, the real engine and shell model, a clock that never moves. The rule
 * a line names is the one that decides with the home directory at TEST_HOME (which rule wins can depend on where
 * home is: /root/.ssh is a home's credentials for root, a system file for anyone else); `home` judges it with
 * another one (the user's own, as the binary would).
 */
export function judgeInProcess(command: string, home: string = TEST_HOME): Judged {
  return judgeUnder(policyOf(undefined, home), command);
}

// By policy, then command: a line judged once under a compiled policy is not judged again by another test file of
// the run (the engine is pure: the same policy and call give the same verdict). Only the two strings are kept.
const judged = new WeakMap<CompiledPolicy, Map<string, Judged>>();

/** What decides `command` under a compiled policy: a rule's id, on_error, or the default decision. */
export function judgeUnder(policy: CompiledPolicy, command: string): Judged {
  let byCommand = judged.get(policy);
  if (byCommand === undefined) {
    byCommand = new Map();
    judged.set(policy, byCommand);
  }
  const known = byCommand.get(command);
  if (known) return known;
  const { decision, verdict } = decide(command, policy);
  const answer = { decision, decider: deciderOf(verdict.decidedBy) };
  byCommand.set(command, answer);
  return answer;
}

/**
 * The lines whose verdict can depend on where home is: home enters a judgement through the call's own text (a `~`,
 * `$HOME`, a bare `cd`, a path under /home, /root or the user's home). A file a program reads from home unasked
 * (~/.aws/credentials) is placed under the same home as the rules that match it, so it agrees under any home.
 * Checked over the whole dangerous corpus under /root, /tmp/ci-home, /home/runner and /Users/ada: no line outside
 * this set got another decision or rule than at TEST_HOME; judging the other ~80% again could only agree.
 */
export function mentionsHome(command: string): boolean {
  return /~|home|\/root|\bcd\b/i.test(command) || command.includes(homedir());
}

/** What a dangerous line that mentions home must still be with the user's own home (CI runs the suite with HOME under /tmp too): stopped. */
export function stoppedAtHome(test: Case): string | undefined {
  if (test.expect !== "stopped" || homedir() === TEST_HOME || !mentionsHome(test.command)) return undefined;
  const judged = judgeInProcess(test.command, homedir());
  return judged.decision === "block" || judged.decision === "confirm" ? undefined : `with HOME=${homedir()}: expected to be stopped, got ${judged.decision} by ${judged.decider}`;
}

function deciderOf(decidedBy: { kind: string; rule?: { id: string } }): string {
  if (decidedBy.kind === "rule") return decidedBy.rule!.id;
  return decidedBy.kind === "error" ? ON_ERROR : "the default decision";
}

type Tally = { good: number; total: number };

/** Good/total per area for the dangerous and the benign lines, printed after a run. */
export class Figures {
  readonly #tallies = { stopped: new Map<string, Tally>(), passes: new Map<string, Tally>() };

  count(test: Case, good: boolean) {
    const tallies = this.#tallies[test.expect];
    const tally = tallies.get(test.area) ?? { good: 0, total: 0 };
    tally.total++;
    if (good) tally.good++;
    tallies.set(test.area, tally);
  }

  report(title: string): string {
    const { stopped, passes } = this.#tallies;
    const areas = [...new Set([...stopped.keys(), ...passes.keys()])].sort();
    const cell = (tally: Tally | undefined) => (tally ? `${tally.good}/${tally.total} (${((100 * tally.good) / tally.total).toFixed(1)}%)` : "—");
    const total = (tallies: Map<string, Tally>) =>
      [...tallies.values()].reduce((sum, tally) => ({ good: sum.good + tally.good, total: sum.total + tally.total }), { good: 0, total: 0 });
    return [
      `${title.padEnd(22)} ${"dangerous, by its rule".padEnd(22)} benign passed`,
      ...areas.map((area) => `  ${area.padEnd(20)} ${cell(stopped.get(area)).padEnd(22)} ${cell(passes.get(area))}`),
      `  ${"all".padEnd(20)} ${cell(total(stopped)).padEnd(22)} ${cell(total(passes))}`,
    ].join("\n");
  }
}

/**
 * Through the binary: every case in one `synaps-policy check --file --json` (the embedded default policy, HOME at
 * TEST_HOME, where no policy file exists). Its rows name the deciding rule; a stopped call with no rule was
 * stopped by on_error (the default policy's default decision is continue).
 */
export async function judgeThroughBinary(binary: string, cases: readonly Case[]): Promise<Judged[]> {
  const folder = mkdtempSync(join(tmpdir(), "synaps-policy-corpus-"));
  try {
    const calls = join(folder, "calls.jsonl");
    writeFileSync(calls, `${cases.map((each) => JSON.stringify({ tool: "bash", input: { command: each.command } })).join("\n")}\n`);
    const proc = Bun.spawn([binary, "check", "--file", calls, "--json"], {
      cwd: folder,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: TEST_HOME, LANG: "C.UTF-8" },
      stdin: "ignore",
      stdout: "pipe",
      stderr: "pipe",
    });
    const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
    if (code !== 0) throw new Error(`synaps-policy check --file exited ${code}: ${stderr}`);
    const rows = stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { decision: string; rule?: string });
    if (rows.length !== cases.length) throw new Error(`synaps-policy check --file judged ${rows.length} calls of ${cases.length}`);
    return rows.map(({ decision, rule }) => ({ decision, decider: rule ?? (decision === "block" || decision === "confirm" ? ON_ERROR : "the default decision") }));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
