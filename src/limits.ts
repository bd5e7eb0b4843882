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
  /** CPU-time backstop for one analysis (the edges give the process's CPU clock); the step budget decides first on any ordinary machine. */
  maxMillis: 250,
} as const;

/** Shell lines one piece of carried code (a vim `-c`, a make `--eval`, a crontab) may amount to; the rest is unresolved. */
export const MAX_CARRIED_LINES = 256;

/** The largest `shell.max_input_bytes` a policy may set. */
export const MAX_INPUT_BYTES_CEILING = 1024 * 1024;

/** Distinct reasons a verdict lists for an input it cannot judge: one is enough to decide, five to understand. */
export const MAX_PROBLEMS_SHOWN = 5;

/** A policy file (or an included one) larger than this is refused: no hand-written policy comes near it. */
export const MAX_POLICY_FILE_BYTES = 4 * 1024 * 1024;

/** A project's policy (`.synaps/policy.toml`, untrusted: it came with the repository) larger than this is skipped. */
export const MAX_PROJECT_POLICY_BYTES = 256 * 1024;

/** Projects whose own policy is kept compiled at once (one per project root the host works in); the oldest is dropped. */
export const MAX_PROJECT_POLICIES = 8;

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
/**
 * …or of this many steps, whichever ends first (each step is bounded work: one rule, one pack, a piece of a
 * file), so a slice is bounded however the clock behaves and a shutdown waits at most one (issue 26).
 */
export const LOAD_SLICE_STEPS = 64;
/** How long the host waits for a hook's answer before it gives up and runs the call (PROTOCOL.md). */
export const HOST_HOOK_TIMEOUT_MS = 5_000;
/** Kept free of the host's limit: the verdict, the audit record and the answer's write come after the wait. */
export const HOOK_ANSWER_MARGIN_MS = 1_000;
/** A hook that arrives before the first policy is ready waits this long for it, then gets block ("still loading"). */
export const FIRST_POLICY_WAIT_MS = HOST_HOOK_TIMEOUT_MS - HOOK_ANSWER_MARGIN_MS;

/** A file the command line reads (`check --file`, `--output`, an audit log for replay): larger is refused. */
export const MAX_CLI_INPUT_BYTES = 64 * 1024 * 1024;

// ─── The model's dry runs (the `policy` tool) ─────────────────────────────
/** Dry runs that would be stopped, per extension process (reset at on_session_start), before further ones are refused. */
export const MAX_STOPPED_DRY_RUNS = 5;

/** shell_send sessions whose partial line is remembered (the oldest is forgotten first). */
export const MAX_SHELL_SESSIONS = 256;
/** The lines one interactive shell (shell_send) ran that are kept to judge its next lines by (their state carries over). */
export const MAX_SHELL_MEMORY_BYTES = 64 * 1024;
/** …and all of them together (least recently used shells' lines go first): 256 shells × 64 KiB was 16 MB of text. */
export const MAX_SHELL_MEMORY_TOTAL_BYTES = 2 * 1024 * 1024;

// ─── Inside the shell analysis ────────────────────────────────────────────
/** A variable's value longer than this is not followed (`a="$a$a"` doubling in a loop): it becomes unknown. */
export const MAX_VALUE_CHARS = 64 * 1024;
/** An array longer than this, or assigned at a higher index (`A[99999]=x`), is not followed: it becomes unknown. */
export const MAX_ARRAY_INDEX = 1_000;
/** `${X%pattern}`, `${X/pattern/text}` are followed on values up to this long (longer: unknown); matching is quadratic. */
export const MAX_PATTERN_OPERATION_CHARS = 512;
/** Pattern matching charges one work step per this many pattern positions it visits (a `${X//…/…}` on a long value is many steps). */
export const PATTERN_WORK_PER_STEP = 256;
/** A brace sequence (`{1..100000}`) is cut after this many values. */
export const MAX_BRACE_SEQUENCE = 1_000;
/** Interpreter code: an argument longer than this is read as unknown. */
export const MAX_CODE_ARGUMENT_CHARS = 4_000;
/** Lines of a zsh script that bash's grammar cannot read, left out one by one; a script with more is not judged (on_error). */
export const MAX_ZSH_UNREAD_LINES = 32;
/** Copies of loop bodies one piece of code is read as, one per value of a literal list (`for d in ("build", "dist")`): beyond, the rest stays a loop over an unknown value. */
export const MAX_LITERAL_LOOP_COPIES = 64;
/**
 * Times a loop's header says it runs (`seq 1 N`, `{1..N}`, `i < N`) from which a command in its body that submits,
 * creates, sends or spends counts as done at scale: a handful of retries or a small batch passes, thousands ask.
 */
