// The shell view of an input, in process: the real analyzer with the built-in
// program knowledge, the default limits and a clock that never moves (the
// step budget decides, so the answer is the same on any machine).
import { SHELL_LIMITS } from "../../src/limits.ts";
import { analyzeShell, type ShellLimits } from "../../src/shell/analyze.ts";
import { programTable } from "../../src/shell/programs/table.ts";
import type { KnownFiles } from "../../src/shell/view/files.ts";
import type { ShellView, SimpleCommand } from "../../src/shell/view/view.ts";

export const SHELL_HOME = "/home/ada";

/** `files`: what the session already knows (a file it wrote, by path). */
export function viewOf(input: string, limits: Partial<ShellLimits> = {}, files?: KnownFiles): ShellView {
  return analyzeShell(input, { home: SHELL_HOME, programs: programTable(), limits: { ...SHELL_LIMITS, ...limits }, clock: { now: () => 0 } }, files);
}

/** The commands an input runs. */
export function commandsOf(input: string): SimpleCommand[] {
  return viewOf(input).commands;
}

/** The one command an input runs with this name (fails the test when there is not exactly one). */
export function commandNamed(input: string, name: string): SimpleCommand {
  const found = commandsOf(input).filter((command) => command.name === name);
  if (found.length !== 1) throw new Error(`expected one ${name} in ${JSON.stringify(input)}, found ${found.length}`);
  return found[0]!;
}
