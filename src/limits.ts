// Every limit the guard enforces, in one place: what an input may cost before
// it gets the policy's on_error decision instead of a judgement. A leaf
// module: it imports nothing, and everything may import it.

/** The shell analysis of one tool call. */
export const SHELL_LIMITS = {
  /** Inputs longer than this (UTF-8 bytes) are not parsed at all. A policy may lower or raise it up to MAX_INPUT_BYTES_CEILING. */
  maxInputBytes: 64 * 1024,
  /** Nesting of substitutions, subshells, groups, functions and re-entered shells. */
  maxDepth: 32,
  /** Simple commands one input may produce. */
  maxCommands: 1_000,
  /** Values one word or variable may take at once (a loop variable, `${X:-a}`, braces) before it counts as unknown. */
  maxAlternatives: 32,
  /** Work units one analysis may spend: one per statement, word, command, launch and loop pass. */
  maxSteps: 20_000,
  /** Wall-clock backstop for one analysis; the step budget decides first on any ordinary machine. */
  maxMillis: 250,
} as const;

/** The largest `shell.max_input_bytes` a policy may set. */
export const MAX_INPUT_BYTES_CEILING = 1024 * 1024;

/** Distinct reasons a verdict lists for an input it cannot judge: one is enough to decide, five to understand. */
export const MAX_PROBLEMS_SHOWN = 5;

/** A policy file (or an included one) larger than this is refused: no hand-written policy comes near it. */
export const MAX_POLICY_FILE_BYTES = 4 * 1024 * 1024;

/** A changed policy file is applied once it has been quiet this long: longer than a writer's pause mid-file. */
export const RELOAD_QUIET_MS = 1_100;

/** shell_send sessions whose partial line is remembered (the oldest is forgotten first). */
export const MAX_SHELL_SESSIONS = 256;
