// A command whose whole output goes down a pipe into programs that print
// only a count, a checksum or a yes/no (`cat .env | wc -l`, `… | grep -c KEY`,
// `… | grep -q '^DEBUG='`) shows the agent nothing of what it read: it is
// tagged `output-counted`, so a rule can let that read pass as it lets
// `wc -l .env` pass. Output that also goes anywhere else (a file, a
// substitution, a program that prints text) keeps the command untagged.
import type { SimpleCommand } from "../view/view.ts";
import { inCategory } from "../programs/categories.ts";
import type { Analysis } from "./analysis.ts";

export const COUNTED_OUTPUT_TAG = "output-counted";

/** grep and its kin print only a count or nothing with these. */
const COUNTING_FLAGS = new Set(["-c", "--count", "-q", "--quiet", "--silent"]);

/** Tag each command whose output reaches only counters, through pipes alone. */
export function tagCountedOutputs(analysis: Pick<Analysis, "commands" | "flows">) {
  const targets = new Map<number, number[] | null>();
  for (const flow of analysis.flows) {
    const known = targets.get(flow.from);
    if (known === null) continue;
    if (flow.channel !== "pipe") targets.set(flow.from, null);
    else targets.set(flow.from, [...(known ?? []), flow.to]);
  }
  for (const [index, to] of targets) {
    const command = analysis.commands[index];
    if (!command || to === null || to === undefined || command.outputShown || command.writes.length > 0) continue;
    if (to.every((target) => counts(analysis.commands[target]))) command.tags.push(COUNTED_OUTPUT_TAG);
  }
}

function counts(command: SimpleCommand | undefined): boolean {
  if (!command) return false;
  if (inCategory(command.name, "digester")) return true;
  return inCategory(command.name, "line-searcher") && command.flags.some((flag) => COUNTING_FLAGS.has(flag));
}
