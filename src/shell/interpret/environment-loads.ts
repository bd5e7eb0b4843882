// `export $(grep -v '^#' .env | xargs)` loads a KEY=value file into the
// shell's environment, as `set -a; . ./.env; set +a` does: what the reading
// command prints goes, through pipes and substitutions alone, into the words
// of `export`, and nothing of it reaches the agent. Such a read is tagged
// `output-into-environment`, so a rule can let it pass as it lets `source
// .env` pass. Output that also goes anywhere else (shown, a file, another
// program's words) keeps the command untagged.
import type { SimpleCommand } from "../view/view.ts";
import type { Analysis } from "./analysis.ts";

export const ENVIRONMENT_LOAD_TAG = "output-into-environment";

/** Shell builtins that only take NAME=value words into the environment (their output is empty). */
const ENVIRONMENT_SETTERS = new Set(["export"]);

/** Tag each command whose whole output ends, through pipes and substitutions, in an `export`'s words. */
export function tagEnvironmentLoads(analysis: Pick<Analysis, "commands" | "flows">) {
  const outgoing = new Map<number, Array<{ to: number; channel: string }>>();
  for (const flow of analysis.flows) outgoing.set(flow.from, [...(outgoing.get(flow.from) ?? []), flow]);
  const known = new Map<number, boolean>();
  const intoEnvironment = (index: number): boolean => {
    const cached = known.get(index);
    if (cached !== undefined) return cached;
    known.set(index, false); // a cycle is no load
    const command = analysis.commands[index];
    const flows = outgoing.get(index) ?? [];
    const result = command !== undefined && hidden(command) && flows.length > 0 && flows.every((flow) => reachesEnvironment(analysis, flow, intoEnvironment));
    known.set(index, result);
    return result;
  };
  analysis.commands.forEach((command, index) => {
    if (command.reads.length > 0 && intoEnvironment(index)) command.tags.push(ENVIRONMENT_LOAD_TAG);
  });
}

/**
 * `export $(…)` takes the output as NAME=value words, the names the file's own; `export X=$(cat .env)` puts the
 * whole file into a variable the agent names and may print, so only words that are a substitution whole count.
 */
function wholeSubstitution(word: string): boolean {
  return (word.startsWith("$(") && word.endsWith(")")) || (word.startsWith("`") && word.endsWith("`"));
}

function hidden(command: SimpleCommand): boolean {
  return !command.outputShown && command.writes.length === 0;
}

function reachesEnvironment(analysis: Pick<Analysis, "commands">, flow: { to: number; channel: string }, onward: (index: number) => boolean): boolean {
  if (flow.channel !== "pipe" && flow.channel !== "substitution") return false;
  const target = analysis.commands[flow.to];
  if (target === undefined) return false;
  if (flow.channel === "substitution" && ENVIRONMENT_SETTERS.has(target.name)) return target.args.every(wholeSubstitution);
  return onward(flow.to);
}
