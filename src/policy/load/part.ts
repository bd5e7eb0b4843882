// One policy file (the user's, an included one, or a built-in pack): text →
// a validated part with the line of every rule and test, or every problem
// with its place. Rules and tests are validated one at a time, with a yield
// after each, so a 10,000-rule file is validated between requests.
import * as v from "valibot";
import { MAX_POLICY_RULES } from "../../limits.ts";
import type { PolicyPart } from "../engine/compile.ts";
import type * as SchemaIssues from "../format/schema-issues.ts";
import type * as Schema from "../format/schema.ts";
import type { OnError, PolicyFile, Rule, TestCase } from "../format/schema.ts";
import { parseSourceSteps, type DataPath, type PolicyProblem, type Position, type SourceFormat } from "../format/source.ts";
import type { Steps } from "../steps.ts";

export type Locate = (path: DataPath) => Position | undefined;

// The format's schema and its issue wording, loaded when a file is first validated: evaluating the schema builds
// the whole format's validation, which a load of the shipped files alone (validated when the executable was
// built, packs-embedded.ts) never uses (issue 27).
const schema = (): typeof Schema => require("../format/schema.ts");
const schemaIssues = (): typeof SchemaIssues => require("../format/schema-issues.ts");

export type ReadPart =
  | { ok: true; part: PolicyPart; locate: Locate /** The data as written (before defaults were filled in). */; raw: Record<string, unknown> }
  | { ok: false; problems: PolicyProblem[] /** What the broken file asked for on errors, if it could be read; else block. */; onError: OnError };

export function* readPartSteps(text: string, file: string, format: SourceFormat): Steps<ReadPart> {
  const parsed = yield* parseSourceSteps(file, text, format);
  yield;
  if (!parsed.ok) return { ok: false, problems: [parsed.problem], onError: "block" };
  const data = parsed.data;
  const count = Array.isArray((data as { rule?: unknown })?.rule) ? (data as { rule: unknown[] }).rule.length : 0;
  if (count > MAX_POLICY_RULES) {
    return {
      ok: false,
      problems: [
        {
          file,
          position: parsed.locate(["rule", MAX_POLICY_RULES]),
          where: `rule[${MAX_POLICY_RULES + 1}]`,
          message: `${count} rules, over the limit of ${MAX_POLICY_RULES} for a policy`,
        },
      ],
      onError: lenientOnError(data),
    };
  }
  const validated = yield* validateSteps(data);
  if (!validated.ok) {
    const { dedupeProblems, describeIssue, unionBranchIssues } = schemaIssues();
    const problems = validated.issues.flatMap(unionBranchIssues).map((issue) => describeIssue(issue, file, data, parsed.locate));
    return { ok: false, problems: dedupeProblems(problems), onError: lenientOnError(data) };
  }
  const value = validated.value;
  const ruleLines: Array<number | undefined> = [];
  for (let index = 0; index < value.rule.length; index++) {
    ruleLines.push(parsed.locate(["rule", index])?.line);
    if (index % 256 === 255) yield;
  }
  const testLines = value.test.map((_, index) => parsed.locate(["test", index])?.line);
  return { ok: true, part: { file: value, source: file, ruleLines, testLines }, locate: parsed.locate, raw: data as Record<string, unknown> };
}

type Validated = { ok: true; value: PolicyFile } | { ok: false; issues: Array<v.BaseIssue<unknown>> };

/** The whole file against the schema: the top level at once, then each rule and test on its own. */
function* validateSteps(data: unknown): Steps<Validated> {
  if (!isTable(data) || !listOrAbsent(data.rule) || !listOrAbsent(data.test)) return whole(data);
  const { rule: rules = [], test: tests = [], ...top } = data as { rule?: unknown[]; test?: unknown[] };
  const { PolicyFile, Rule, TestCase } = schema();
  const { prefixIssue } = schemaIssues();
  const issues: Array<v.BaseIssue<unknown>> = [];
  const head = v.safeParse(PolicyFile, top);
  if (!head.success) issues.push(...head.issues);
  const rule: Rule[] = [];
  for (const [index, item] of rules.entries()) {
    const result = v.safeParse(Rule, item);
    if (result.success) rule.push(result.output);
    else issues.push(...result.issues.map((issue) => prefixIssue(issue, ["rule", index])));
    yield;
  }
  const test: TestCase[] = [];
  for (const [index, item] of tests.entries()) {
    const result = v.safeParse(TestCase, item);
    if (result.success) test.push(result.output);
    else issues.push(...result.issues.map((issue) => prefixIssue(issue, ["test", index])));
    yield;
  }
  if (issues.length > 0 || !head.success) return { ok: false, issues };
  return { ok: true, value: { ...head.output, rule, test } };
}

function whole(data: unknown): Validated {
  const result = v.safeParse(schema().PolicyFile, data);
  return result.success ? { ok: true, value: result.output } : { ok: false, issues: result.issues };
}

function isTable(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function listOrAbsent(value: unknown): boolean {
  return value === undefined || Array.isArray(value);
}

function lenientOnError(data: unknown): OnError {
  const value = (data as { defaults?: { on_error?: unknown } } | undefined)?.defaults?.on_error;
  return value === "confirm" || value === "continue" ? value : "block";
}