export const MIN_LOOP_COUNT_AT_SCALE = 500;
/** Characters of a literal loop's body read for whether it rebinds its variable: a longer body is not written out. */
export const MAX_LITERAL_LOOP_BODY = 8_000;
/** Names in one file followed as temp directories the code made (shell/languages/temp-dirs.ts); each costs a few scans of the file. */
export const MAX_TEMP_DIR_NAMES = 8;
/** Glob sets (a shell pattern against a policy glob): braces expanding to more alternatives than this are not followed. */
export const GLOB_SET_MAX_ALTERNATIVES = 64;
/** Glob sets: product states explored before the answer is taken as the careful one. */
export const GLOB_SET_MAX_STATES = 20_000;
/** Name and path matchers kept by pattern text (shared by every rule that writes the same pattern). */
export const GLOB_MATCHERS_KEPT = 8_192;
/** Rule `tool` matchers shared between rules by their text (a user's many distinct tool globs stop sharing past it). */
export const MAX_SHARED_TOOL_MATCHERS = 256;
/** Glob sets: automata (per pattern) and answers (per pair of patterns) kept, the oldest forgotten first. */
export const GLOB_SET_REMEMBERED = 2_048;
/**
 * …and the automata kept hold at most this many states between them: ~220 bytes each, so ~3.5 MB. A count alone
 * did not bound the bytes (a long literal glob is one state per character); one glob-heavy command against the
 * default policy keeps ~5,000 (issue 27).
 */
export const GLOB_SET_REMEMBERED_STATES = 16_384;
/** …and the answers kept have keys (the globs a pattern was held against) of at most this many characters between them. */
export const GLOB_SET_REMEMBERED_KEY_CHARS = 256 * 1024;
/**
 * Work units the policy's matchers may spend on one tool call (glob against glob: one unit per character class
 * tried from one automaton state), on top of the shell analysis' own steps. Spent → the call gets on_error. About a
 * quarter of a second on the slowest machine we know; ordinary commands spend a few thousand.
 */
export const MATCH_WORK_BUDGET = 500_000;
/**
 * A policy's text test (a regex, `contains` or glob on an input field or on code a command carries) costs one
 * work unit per this many characters it reads, plus one: RE2 is linear, but 1,500 rules over 64 KiB of input is
 * seconds of linear work, and every matcher draws from the one budget above.
 */
export const MATCH_TEXT_CHARS_PER_UNIT = 32;
/**
 * A call with at least this many simple commands has its alike commands (a script repeating a line) judged once per
 * condition; below it, comparing them costs more than judging each one.
 */
export const ALIKE_COMMANDS_FROM = 16;
/** Commands spelled alike but different (another directory, another tag) compared per spelling; more are judged each on its own. */
export const ALIKE_KINDS_PER_SPELLING = 8;
/** The extension keeps verdicts of tool-call events up to this size (as JSON)… */
export const VERDICT_MEMO_EVENT_CHARS = 8_192;
/** …and this many of them per policy… */
export const VERDICT_MEMO_ENTRIES = 512;
/**
 * …whose keys come to at most this many characters: a verdict keeps its shell view, ~50 bytes per character of
 * the command (see extension/bounded-memo.ts), so ~9 MB at most; 512 everyday calls (150–430 characters each as
 * JSON) fit.
 */
export const VERDICT_MEMO_CHARS = 192 * 1024;
/**
 * The files found for a repeated tool call are kept, with the stat of each file they were read from, for this many
 * calls per policy (each later repeat re-checks only those stats instead of reading and analysing again)…
 */
export const RESOLVED_CALL_ENTRIES = 64;
/** …whose keys and the texts of the files they hold come to at most this many characters (~0.5 MB as UTF-16). */
export const RESOLVED_CALL_CHARS = 256 * 1024;
/** The extension keeps shell views of inputs up to this size… */
export const VIEW_MEMO_INPUT_CHARS = 4_096;
/** …and this many of them per policy… */
export const VIEW_MEMO_ENTRIES = 512;
/** …whose inputs come to at most this many characters (~50 bytes of view each: ~3 MB at most). */
export const VIEW_MEMO_CHARS = 64 * 1024;

