// The shell view: what a shell input would do, as the policy sees it. Every
// simple command it would run (however it is reached), the data that flows
// between them, and what could not be judged statically.
import type { FileNeed, WrittenEntry } from "./files.ts";
import type { CodeStatement } from "./statements.ts";

/** Where a command connects: from a URL, `user@host`, `host port`, or a `/dev/tcp/host/port` redirect. */
export type NetworkDestination = {
  host: string;
  port?: number;
  /** `https`, `ssh`, `tcp`, … when the input says. */
  scheme?: string;
};

/** Code handed to another language: an interpreter's program, SQL for a database client. */
export type CarriedCode = {
  language: string;
  text: string;
  /** For database languages (sql, redis, mongo): each statement and what it does (`drop`, `delete-all`, …). */
  statements?: CodeStatement[];
};

export type SimpleCommand = {
  /** The program as written (after unquoting), e.g. "/bin/rm"; "" for a bare redirect. */
  program: string;
  /** The program's basename in lower case (file systems may be case-insensitive), e.g. "rm". */
  name: string;
  /** The arguments after the program, unquoted; unknown ones as their source text. */
  args: string[];
  /** Flags after normalization: "-rf" → "-r", "-f"; "--x=v" → "--x"; abbreviations spelt out. */
  flags: string[];
  /** Positional arguments and option values. */
  operands: string[];
  /** The subcommand words the program's grammar recognised, outermost first: git → ["push"], aws → ["s3", "rm"]. */
  subcommand: string[];
  /** Files and directories the command works on (operands and option values that are files), normalized. */
  paths: string[];
  /** Files it reads: read operands, `<` redirects, files named by options. */
  reads: string[];
  /**
   * Directories it reads with everything under them (a subset of `reads`): `tar czf x.tgz DIR`, `cp -r DIR`,
   * `grep -r P DIR`, `rsync -a DIR host:`, `find DIR -exec cat {} +`. A `reads` glob matches such a read of a
   * directory that contains the glob's literal part (`~` contains `~/.ssh/**`).
   */
  treeReads: string[];
  /** Files it writes: write operands (cp/mv targets, `tee`, `dd of=`), `>` redirects, `-o FILE` options. */
  writes: string[];
  /** The subset of paths/reads/writes that are shell patterns (`~/.aw?/*`), matched as patterns. */
  patterns: string[];
  /** True when some argument is only known at run time ($VAR, $(…), xargs input, find's {}). */
  dynamicArgs: boolean;
  /**
   * Every argument only known at run time is a plain value the program's grammar reads as no file (`chown -R
   * $(whoami) ~/.npm`: an owner): the files it works on are all known, so an exception on paths can cover them.
   */
  dynamicValuesOnly?: true;
  /**
   * The project directory the command runs in when the input changed to one (`cd ios && pod install`: "ios"),
   * so the project files it loads are looked for there. Absent at the project root or where it is not known.
   */
  dir?: string;
  /** Variables whose values the input does not show (the environment's) that its arguments expand (`$GITHUB_TOKEN`) or name for it to print (`printenv GITHUB_TOKEN`). */
  variables: string[];
  /**
   * What it prints reaches the tool's result, which the agent reads: its standard output is not piped to
   * another command, captured by `$(…)`/`<(…)`, or redirected to a file.
   */
  outputShown: boolean;
  /** How the command was reached, outermost first: "$(…)", "sudo", "bash -c", "tar --checkpoint-action", … */
  via: string[];
  /** Code handed to an interpreter or a database client inline, from an option, an argument, stdin or a heredoc. */
  code: CarriedCode[];
  /** Where the command connects. */
  network: NetworkDestination[];
  /** The command runs content fetched from the network (curl … | sh, a downloaded file executed). */
  remoteCode: boolean;
  /**
   * Variables the input sets for this command alone, with the one value it shows (`RAILS_ENV=test rails …`,
   * `env NODE_ENV=test knex …`): what the program reads to pick its environment or its server. Absent when none.
   */
  environment?: Readonly<Record<string, string>>;
  /**
   * Variables that pick a database's server or environment which the input set in a way `environment` does not
   * show: for this command with a value only the run knows (`DATABASE_URL=$(…) rails …`), or earlier in its shell
   * (`export DATABASE_URL=…; rails …`), with the value when the input shows one. Never taken to make a target local.
   */
  unshownEnvironment?: Readonly<Record<string, string | null>>;
  /** Labels the program knowledge attached (e.g. "publish", "destroy"), or the interpreter: "fork-bomb" on a function call that starts itself alongside itself, "output-counted" on a command whose output reaches only counters (wc, grep -c), "names-only" on jq asked only for key names or a length. */
  tags: string[];
};

/** How data gets from one command to another. */
export type FlowChannel =
  | "pipe"
  /** `$(…)` output used in the other command's words. */
  | "substitution"
  /** Assigned to a variable that the other command expands. */
  | "variable"
  /** Written to a file that the other command reads. */
  | "file"
  /** Written (or downloaded) to a file that the other command then runs. */
  | "exec";

/** Data from commands[from] reaches commands[to]. */
export type Flow = { from: number; to: number; channel: FlowChannel; path?: string };

export type ShellView = {
  commands: SimpleCommand[];
  flows: Flow[];
  /** Why part of the input cannot be judged statically (dynamic program, limits, syntax errors). */
  unresolved: string[];
  /** Parts of the user's own home files (not written in this session) that only run time shows: unseen code (defaults.unseen_code), not an error. */
  unseenParts?: string[];
  /** Files the input runs or reads as code that it neither wrote nor was given (see files.ts). */
  needs?: FileNeed[];
  /** Given files the judgement drew on (for --explain), with where each came from. */
  used?: string[];
  /** Files the input writes, as far as it shows (for the session memory). */
  written?: WrittenEntry[];
};

/**
 * A command that runs no program and stands for something else the rules judge: a file tool's call on its paths,
 * a planted line a file holds. Given fields replace the empty ones.
 */
export function pseudoCommand(fields: Partial<SimpleCommand>): SimpleCommand {
  return {
    program: "",
    name: "",
    args: [],
    flags: [],
    operands: [],
    subcommand: [],
    paths: [],
    reads: [],
    treeReads: [],
    writes: [],
    patterns: [],
    dynamicArgs: false,
    variables: [],
    outputShown: false,
    via: [],
    code: [],
    network: [],
    remoteCode: false,
    tags: [],
    ...fields,
  };
}
