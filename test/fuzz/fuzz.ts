// Running targets: each case is written to the binary (or fed in process),
// then the oracle checks every answer owed, the process is probed with a
// plain request, and at the end a shutdown pipelined behind a hook must
// answer both and exit 0. Findings carry the seed and case to replay.
import { checkAnswer, waitFor } from "./oracle.ts";
import { Session } from "./session.ts";
import { ALL_TARGETS } from "./targets/index.ts";
import { idCounter, TargetRun, type Finding, type Target } from "./target.ts";

export { describeFinding } from "./target.ts";
import { concat } from "./damage.ts";

export type { Finding };

export const TARGETS: Target[] = ALL_TARGETS;

export type RunOptions = {
  seed: number;
  targets: Target[];
  /** Cases per target at most. */
  cases: number;
  /** Cases for particular targets, overriding `cases`. */
  casesPerTarget?: Record<string, number>;
  /** Wall-clock budget for all targets together, split evenly. */
  seconds?: number;
  /** Run this one case only (a replay). */
  only?: number;
  /** One extension process for every process target (cheaper; a short run inside `bun test` uses it). */
  oneProcess?: boolean;
  /** Stop a target once it has this many findings (a test wants the first, fast). */
  maxFindings?: number;
  log?: (line: string) => void;
};

export type TargetSummary = { target: string; cases: number; findings: Finding[] };

export async function fuzz(options: RunOptions): Promise<TargetSummary[]> {
  const summaries: TargetSummary[] = [];
  const ids = idCounter();
  const share = options.seconds === undefined ? Infinity : (options.seconds * 1000) / options.targets.length;
  let shared: Session | undefined;
  let lastProcessRun: TargetRun | undefined;
  for (const target of options.targets) {
    const cases = options.casesPerTarget?.[target.name] ?? options.cases;
    const budget = {
      cases,
      deadline: performance.now() + share,
      ...(options.only === undefined ? {} : { only: options.only }),
      ...(options.maxFindings === undefined ? {} : { maxFindings: options.maxFindings }),
    };
    const run = new TargetRun(target.name, options.seed, budget, ids);
    if (target.kind === "custom") {
      await target.run(run);
    } else if (options.oneProcess) {
      shared ??= await startReporting(run);
      await runCases(target, run, shared);
      lastProcessRun = run;
    } else {
      await runInOwnProcess(target, run);
    }
    summaries.push({ target: target.name, cases: run.casesRun, findings: run.findings });
    options.log?.(`${target.name}: ${run.casesRun} cases, ${run.findings.length} finding${run.findings.length === 1 ? "" : "s"}`);
  }
  if (shared && lastProcessRun) {
    lastProcessRun.report("the end of the run: a hook and a shutdown in one write", await shared.finish());
    await shared.close();
  }
  return summaries;
}

async function startReporting(run: TargetRun): Promise<Session> {
  const { session, problems } = await Session.start(run.ids);
  run.report("the handshake", problems);
  return session;
}

async function runInOwnProcess(target: ProcessTarget, run: TargetRun) {
  const session = await startReporting(run);
  try {
    await runCases(target, run, session);
    run.report("the end of the run: a hook and a shutdown in one write", await session.finish());
  } finally {
    await session.close();
  }
}

async function runCases(target: ProcessTarget, run: TargetRun, session: Session) {
  for (; run.more(); run.advance()) {
    const fuzzCase = target.generate({ rng: run.rngFor(run.caseIndex), nextId: run.ids.next });
    const caseProblems = await sendCase(session, fuzzCase);
    run.report(fuzzCase.label, caseProblems, concat(fuzzCase.writes));
    if (caseProblems.length > 0) await session.restartIfBroken();
  }
}

type ProcessTarget = Extract<Target, { kind: "process" }>;

async function sendCase(session: Session, fuzzCase: ReturnType<ProcessTarget["generate"]>): Promise<string[]> {
  const sent = performance.now();
  for (const [index, bytes] of fuzzCase.writes.entries()) {
    session.client.write(bytes);
    if (index < fuzzCase.writes.length - 1) await Bun.sleep(1);
  }
  const problems: string[] = [];
  for (const expected of fuzzCase.expect) {
    const answer = await session.client.answerTo(expected.key, waitFor(expected.method));
    problems.push(...checkAnswer(expected, answer, (answer?.at ?? performance.now()) - sent));
  }
  problems.push(...(await session.probe(`after case`)));
  return [...new Set(problems)];
}