// ─── Regular expressions ──────────────────────────────────────────────────
/**
 * The largest RE2 program a policy pattern may compile to. re2js is linear in
 * input × program size; a counted repeat such as `[a-z]{1,1000}` compiles to
 * thousands of instructions and takes seconds on a 256 KiB output.
 */
export const MAX_PATTERN_PROGRAM_SIZE = 1_000;

// ─── Redaction ────────────────────────────────────────────────────────────
/** What redacting one tool output may cost (DESIGN: 50 ms per output): the work budget below is calibrated to it. */
const REDACTION_TIME_BUDGET_MS = 50;
/**
 * The clock only backstops the work budget, on a machine far slower than
 * the one it was calibrated on. It is this process's CPU time, so a shared
 * CI runner or a loaded laptop does not withhold ordinary outputs (or fail a
 * policy's inline test) because other processes held the CPU.
 */
export const REDACTION_CLOCK_BACKSTOP_MS = 10 * REDACTION_TIME_BUDGET_MS;
/**
 * Deterministic work budget for redacting one output, in work units: each
 * character an RE2 program runs over costs its program size, a native literal
 * search costs one unit per LITERAL_SEARCH_CHARS_PER_UNIT characters (it is
 * that much cheaper, measured). Spent → the output is withheld.
 */
export const REDACTION_WORK_BUDGET = 160_000_000;
export const LITERAL_SEARCH_CHARS_PER_UNIT = 16;
/**
 * Text one shell input sends over the network (request data, stdin, the files it uploads whose content is known)
 * is looked at for secrets up to this many characters in all: a 256 KiB file written then uploaded costs a scan of
 * its first 32 KiB, no more (a few to some tens of milliseconds; a token further in is not seen). Each scan also charges the analysis one step per MATCH_TEXT_CHARS_PER_UNIT characters.
 */
export const SECRET_TEXT_SCAN_CHARS = 32 * 1024;
/**
 * What each further match RE2 finds in one run costs on top of the characters it ran over: re2js finds each
 * match after the first with its capture groups anew (~40 µs on a loaded VM, against ~7 µs for the first), so
 * a window full of candidates (`password= x` 6,000 times) costs far more than its length says (issue 26:
 * 160 M units took 420 ms of CPU, not 50). About 40 µs at the budget's rate.
 */
export const REDACTION_MATCH_WORK = 128_000;
/**
 * The last text folded for a literal search is kept with its fold when it is at least this long (match/regex-facts.ts):
 * each case-insensitive rule that tests a 64 KiB write or a 256 KiB output folded it anew (profiled: 15 % of a
 * 64 KiB write's CPU with the default policy, and a copy of the text per rule whenever it holds a capital letter).
 */
export const FOLD_MEMO_MIN_CHARS = 4 * 1024;
/** …and at most this long: what the memo keeps alive between calls is one text and its fold, bounded. */
export const FOLD_MEMO_MAX_CHARS = 1024 * 1024;
/** Texts redacted for the log are remembered (at most this many, each at most this long) with what they became. */
export const REMEMBERED_TEXTS = 512;
export const REMEMBERED_TEXT_MAX_CHARS = 2048;
/** Literal searches built for detector lists, remembered by content (a policy has a few redact rules). */
export const REMEMBERED_LITERAL_SETS = 8;
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
/** The audit log is rotated at this size, keeping this many old files. */
export const AUDIT_LOG_MAX_BYTES = 10 * 1024 * 1024;
export const AUDIT_LOG_KEEP = 3;
/** Rules listed by name in the summary injected at session start. */
export const SUMMARY_MAX_RULES = 40;
/** A rewritten input shown by `check --json` is redacted this deep; tool inputs are shallow. */
export const REDACTED_JSON_MAX_DEPTH = 32;
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
/** A piece of the input quoted in an unresolved reason (`near …`), after redaction. */
export const EXCERPT_CHARS = 60;
/** The input echoed back by the policy tool's dry run, after redaction. */
export const DRY_RUN_INPUT_CHARS = 200;

// ─── The transport (src/rpc) ─────────────────────────────────────────────
export type FrameLimits = { maxHeaderBytes: number; maxBodyBytes: number };

