// Puppet manifests given inline (`puppet apply -e '…'`) or as a file: a
// `file` resource writes the file its title (or `path =>`) names, an `exec`
// resource runs its title (or `command =>`) as a command. Other resources
// (packages, services, users) are the tool's own business here.
import { countingBudget, textUnits, type WorkBudget } from "../budget.ts";
import type { CodeReading } from "./code.ts";
import { emptyReading, writeLine } from "./file-lines.ts";

/** `TYPE { 'TITLE':` — a resource's type and title; its attributes run to the next `}`. */
const RESOURCE_HEAD = /\b(file|exec)\s*\{\s*(["'])([^"']*)\2\s*:/g;

/** Charged to `budget`: one pass over the text, and a unit per resource read. */
export function readPuppet(manifest: string, budget: WorkBudget = countingBudget()): CodeReading {
  const reading = emptyReading();
  budget.charge(textUnits(manifest));
  // The body is found with indexOf, not by the pattern: a pattern looking for each head's `}` would scan to
  // the end once per unclosed head (quadratic in a crafted manifest). Without a `}` after a head, no later
  // resource closes either.
  const heads = new RegExp(RESOURCE_HEAD);
  for (let head = heads.exec(manifest); head !== null; head = heads.exec(manifest)) {
    const start = head.index + head[0].length;
    const end = manifest.indexOf("}", start);
    if (end < 0) break;
    // Resources do not nest: the next one starts after this one's `}`.
    heads.lastIndex = end + 1;
    const [, type, , title] = head as unknown as [string, string, string, string];
    const body = manifest.slice(start, end);
    budget.charge();
    if (type === "file") reading.lines.push({ line: writeLine(attribute(body, "path") ?? title), label: "file resource" });
    else reading.lines.push({ line: attribute(body, "command") ?? title, label: "exec resource" });
  }
  return reading;
}

function attribute(body: string, name: string): string | undefined {
  return new RegExp(`\\b${name}\\s*=>\\s*(["'])([^"']*)\\1`).exec(body)?.[2];
}
