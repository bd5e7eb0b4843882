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

// ─── Loading a policy ─────────────────────────────────────────────────────
/** Rules one policy may hold, its includes and built-in packs counted. */
export const MAX_POLICY_RULES = 20_000;
/** Files one policy may include, directly or through other files (built-in packs not counted). */
export const MAX_POLICY_INCLUDES = 64;
/** How deep includes may nest (a file that includes a file that includes …). */
export const MAX_INCLUDE_DEPTH = 16;
/** A YAML policy may resolve this many aliases; more is refused (an alias bomb grows without bound). */
export const MAX_YAML_ALIASES = 100;
/** Loading works in slices of this length, then lets the event loop answer requests. */
export const LOAD_SLICE_MS = 50;
/** A hook that arrives before the first policy is ready waits this long, then gets block. */
export const FIRST_POLICY_WAIT_MS = 2_000;

/** A file the command line reads (`check --file`, `--output`, an audit log for replay): larger is refused. */
export const MAX_CLI_INPUT_BYTES = 64 * 1024 * 1024;

// ─── The model's dry runs (the `policy` tool) ─────────────────────────────
/** Dry runs that would be stopped, per extension process (reset at on_session_start), before further ones are refused. */
export const MAX_STOPPED_DRY_RUNS = 5;

/** shell_send sessions whose partial line is remembered (the oldest is forgotten first). */
export const MAX_SHELL_SESSIONS = 256;


// ─── Regular expressions ──────────────────────────────────────────────────
/**
 * The largest RE2 program a policy pattern may compile to. re2js is linear in
 * input × program size; a counted repeat such as `[a-z]{1,1000}` compiles to
 * thousands of instructions and takes seconds on a 256 KiB output.
 */
export const MAX_PATTERN_PROGRAM_SIZE = 1_000;

// ─── Redaction ────────────────────────────────────────────────────────────
/** Wall-clock backstop for redacting one tool output (DESIGN: 50 ms per output). */
export const REDACTION_TIME_BUDGET_MS = 50;
/**
 * Deterministic work budget for redacting one output, in work units: each
 * character an RE2 program runs over costs its program size, a native literal
 * search costs one unit per LITERAL_SEARCH_CHARS_PER_UNIT characters (it is
 * that much cheaper, measured). Spent → the output is withheld.
 */
export const REDACTION_WORK_BUDGET = 160_000_000;
export const LITERAL_SEARCH_CHARS_PER_UNIT = 16;
/** One RE2 run over a single window may cost at most this much: a run cannot be interrupted. */
export const REDACTION_WINDOW_WORK = 12_000_000;
/** Windows of a pattern that cannot cross lines are joined when this close: one RE2 run instead of many. */
export const JOIN_GAP_CHARS = 256;
/**
 * A built-in detector looks this far before and after one of its literals,
 * within the line: a secret's literal is its prefix or near it (openai's marker
 * sits ~80 characters in), and a secret is at most ~2 KB (a long JWT).
 */
export const CONTEXT_BEFORE_CHARS = 256;
export const CONTEXT_AFTER_CHARS = 2_048;
/** A private key is looked for this far past its BEGIN line (a 8192-bit RSA key in PEM is ~6.5 KB). */
export const PRIVATE_KEY_SPAN_CHARS = 16 * 1024;

// ─── What leaves the process (audit log, reasons, stderr) ────────────────
/** Characters of an input kept in an audit record's preview. */
export const AUDIT_PREVIEW_CHARS = 400;
/** The full (redacted) tool input an audit record keeps for replay, in UTF-8 bytes of JSON; larger inputs keep only the preview. */
export const AUDIT_INPUT_BYTES = 64 * 1024;
/** After a failed audit write, the next attempt to write comes no sooner than this. */
export const AUDIT_RETRY_MS = 1_000;
/** A preview looks this deep into nested objects and arrays, no deeper. */
export const PREVIEW_MAX_DEPTH = 8;
/** A preview visits at most this many values of a JSON input. */
export const PREVIEW_MAX_NODES = 2_000;
/** A command shown in a block reason or confirm message is cut to this many characters, after redaction. */
export const REASON_COMMAND_CHARS = 120;