export const FRAME_LIMITS: FrameLimits = {
  /** Longest header block we read before declaring the frame broken. */
  maxHeaderBytes: 64 * 1024,
  /** Largest body we accept; larger frames are skipped without being buffered. */
  maxBodyBytes: 16 * 1024 * 1024,
};

export const STDERR_LIMITS = {
  /**
   * Longest diagnostic line in bytes, newline included. Under PIPE_BUF (4,096
   * on Linux), so a line goes into a pipe whole or not at all; the host reads
   * 8 KiB per line.
   */
  maxLineBytes: 4000,
  /** Where writes cannot be made non-blocking: bytes queued for a writer off the main thread before lines are dropped. */
  maxQueuedBytes: 64 * 1024,
  /** At exit, how long queued lines (the exit line among them) may take to reach a reader before we go without them. */
  exitFlushMs: 200,
} as const;

export const BATCH_LIMITS = {
  /** Requests served from one batch array; a larger batch gets one invalid-request error. */
  maxRequests: 1_000,
} as const;

/**
 * Requests the extension answers at once at most; beyond it stdin is not read until one is answered. The host
 * sends a hook and waits for its answer (a few at once at most); only a flood written without waiting reaches it.
 */
export const MAX_REQUESTS_IN_FLIGHT = 32;
/**
 * How long answers in flight may take to finish once the process is asked to
 * end, by reason. The host waits 500 ms for the answer to `shutdown` (then
 * 500 ms more, then kills), so what is in flight gets 400 ms before `null`
 * goes out. After a signal or with stdin closed, the bound is the host's hook
 * timeout: an answer later than that is no use to anyone.
 */
export type ExitGrace = { shutdown: number; signal: number; stdinClosed: number };

export const EXIT_GRACE_MS: ExitGrace = {
  shutdown: 400,
  signal: 5_000,
  stdinClosed: 5_000,
};

/** Sessions whose confirmed calls are remembered at once (the oldest is forgotten first). */
export const MAX_CONFIRMATION_SESSIONS = 64;
/** Calls remembered per session: asked and not yet run, and confirmed (each list on its own). */
export const MAX_CONFIRMED_CALLS = 256;
// ─── Sessions and the memory of files (see session/memory.ts) ───
/** Sessions whose memory one extension process keeps; the least recently used goes first. */
export const MAX_MEMORY_SESSIONS = 64;
/** Files one session's memory keeps; the least recently used goes first. */
export const MAX_MEMORY_FILES = 512;
/** Text one session's memory keeps (UTF-8 bytes of file contents, in whole pages); older contents are forgotten first (the file stays known as changed). */
export const MAX_MEMORY_SESSION_BYTES = 1024 * 1024;
/** Text the memory keeps across all sessions: the most its pages may hold (session/text-pages.ts). */
export const MAX_MEMORY_TOTAL_BYTES = 4 * 1024 * 1024;
/** One file's text the memory keeps (UTF-8 bytes); a larger file is remembered as changed, content unknown. */
export const MAX_MEMORY_FILE_BYTES = 256 * 1024;
/** The memory's texts are kept in pages of this many bytes: a small file costs one page. */
export const MEMORY_PAGE_BYTES = 1024;
/** A file read from disk for a command that runs it is read up to this many bytes; a longer one is unseen code. */
export const MAX_PROJECT_FILE_BYTES = 256 * 1024;
/** Files one listing (pytest's test files, *.tf) reads at most, and directory entries it visits. */
export const MAX_LISTED_FILES = 64;
export const MAX_LISTING_ENTRIES = 4_000;
/** Listings (root and glob) kept with the modification times of the directories they read, to answer again unread. */
export const MAX_LISTINGS_KEPT = 64;
/** Paths of one call looked up as possible links, copies or downloads the session made (each with the directories above it). */
export const MAX_PATH_LOOKUPS = 256;
/** Files a shell's start-up files source, and those source in turn (under home or the project), read for one shell start. */
export const MAX_SOURCED_STARTUP_FILES = 8;
/**
 * Rounds of "the analysis needs these files" one call is answered before it is judged with what is known: each
 * round reads one more level of files that run files (a script sourcing a script sourcing a script), so this is
 * also how deep such a chain is followed on disk; a file deeper than that is unseen code (defaults.unseen_code).
 */
