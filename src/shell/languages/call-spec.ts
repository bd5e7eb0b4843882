// The shape of a call table entry, apart from the tables: calls.ts holds the
// main languages' tables and tool-calls.ts the tools' expression languages,
// and both are written in this one format.

/**
 * What a call does with its literal arguments:
 * - `shell`: the first argument is a command line; `argv`: the first argument (a list, or all arguments) is a command;
 * - `exec-file`: the first argument is the program, then its argument list whose first word is only its own name
 *   (`os.execvp`); `spawn-file`: the same after a mode (`os.spawnlp(os.P_WAIT, …)`);
 * - `delete`, `delete-tree`: removes the first argument; `move`, `copy`: from the first to the second (a copy from
 *   a URL, PHP's `copy("https://…", f)`, is a download); `symlink`: a link at the second pointing at the first;
 * - `read`, `write`: reads or writes the first argument; `chmod`: sets a mode (second argument) on the first;
 * - `fetch`: requests the first argument (a URL); `download`: fetches the first into the second;
 * - `connect`: opens a connection to host and port; `eval`: runs code it is given; `environment`: reads every variable;
 * - `run-code`: runs the code in its first argument (the last for JavaScript's `Function`): literal code is read in
 *   the same language, anything else is code only known at run time;
 * - `lookup`: reaches a module or function by the name in its first argument (`__import__`, `require`, Ruby's `send`);
 *   `attribute`: the same with the name second, on the object first (`getattr`); `member`: `module[key]`;
 *   a name computed at run time may reach a process, so it cannot be judged (a literal name is harmless here);
 * - `reflection`: reaches functions by a road no name shows (`__subclasses__`, `process.binding`, PHP's `$f(…)`);
 * - `service-call`: a hosted service's SDK call that does what one of its CLI commands does (`HfApi().delete_repo(x)`
 *   is `hf repo delete x`): judged as that command, given the call's first literal argument.
 */
export type CallEffect =
  | "shell"
  | "argv"
  | "exec-file"
  | "spawn-file"
  | "delete"
  | "delete-tree"
  | "move"
  | "copy"
  /** Makes a symbolic link: at the second argument, to the first (`os.symlink`, `fs.symlinkSync`, Perl's and PHP's `symlink`). */
  | "symlink"
  | "read"
  | "write"
  | "chmod"
  | "fetch"
  | "download"
  | "connect"
  /** A socket that waits for connections (`net.createServer(…).listen(4444)`, `s.bind(("", 4444))`): with a shell, a bind shell. */
  | "listen"
  | "eval"
  | "run-code"
  /** Runs a file of the same language by its path (Python's `runpy.run_path`), as the interpreter given it would. */
  | "run-file"
  /**
   * Loads a file whose format runs code as it is read (`pickle.load(open(F, "rb"))`, `torch.load(F)`,
   * `joblib.load(F)`): judged as running F, which matters when F was downloaded; a file named at run time is no
   * question (models are loaded so every day).
   */
  | "load-file"
  | "lookup"
  | "attribute"
  | "member"
  | "reflection"
  | "environment"
  | "service-call";

/** A call: the text that introduces it (a regular expression source for the callee) and what it does. */
export type CallSpec =
  | { callee: string; effect: Exclude<CallEffect, "service-call"> }
  /** `command`: the CLI command the call stands for, before its first argument. */
  | { callee: string; effect: "service-call"; command: string };
