// The normalized view of a shell input: every simple command it would run.

/** One word after quote removal and expansion, or the text of a part that stays unknown until run time. */
export type Arg =
  | { kind: "static"; value: string }
  | { kind: "dynamic"; source: string };

export type Redirect = {
  direction: "write" | "read";
  target: Arg;
};

/** How a command was reached, outermost first: "$(…)", "sudo", "bash -c", "xargs", … */
export type Via = string[];

export type SimpleCommand = {
  /** The program as written (after unquoting), e.g. "/bin/rm"; "" for a bare redirect. */
  program: string;
  /** The program's basename, e.g. "rm". */
  name: string;
  /** The arguments after the program, unquoted; unknown ones as their source text. */
  args: string[];
  /** Flags after normalization: "-rf" → "-r", "-f"; "--x=v" → "--x" (and "v" is an operand). */
  flags: string[];
  /** Positional arguments (and option values). */
  operands: string[];
  /** Every local path the command names (operands and redirect targets), normalized. */
  paths: string[];
  /** Paths it writes to: `>`/`>>` targets, `tee` files, `dd of=`. */
  writes: string[];
  /** True when some argument is only known at run time ($VAR, $(…), xargs input, find's {}). */
  dynamicArgs: boolean;
  via: Via;
  /** Code handed to an interpreter inline (python -c, node -e, awk '…', …). */
  code?: string;
  /** The command is an interpreter reading content fetched from the network (curl … | sh). */
  remoteCode: boolean;
};

export type ShellView = {
  commands: SimpleCommand[];
  /** Why part of the input cannot be judged statically (dynamic program, limits, syntax errors). */
  unresolved: string[];
};