export const MAX_FILE_ROUNDS = 8;
/** Times one file's text may be on the way to itself (`a.sh` sources `b.sh` sources `a.sh`): run again after that, it is not followed (its text is already judged), instead of nesting until the analysis gives up. */
export const MAX_FILE_REENTRIES = 2;
/** Symbolic links one input's `ln -s` makes that later paths of the input are followed through (Analysis.links). */
export const MAX_INPUT_LINKS = 32;
/** Links followed one after another for one path (a link to a link …): a loop of links stops here. */
export const MAX_LINK_HOPS = 8;
/** Project modules followed from one file a JavaScript run starts with (its relative imports, theirs in turn): a deep helper tree is cut here. */
export const MAX_FOLLOWED_IMPORTS = 32;

// ─── Planted commands (a file's text that holds a shell command some tool may run) ─────
/** Lines of one file read for command-looking strings; the rest is left to the run. */
export const MAX_PLANTED_LINES = 4_000;
/** Characters the extraction may scan in one call (every file it reads counted): its one work budget. */
export const PLANTED_SCAN_CHARS = 512 * 1024;
/** Command-looking strings one call judges as commands (each one evaluation), every file counted. */
export const MAX_PLANTED_CANDIDATES = 48;
/** A longer string is no one-line command a tool is told to run (minified code, data): not a candidate. */
export const MAX_PLANTED_CANDIDATE_CHARS = 600;
/** Files a program the registry does not know is asked about per command: its operands that name files. */
export const MAX_PLANTED_OPERAND_FILES = 4;
/** Commands of a written file a known program obeys (src/shell/programs/obeyed-files.ts) judged at the write, each alone. */
export const MAX_OBEYED_WRITE_COMMANDS = 16;

// ─── Project files that run commands (build, task and tool files) ──────────
/** A cmake or meson file: calls read in one file (a generated file can hold thousands); the calls after them are left out. */
export const MAX_CMAKE_MESON_CALLS = 256;
/** A cmake or meson call's arguments are read this many characters past its opening; a call not closed by then ends there. */
export const MAX_CMAKE_MESON_CALL_CHARS = 8192;
/** invoke, Thor, SCons, mise and the like (session/task-runners.ts): tasks followed through their dependencies; the rest is left out. */
export const MAX_TASK_RUNNER_TASKS = 32;
/** A mix alias: aliases followed through the aliases they name; the rest is left out. */
export const MAX_MIX_ALIASES_FOLLOWED = 32;
/** Named scripts of composer, pdm, hatch and deno manifests: scripts followed through the scripts they name; the rest is left out. */
export const MAX_MANIFEST_SCRIPTS_FOLLOWED = 32;
/** A makefile: targets followed through their prerequisites; the rest is left out. */
export const MAX_MAKE_TARGETS_FOLLOWED = 64;
/** A makefile: makefiles included from makefiles are followed this deep; deeper includes are not read. */
export const MAX_MAKEFILE_INCLUDE_DEPTH = 4;
/** The build, task and dev tools' rows (session/build-carriers.ts): tasks followed through their dependencies; the rest is left out. */
export const MAX_BUILD_CARRIER_TASKS = 32;
/** The formats those rows read (session/carrier-formats.ts): tasks, jobs and targets followed through their dependencies; the rest is left out. */
export const MAX_CARRIER_FORMAT_TASKS = 32;
/** Those formats: a call's arguments are looked for this many characters past its opening (four times this for a long block); past it they are not seen. */
export const CARRIER_CALL_WINDOW_CHARS = 4096;
/** The readers of tools' own files (session/tool-file-readers.ts): a target's fields are looked for this many characters past its opening; past it they are not seen. */
export const TOOL_FILE_TARGET_WINDOW_CHARS = 4096;
/** rake, task, Gradle and Maven files (session/task-files.ts): tasks followed through their dependencies; the rest is left out. */
export const MAX_TASK_FILE_TASKS = 64;
/** The build and task runners' rows (session/build-rows.ts): tasks, targets and build edges followed through their dependencies; the rest is left out. */
export const MAX_BUILD_ROW_TASKS = 64;
/** How deep Ant's containers of tasks (`<sequential>`, `<parallel>`, a macro's body) are opened. */
export const MAX_ANT_NESTING = 4;
/** An editor's .vscode/tasks.json: tasks followed through dependsOn; the rest is left out. */
export const MAX_EDITOR_TASKS_FOLLOWED = 32;
/** A tool config (session/config-rows.ts): files one config names (bootstrap lists, plugin lists) read at most; the rest are not followed. */
export const MAX_CONFIG_NAMED_FILES = 16;
/** Project files run from project files (a script that runs `make`, which runs a hook …) are followed this deep; deeper ones are not read. */
export const MAX_PROJECT_RUN_DEPTH = 4;

