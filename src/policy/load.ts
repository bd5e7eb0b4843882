// Policy text → a compiled policy, or every problem with its file:line:column.
// Pure: the caller reads the file; this never touches the disk.
import * as v from "valibot";
import { compilePolicy, type CompiledPolicy, type EngineDeps, type PolicyPart } from "./compile.ts";
import { builtinPackText, BUILTIN_PACK_NAMES } from "./packs.ts";
import { PolicyFile, type OnError } from "./schema.ts";
import { formatOf, parseSource, type DataPath, type PolicyProblem, type Position, type SourceFormat } from "./source.ts";

export type LoadOutcome =
  | { ok: true; policy: CompiledPolicy }
  | { ok: false; problems: PolicyProblem[]; /** What the broken file asked for on errors, if it could be read; else block. */ onError: OnError };

export type LoadInput = { text: string; file: string; home: string; format?: SourceFormat; deps: EngineDeps };

export function loadPolicy({ text, file, home, format = formatOf(file), deps }: LoadInput): LoadOutcome {
  const main = readPart(text, file, format);
  if (!main.ok) return { ok: false, problems: main.problems, onError: main.onError };
  const parts: PolicyPart[] = [main.part];
  const problems: PolicyProblem[] = [];
  (main.part.file.include ?? []).forEach((include, index) => {
    const name = include.slice("builtin:".length);
    const packText = builtinPackText(name);
    if (packText === undefined) {
      problems.push({ file, position: main.locate(["include", index]), where: `include[${index + 1}]`, message: `no built-in pack "${name}"; the packs are ${BUILTIN_PACK_NAMES.map((pack) => `builtin:${pack}`).join(", ")}` });
      return;
    }
    const pack = readPart(packText, include, "toml");
    if (!pack.ok) problems.push(...pack.problems);
    else parts.push(pack.part);
  });
  problems.push(...duplicateIdsAcrossParts(parts, main.locate));
  if (problems.length > 0) return { ok: false, problems, onError: main.part.file.defaults.on_error };
  return { ok: true, policy: compilePolicy({ parts, source: file, text, home }, deps) };
}

type ReadPart =
  | { ok: true; part: PolicyPart; locate: (path: DataPath) => Position | undefined }
  | { ok: false; problems: PolicyProblem[]; onError: OnError };

function readPart(text: string, file: string, format: SourceFormat): ReadPart {
  const parsed = parseSource(file, text, format);
  if (!parsed.ok) return { ok: false, problems: [parsed.problem], onError: "block" };
  const result = v.safeParse(PolicyFile, parsed.data);
  if (!result.success) {
    const problems = result.issues.flatMap(unionBranchIssues).map((issue) => describeIssue(issue, file, parsed.data, parsed.locate));
    return { ok: false, problems: dedupe(problems), onError: lenientOnError(parsed.data) };
  }
  const ruleLines = result.output.rule.map((_, index) => parsed.locate(["rule", index])?.line);
  const testLines = result.output.test.map((_, index) => parsed.locate(["test", index])?.line);
  return { ok: true, part: { file: result.output, source: file, ruleLines, testLines }, locate: parsed.locate };
}

/**
 * A value that may be a table or a list of tables (`when`) fails as a union;
 * what the person needs is the problem inside the shape they wrote: the
 * list's issues for a list, the table's for a table.
 */
function unionBranchIssues(issue: v.BaseIssue<unknown>): Array<v.BaseIssue<unknown>> {
  if (issue.type !== "union" || !issue.issues || issue.issues.length === 0) return [issue];
  const wroteList = Array.isArray(issue.input);
  // The branches' issues have paths relative to the union's value.
  const inside = issue.issues.filter((inner) => (inner.path?.length ?? 0) > 0 && (inner.path![0]!.type === "array") === wroteList);
  if (inside.length === 0) return [issue];
  const outer = issue.path ?? [];
  return inside.map((inner) => ({ ...inner, path: [...outer, ...(inner.path ?? [])] }) as v.BaseIssue<unknown>).flatMap(unionBranchIssues);
}

function describeIssue(issue: v.BaseIssue<unknown>, file: string, data: unknown, locate: (path: DataPath) => Position | undefined): PolicyProblem {
  const path: DataPath = (issue.path ?? []).map((item) => item.key as string | number);
  return {
    file,
    position: locate(path),
    where: describePath(path, data),
    message: describeMessage(issue, path),
  };
}

