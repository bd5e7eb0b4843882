// valibot issues → problems a person can act on: the place in the file
// (`rule[3] "force-push": when.flags`), the message in plain words, and
// "did you mean" for a misspelt key, read from the schema itself.
import type * as v from "valibot";
import { closest } from "../did-you-mean.ts";
import { PolicyFile } from "./schema.ts";
import type { DataPath, PolicyProblem, Position } from "./source.ts";

/** An issue found inside a value at `prefix` (a rule validated on its own): its path made whole. */
export function prefixIssue(issue: v.BaseIssue<unknown>, prefix: DataPath): v.BaseIssue<unknown> {
  const outer = prefix.map((key) => ({ type: typeof key === "number" ? "array" : "object", origin: "value", input: undefined, key, value: undefined }));
  return { ...issue, path: [...outer, ...(issue.path ?? [])] } as v.BaseIssue<unknown>;
}

/**
 * A value that may be a table or a list of tables (`when`) fails as a union;
 * what the person needs is the problem inside the shape they wrote: the
 * list's issues for a list, the table's for a table.
 */
export function unionBranchIssues(issue: v.BaseIssue<unknown>): Array<v.BaseIssue<unknown>> {
  if (issue.type !== "union" || !issue.issues || issue.issues.length === 0) return [issue];
  const wroteList = Array.isArray(issue.input);
  // The branches' issues have paths relative to the union's value.
  const inside = issue.issues.filter((inner) => (inner.path?.length ?? 0) > 0 && (inner.path![0]!.type === "array") === wroteList);
  if (inside.length === 0) return [issue];
  const outer = issue.path ?? [];
  return inside.map((inner) => ({ ...inner, path: [...outer, ...(inner.path ?? [])] }) as v.BaseIssue<unknown>).flatMap(unionBranchIssues);
}

export function describeIssue(issue: v.BaseIssue<unknown>, file: string, data: unknown, locate: (path: DataPath) => Position | undefined): PolicyProblem {
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

export function dedupeProblems(problems: PolicyProblem[]): PolicyProblem[] {
  const seen = new Set<string>();
  return problems.filter((problem) => {
    const key = `${problem.file}:${problem.position?.line}:${problem.where}:${problem.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