// ─── Languages' readers (src/shell/languages) ─────────────────────────────
/** Tcl: how deep scripts inside scripts (`eval`, bracketed commands, bodies) are read before the rest is unresolved. */
export const MAX_TCL_DEPTH = 8;
/** Vim script: how deep `:execute`, `:global` and mappings may nest before the rest is unresolved. */
export const MAX_VIM_DEPTH = 8;
/** PowerShell: how deep code inside code is read before the rest is unresolved. */
export const MAX_POWERSHELL_DEPTH = 8;
/** Make: `$(eval …)` levels followed before the rest is unresolved. */
export const MAX_MAKE_EVAL_DEPTH = 4;
/** Make: variable references nested in references followed before the rest is unresolved. */
export const MAX_MAKE_REFERENCE_DEPTH = 8;
/** SQL: how deep SQL carried inside SQL (a DO body holding EXECUTE '…') is followed; deeper is unresolved. */
export const MAX_SQL_CARRIED_DEPTH = 4;

// ─── The shell's interpretation ───────────────────────────────────────────
/** An arithmetic expression (`$(( … ))`) nested deeper than this has no known value. */
export const MAX_ARITHMETIC_DEPTH = 64;
/** Values evaluated one inside another (`x=y; y='a[…]'; (( x ))`) are followed this deep; deeper, the value is unknown. */
export const MAX_NESTED_EVALUATION_DEPTH = 16;
/**
 * Copies of copies (a file sent or staged that was copied from a file that was copied …) are followed this deep
 * to the text they hold; a copy made from a whole tree counts each file under it. Past it the text is not known.
 */
export const MAX_COPY_DEPTH = 4;
/** Files' texts gathered for one sent file (the scan itself is bounded in characters too); further copies are not looked at. */
export const MAX_COPIED_TEXTS = 64;
/** Spellings of one JavaScript import asked for when none is known yet (as written, .js, .ts, .mjs): each absent one costs a lookup; further ones are not asked. */
export const MAX_IMPORT_CANDIDATES_ASKED = 4;

// ─── The files one call reads (session/call-files.ts) ─────────────────────
/** Home files (start-up files, git and package manager settings: a handful) kept as last read, re-read only when their stat changes; past it the oldest is dropped. */
export const MAX_HOME_FILES_KEPT = 32;
/** Git config files read for one git command: the project's config, the files it includes and theirs (git itself stops at 10 levels); past it the rest are not read. */
export const MAX_GIT_CONFIG_FILES = 8;
/** Project files a script's run-time name may name, each read as the one that runs; when more files match, none is read: unseen code. */
export const MAX_RUN_TIME_NAME_MATCHES = 4;

// ─── The extension's memory and audit ─────────────────────────────────────
/** The full tool input an audit record keeps for replay: an input nested deeper than this is not kept (the record says why; the preview stays). */
export const AUDIT_INPUT_MAX_DEPTH = 32;
/** …or holding more values than this (strings, numbers, objects) in all. */
export const AUDIT_INPUT_MAX_VALUES = 20_000;
/** The audit record's look for secrets in a call's commands as the shell would run them (variables expanded): words of more than this many characters in all are not looked through, and the record redacts only what the input itself shows. */
export const KNOWN_SECRET_SCAN_CHARS = 64 * 1024;
/** A tool input nested deeper than this is never remembered as confirmed: its key would be unbounded work. */
export const CONFIRMATION_KEY_MAX_DEPTH = 8;
/** Replay reads rotated audit logs numbered 1 to this, further than any keep setting; higher numbers are not looked for. */
export const MAX_ROTATED_LOGS_READ = 32;

// ─── What a policy's regular expression is known to require (match/regex-facts.ts) ───
/** Sets of exact strings and of alternatives a pattern must match are kept up to this size; larger, the pattern is only run. */
export const REGEX_FACT_MAX_SET = 32;
/** …and exact strings up to this many characters; a longer one drops the set. */
export const REGEX_FACT_MAX_EXACT_CHARS = 64;