/** `rule[3] "force-push": when.flags` — rules by number (from 1) and id, the rest dotted. */
export function describePath(path: DataPath, data: unknown): string {
  const parts: string[] = [];
  for (let index = 0; index < path.length; index++) {
    const key = path[index]!;
    const next = path[index + 1];
    if (typeof key === "string" && typeof next === "number") {
      const element = (data as Record<string, unknown[]> | undefined)?.[key]?.[next] as Record<string, unknown> | undefined;
      const id = index === 0 && typeof element?.id === "string" ? ` "${element.id}"` : "";
      parts.push(`${key}[${next + 1}]${id}`);
      index++;
      continue;
    }
    parts.push(String(key));
  }
  if (parts.length === 0) return "";
  const [head, ...rest] = parts;
  if (/\[\d+\]/.test(head!) && rest.length > 0) return `${head}: ${rest.join(".")}`;
  return parts.join(".");
}

function describeMessage(issue: v.BaseIssue<unknown>, path: DataPath): string {
  if (issue.type === "strict_object" && issue.expected === "never") {
    const key = String(path.at(-1));
    const known = knownKeysAt(path.slice(0, -1));
    const suggestion = closest(key, known);
    const hint = suggestion ? ` — did you mean "${suggestion}"?` : known.length > 0 ? ` (expected one of: ${known.join(", ")})` : "";
    return `unknown key "${key}"${hint}`;
  }
  if ((issue.type === "strict_object" || issue.type === "object") && issue.received === "undefined") {
    return `missing required key ${issue.expected}`;
  }
  const typeError = /^Invalid type: Expected (.*) but received (.*)$/.exec(issue.message);
  if (typeError) return `expected ${typeError[1]}, got ${typeError[2]}`;
  return issue.message;
}

/** The keys the schema allows at a path, read from the schema itself. */
function knownKeysAt(path: DataPath): string[] {
  let schema: unknown = PolicyFile;
  for (const key of path) {
    schema = unwrap(schema, typeof key === "number" ? "array" : "object");
    const node = schema as { entries?: Record<string, unknown>; item?: unknown; value?: unknown };
    if (typeof key === "number") schema = node.item;
    else if (node.entries) schema = node.entries[key];
    else schema = node.value;
  }
  const entries = (unwrap(schema, "object") as { entries?: Record<string, unknown> } | undefined)?.entries;
  return entries ? Object.keys(entries) : [];
}

/** The schema under optional wrappers; of a union (`when`: a table or a list), the branch of the shape wanted. */
function unwrap(schema: unknown, shape: "object" | "array"): unknown {
  let current = schema as { type?: string; wrapped?: unknown; options?: unknown[]; getter?: () => unknown } | undefined;
  for (;;) {
    if (current && (current.type === "optional" || current.type === "nullable" || current.type === "nullish")) current = current.wrapped as typeof current;
    else if (current?.type === "lazy" && current.getter) current = current.getter() as typeof current;
    else if (current?.type === "union" && current.options) {
      current = current.options.find((option) => ((unwrap(option, shape) as { type?: string } | undefined)?.type === "array") === (shape === "array")) as typeof current;
    } else return current;
  }
}

function closest(word: string, candidates: string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(word.length / 3)) + 1;
  for (const candidate of candidates) {
    const distance = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

function duplicateIdsAcrossParts(parts: PolicyPart[], locate: (path: DataPath) => Position | undefined): PolicyProblem[] {
  const [main, ...packs] = parts;
  const problems: PolicyProblem[] = [];
  const packIds = new Map<string, string>();
  for (const pack of packs) for (const rule of pack.file.rule) packIds.set(rule.id, pack.source);
  main!.file.rule.forEach((rule, index) => {
    const pack = packIds.get(rule.id);
    if (pack) problems.push({ file: main!.source, position: locate(["rule", index, "id"]), where: `rule[${index + 1}] "${rule.id}": id`, message: `the id is also used by a rule of ${pack}; choose another id (or set enabled = false in a copy of the pack)` });
  });
  return problems;
}

function lenientOnError(data: unknown): OnError {
  const value = (data as { defaults?: { on_error?: unknown } } | undefined)?.defaults?.on_error;
  return value === "confirm" || value === "continue" ? value : "block";
}

function dedupe(problems: PolicyProblem[]): PolicyProblem[] {
  const seen = new Set<string>();
  return problems.filter((problem) => {
    const key = `${problem.position?.line}:${problem.where}:${problem.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
