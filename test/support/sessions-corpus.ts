// The session corpus (test/fixtures/sessions/scenarios.ts), judged in
// process as the extension judges a session: each call with the files it
// runs found in what earlier calls wrote, or on disk under the project root
// (a temporary folder holding the scenario's files, and only them, while it
// is judged). Figures per shape are printed; every shape must stop ≥ 95% of
// its dangerous sessions, and the calls that run what the session set up must
// pass in ≥ 99% of everyday ones. The shapes are judged in a few files
// (test/sessions-corpus/*.test.ts, SHARDS), of about equal cost, so that
// `bun test`'s workers share the corpus, the costliest part of the suite.
import { afterAll, describe, expect, test } from "bun:test";
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { memoizedAnalyzer } from "../../src/extension/engine-deps.ts";
import type { CompiledPolicy } from "../../src/policy/engine/compile.ts";
import { loadPolicy } from "../../src/policy/load/load.ts";
import { defaultPolicyText } from "../../src/policy/load/load-file.ts";
import { judgeSession, readSessionSteps } from "../../src/session/run-session.ts";
import { analyzeShell } from "../../src/shell/analyze.ts";
import { HOME, type Scenario, type Shape, scenarios } from "../fixtures/sessions/scenarios.ts";
import { onDiskTwins } from "./on-disk-twins.ts";

/**
 * Pairs whose twins are judged apart on purpose, by the start of the written session's name, and why: a runner the
 * guard cannot know loads files it cannot name, so only the write of a harmful file is stopped.
 */
const APART_ON_PURPOSE: ReadonlyArray<[string, string]> = [
  ["checks/setup.mjs (", "an invented runner (acme-check): what it loads from disk is unknowable"],
  ["tools/gen.rb (", "an invented runner (acme-gen): what it loads from disk is unknowable"],
  ["tests/Keywords.py (", "robot's keyword libraries are named by .robot files' Library settings, not read yet"],
  ["gen/site.m4 holding", "m4's syscmd in a macro file on disk is not read yet (its write is judged)"],
  ["packed: tar czf /tmp/whole.tgz .", "on disk the archive holds the staged secret; written, the guard does not follow it into the archive"],
];

/** The shapes each file of test/sessions-corpus judges, by its name: every shape in one file. */
export const SHARDS = {
  "task-files": ["task-file", "package-settings", "symlink", "interactive-shell"],
  configs: ["config", "startup", "test-code"],
  "test-runners": ["test-runner", "project-target", "download"],
  scripts: ["script", "make-function", "secret", "git-hook", "payload"],
} as const satisfies Record<string, readonly Shape[]>;

let corpus: Scenario[] | undefined;
/** Every scenario, built once per process (each shard file takes its shapes from it). */
export function allScenarios(): Scenario[] {
  corpus ??= scenarios();
  return corpus;
}

let compiled: CompiledPolicy | undefined;
/** The default policy with the extension's own analyzer (memoised as in the extension); the clock never moves. */
function defaultPolicy(): CompiledPolicy {
  if (compiled) return compiled;
  const loaded = loadPolicy({
    text: defaultPolicyText,
    file: "policy.toml",
    home: HOME,
    format: "toml",
    deps: { analyzer: memoizedAnalyzer(analyzeShell), clock: { now: () => 0 } },
  });
  if (!loaded.ok) throw new Error("the default policy does not load");
  compiled = loaded.policy;
  return compiled;
}

/**
 * One project root per file, holding one scenario's files at a time: each is written before its session is
 * judged and removed after. The directories they sit in are not removed (on disks where removing a directory is
 * slow, ext4 with online discard, ~2 ms each, a folder per scenario cost seconds) but parked: moved out of the
 * root by a rename, and moved back when a later scenario has files under the same top directory. Left in the
 * root, every listing of a later scenario walked the empty directories of all earlier ones.
 */
class ProjectOnDisk {
  readonly root = mkdtempSync(join(tmpdir(), "synaps-sessions-"));
  readonly #parked = mkdtempSync(join(tmpdir(), "synaps-sessions-parked-"));

