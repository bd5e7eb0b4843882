// The entry point of the shell view: one input string in, every simple
// command it would run out, plus what could not be judged statically.
import type { Parser } from "web-tree-sitter";
import type { OptionSpec } from "./options.ts";
import { WRAPPERS } from "./programs.ts";
import type { ShellView } from "./types.ts";
import { initialState, isLimitReached, walkScript, type WalkContext, type WalkLimits } from "./walk.ts";

export type ShellOptions = WalkLimits & {
  home: string;
  /** Inputs longer than this (in UTF-8 bytes) are not parsed at all. */
  maxInputBytes: number;
  /** Wrappers the policy adds to the built-in ones. */
  extraWrappers?: Record<string, OptionSpec>;
};

export const DEFAULT_SHELL_LIMITS = {
  maxInputBytes: 64 * 1024,
  maxDepth: 32,
  maxCommands: 1_000,
  maxLoopValues: 32,
  maxSyntaxNodes: 12_000,
  parseBudgetMs: 50,
} as const;

export function analyzeShell(input: string, parser: Parser, options: ShellOptions): ShellView {
  const bytes = Buffer.byteLength(input, "utf8");
  if (bytes > options.maxInputBytes) {
    return { commands: [], unresolved: [`the command is ${bytes} bytes, over the ${options.maxInputBytes}-byte limit for analysis`] };
  }
  const ctx: WalkContext = {
    parser,
    home: options.home,
    limits: options,
    wrappers: options.extraWrappers ? { ...WRAPPERS, ...options.extraWrappers } : WRAPPERS,
    commands: [],
    unresolved: [],
    deadline: performance.now() + options.parseBudgetMs,
  };
  try {
    walkScript(input, ctx, initialState(options.home));
  } catch (error) {
    if (!isLimitReached(error)) throw error;
    ctx.unresolved.push((error as Error).message);
  }
  return { commands: ctx.commands, unresolved: summarizeProblems(ctx.unresolved) };
}

const MAX_PROBLEMS = 5;

/** At most a few distinct reasons: one is enough to decide, five are enough to understand. */
function summarizeProblems(problems: string[]): string[] {
  const distinct = [...new Set(problems)];
  if (distinct.length <= MAX_PROBLEMS) return distinct;
  return [...distinct.slice(0, MAX_PROBLEMS), `… and ${distinct.length - MAX_PROBLEMS} more`];
}
