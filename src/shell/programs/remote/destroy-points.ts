// Where a CLI's grammar destroys: every subcommand path that carries the
// `destroy` tag (or an option that adds it), with the categories in force
// there. Packs, README and tests are made from these, so what the data says
// and what the rules ask about cannot drift apart.
import type { ProgramSpec } from "../spec.ts";
import { type Category, DESTROY, isCategory } from "./categories.ts";

/** A destroying command shape: its subcommand words (`s3 rm`, `… delete`), the option when one is needed, its categories. */
export type DestroyPoint = { words: string[]; option?: string; categories: Category[] };

export function destroyPoints(spec: ProgramSpec): DestroyPoint[] {
  const points: DestroyPoint[] = [];
  walk(spec, [], [], new Set(), points);
  return points;
}

function walk(spec: ProgramSpec, words: string[], inherited: readonly string[], onPath: Set<ProgramSpec>, points: DestroyPoint[]) {
  if (onPath.has(spec)) return; // a chain of nouns refers to itself
  const tags = [...inherited, ...(spec.tags ?? [])];
  if (tags.includes(DESTROY)) points.push({ words, categories: tags.filter(isCategory) });
  for (const [option, added] of Object.entries(spec.tagsWith ?? {})) {
    if (added.includes(DESTROY)) points.push({ words, option, categories: [...new Set([...tags, ...added])].filter(isCategory) });
  }
  onPath.add(spec);
  for (const [name, below] of Object.entries(spec.subcommands ?? {})) walk(below, [...words, name === "*" ? "…" : name], tags, onPath, points);
  onPath.delete(spec);
}

/** `s3 rm`, `s3 sync --delete`, `… delete`: how a person reads a point. */
export function describePoint(point: DestroyPoint): string {
  return [...point.words, ...(point.option ? [point.option.replace("=", " ")] : [])].join(" ") || "(any use)";
}
