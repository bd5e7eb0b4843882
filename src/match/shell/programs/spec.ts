// The format of program knowledge: for one program, what each of its
// arguments means. The interpreter reads an argument vector through it, so a
// rule sees paths as paths, patterns as patterns, a carried command as the
// commands it runs, and a URL as a network destination. Built-in knowledge
// (the files beside this one) and a policy's `[programs.<name>]` tables use
// the same format.

/**
 * What an argument (an operand, or an option's value) means to the program.
 * - `path`: a file or directory it works on; `read`/`write`: one it reads or writes;
 * - `pattern`, `value`: not a file (a search pattern, a name, a number, a message);
 * - `url`, `host`, `port`: where it connects;
 * - `location`: a local path or a remote `[user@]host:path` (scp, rsync);
 * - `data`: a value that names a file it reads when written `@FILE` or `name=@FILE` (curl -d, -F);
 * - `shell`: a command line run by a shell; `shell-words`: this word and the rest, joined by spaces, are one
 *   (ssh host CMD…, eval); `argv`: this word and the rest are a command it runs (as an option's role: a program);
 * - `script`: a file whose content it runs (its content is judged when the input shows it);
 * - `code:<language>`: text in another language (python, sql, sed, git-config, …), read by that language's extractor;
 * - `code-words:<language>`: this word and the rest, joined by spaces, are one text in that language (`redis-cli DEL key`).
 */
export type ArgRole =
  | "path"
  | "read"
  | "write"
  | "pattern"
  | "value"
  | "url"
  | "host"
  | "port"
  | "location"
  | "data"
  | "shell"
  | "shell-words"
  | "argv"
  | "script"
  | `code:${string}`
  | `code-words:${string}`;

/** An option's value role, or `flag` for an option that takes no value. */
export type OptionRole = ArgRole | "flag";

export type ProgramSpec = {
  /** Options by spelling (`-o`, `--output`); options not listed take no value. */
  options?: Readonly<Record<string, OptionRole>>;
  /** Roles of the operands in order; the last entry repeats. Without it every operand is a `path`. */
  operands?: readonly ArgRole[];
  /** The role of the last operand when there are at least two (cp/mv's destination). */
  lastOperand?: ArgRole;
  /**
   * Subcommands by name; options before the subcommand belong to this level. When the first operand's role is
   * `argv`, a first word that is not a subcommand is the program run (`yarn prisma …`, `pnpm eslint .`).
   */
  subcommands?: Readonly<Record<string, ProgramSpec>>;
  /** What the program does with its standard input when it is not given a script (`sh`: shell, `psql`: code:sql). */
  stdin?: ArgRole;
  /** Environment variables it reads that carry a command or code (`GIT_SSH_COMMAND`: shell). */
  env?: Readonly<Record<string, ArgRole>>;
  /** Long options may be shortened to any unique prefix (getopt_long: `--ha` is `--hard`). */
  abbreviations?: boolean;
  /** Options are whole words after one dash (`find -delete`, `java -jar`), never bundles of letters. */
  singleDashWords?: boolean;
  /** `NAME=value` words before the first operand are settings, not operands (env, make). */
  assignments?: boolean;
  /**
   * Options that stand in for the first operand (`python -m MODULE`, `grep -e PATTERN`, `awk -f FILE`): with one
   * of them the first operand role is skipped. An option whose role equals the first operand's role counts too.
   */
  replacesFirstOperand?: readonly string[];
  /** Options that make the program write the files its operands name (`sed -i`, `perl -i`). */
  writesOperandsWith?: readonly string[];
  /** Operands written `key=value` whose value has a role (`dd if=… of=…`). */
  keyedOperands?: Readonly<Record<string, ArgRole>>;
  /** Options that make the program only describe its operands, not run them (`command -v`). */
  inertWith?: readonly string[];
  /** Labels a matching rule can select with `tags` (e.g. "destroy", "publish"). */
  tags?: readonly string[];
};