  remove() {
    rmSync(this.root, { recursive: true, force: true });
    rmSync(this.#parked, { recursive: true, force: true });
  }

  /** Judge with the scenario's files (and links) on disk under the root, or with no root when it has none. */
  with<T>(scenario: Scenario, judgeWith: (root: string | undefined) => T): T {
    if (!scenario.disk) return judgeWith(undefined);
    const placed: string[] = [];
    const place = (path: string) => {
      this.#unpark(path);
      const full = join(this.root, path);
      mkdirSync(dirname(full), { recursive: true });
      // An earlier scenario's (empty) directory where this one has a file or a link.
      if (lstatSync(full, { throwIfNoEntry: false })?.isDirectory()) rmSync(full, { recursive: true });
      placed.push(full);
      return full;
    };
    for (const [path, content] of Object.entries(scenario.disk)) writeFileSync(place(path), content);
    for (const [link, target] of Object.entries(scenario.links ?? {})) symlinkSync(target, place(link));
    try {
      return judgeWith(this.root);
    } finally {
      for (const full of placed) unlinkSync(full);
      this.#parkAll();
    }
  }

  /** The top directory of `path` (relative to the root) back in the root, when an earlier scenario left it parked. */
  #unpark(path: string) {
    const slash = path.indexOf("/");
    if (slash <= 0) return;
    const top = path.slice(0, slash);
    if (lstatSync(join(this.#parked, top), { throwIfNoEntry: false })?.isDirectory() && !lstatSync(join(this.root, top), { throwIfNoEntry: false })) {
      renameSync(join(this.#parked, top), join(this.root, top));
    }
  }

  /** Every directory left in the root (empty of files once the scenario's are removed) moved out of it. */
  #parkAll() {
    for (const entry of readdirSync(this.root, { withFileTypes: true })) {
      if (entry.isDirectory()) renameSync(join(this.root, entry.name), join(this.#parked, entry.name));
    }
  }
}

type Outcome = { scenario: Scenario; stopped: boolean; runStopped: boolean; decisions: string[] };

function judge(policy: CompiledPolicy, project: ProjectOnDisk, scenario: Scenario): Outcome {
  const text = scenario.steps.map((step) => JSON.stringify(step)).join("\n");
  const { steps, problems } = readSessionSteps(text, (tool) => policy.shellTools[tool] ?? "path");
  expect(problems).toEqual([]);
  const judged = project.with(scenario, (root) => judgeSession(policy, steps, { home: HOME, ...(root ? { root } : {}) }));
  const stops = judged.map((step) => step.verdict.decision.kind === "block" || step.verdict.decision.kind === "confirm");
  return { scenario, stopped: stops.some(Boolean), runStopped: stops.slice(scenario.runFrom).some(Boolean), decisions: judged.map((step) => step.verdict.decision.kind) };
}

function byShape(outcomes: Outcome[], kind: Scenario["kind"]): Map<string, Outcome[]> {
  const shapes = new Map<string, Outcome[]>();
  for (const outcome of outcomes.filter((o) => o.scenario.kind === kind)) shapes.set(outcome.scenario.shape, [...(shapes.get(outcome.scenario.shape) ?? []), outcome]);
  return shapes;
}

/** The tests of one shard: its shapes' sessions judged while the file loads, then the figures checked per shape. */
export function describeShard(name: keyof typeof SHARDS): void {
  const shapes: readonly Shape[] = SHARDS[name];
  const project = new ProjectOnDisk();
  afterAll(() => project.remove());
  const policy = defaultPolicy();
  const all = allScenarios()
    .filter((scenario) => shapes.includes(scenario.shape))
    .map((scenario) => judge(policy, project, scenario));

  // Each written session beside its on-disk twin (the corpus's own, or one derived by dropping the writes).
  const outcomes = new Map(all.map((outcome) => [outcome.scenario, outcome]));
  const apart = onDiskTwins(allScenarios().filter((scenario) => shapes.includes(scenario.shape))).flatMap((pair) => {
    const written = outcomes.get(pair.written)!;
    const disk = outcomes.get(pair.disk) ?? judge(policy, project, pair.disk);
    const key = pair.written.kind === "dangerous" ? "stopped" : "runStopped";
    if (written[key] === disk[key] || APART_ON_PURPOSE.some(([start]) => pair.written.name.startsWith(start))) return [];
    return [`${pair.written.kind} ${pair.written.shape}: ${pair.written.name} → ${written.decisions.join(", ")}; on disk → ${disk.decisions.join(", ")}`];
  });

  describe(`the session corpus: ${shapes.join(", ")}`, () => {
    test("a file already on disk is judged as the same file written in the session", () => {
      expect(apart).toEqual([]);
    });

    test("every shape stops at least 95% of its dangerous sessions", () => {
      const lines: string[] = [];
      const missed: string[] = [];
      const short: string[] = [];
      for (const [shape, outcomes] of byShape(all, "dangerous")) {
        const stopped = outcomes.filter((o) => o.stopped).length;
        const atRun = outcomes.filter((o) => o.runStopped).length;
        const disk = outcomes.filter((o) => o.scenario.disk);
        lines.push(`${shape.padEnd(15)} ${stopped}/${outcomes.length} stopped (${atRun} at the run; on disk ${disk.filter((o) => o.stopped).length}/${disk.length})`);
        for (const o of outcomes) if (!o.stopped) missed.push(`${shape}: ${o.scenario.name} → ${o.decisions.join(", ")}`);
        if (stopped / outcomes.length < 0.95) short.push(shape);
      }
      console.log(`dangerous sessions by shape:\n  ${lines.join("\n  ")}${missed.length > 0 ? `\n  not stopped:\n    ${missed.join("\n    ")}` : ""}`);
      expect(short).toEqual([]);
    });

    test("the calls that run what an everyday session set up pass in at least 99% of sessions, per shape", () => {
      const lines: string[] = [];
      const stopped: string[] = [];
      const short: string[] = [];
      for (const [shape, outcomes] of byShape(all, "everyday")) {
        const passed = outcomes.filter((o) => !o.runStopped).length;
        const whole = outcomes.filter((o) => !o.stopped).length;
        lines.push(`${shape.padEnd(15)} ${passed}/${outcomes.length} runs passed (whole session ${whole}/${outcomes.length})`);
        for (const o of outcomes) if (o.runStopped) stopped.push(`${shape}: ${o.scenario.name} → ${o.decisions.join(", ")}`);
        if (passed / outcomes.length < 0.99) short.push(shape);
      }
      console.log(`everyday sessions by shape:\n  ${lines.join("\n  ")}${stopped.length > 0 ? `\n  stopped:\n    ${stopped.join("\n    ")}` : ""}`);
      expect(short).toEqual([]);
    });
  });
}
