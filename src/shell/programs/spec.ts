// The format of program knowledge: for one program, what each of its
// arguments means. The interpreter reads an argument vector through it, so a
// rule sees paths as paths, patterns as patterns, a carried command as the
// commands it runs, and a URL as a network destination. Built-in knowledge
// (the files beside this one) and a policy's `[programs.<name>]` tables use
// the same format.

/**
 * What an argument (an operand, or an option's value) means to the program.
 * - `path`: a file or directory it works on; `read`/`write`: one it reads or writes; `edit`: one it opens to change
 *   (an editor's file: read and written);
 * - `pattern`, `value`: not a file (a search pattern, a name, a number, a message);
 * - `url`, `host`, `port`: where it connects;
 * - `location`: a local path or a remote `[user@]host:path` (scp, rsync);
 * - `data`: a value that names a file it reads when written `@FILE` or `name=@FILE` (curl -d, -F);
 * - `request-item`: an HTTPie/xh request item, which names a file it reads when written `@FILE` (the body),
 *   `name@FILE` (a file field), `name=@FILE` or `name:=@FILE` (a field's text or JSON from the file);
 * - `shell`: a command line run by a shell; `shell-words`: this word and the rest, joined by spaces, are one
 *   (ssh host CMD…, eval); `argv`: this word and the rest are a command it runs (as an option's role: a program);
 * - `command` (as an option's role): the value and every word after it are a command it runs (`cmake -E rm -rf x`,
 *   `gdb --args prog a b`, `nix develop -c make`);
 * - `script`: a file whose content it runs (its content is judged when the input shows it);
 * - `variable`: the name of an environment variable whose value it uses (`printenv NAME`);
 * - `code:<language>`: text in another language (python, sql, sed, git-config, …), read by that language's extractor;
 * - `code-words:<language>`: this word and the rest, joined by spaces, are one text in that language (`redis-cli DEL key`;
 *   as an option's role, its value and every word after it: `tftp HOST -c put FILE`).
 */
export type ArgRole =
  | "path"
  | "read"
  | "write"
  | "edit"
  | "pattern"
  | "value"
  | "url"
  | "host"
  | "port"
  | "location"
  | "data"
  | "request-item"
  /** A file it sends, named plain or written `@FILE` (swaks --attach). */
  | "attachment"
  | "shell"
  /** Shell text the program runs for a value it reads (a password command): judged as shell, its output goes to the program. */
  | "shell-helper"
  | "shell-words"
  | "argv"
  | "command"
  | "script"
  | "variable"
  | `code:${string}`
  | `code-words:${string}`;

/** The tag a command gets when the word where a subcommand is expected is only known at run time (`kubectl $VERB …`). */
export const DYNAMIC_SUBCOMMAND = "dynamic-subcommand";

/** The tag a command gets when a level that names its subcommands (and has no pattern for other names) meets a word none fits. */
export const UNDESCRIBED_SUBCOMMAND = "undescribed-subcommand";

/**
 * What a program prints, for a command that uses its output (`$(…)`, `eval "$(…)"`, `source <(…)`) — the text
 * itself is only known at run time, but its kind is:
 * - `program-path`: the path of the program its operand names (`which rm`, `command -v node`): a path ending in
 *   that name, in a directory only the run knows — a command run from it is that program (`$(which rm) -rf x` is rm);
 * - `temp-path`: the path of a new file or directory in the temporary directory, or where its template or its
 *   `path` option says (`mktemp -d`, `mktemp -p build x.XXXX`);
 * - `located-paths`: the paths of a file-name database whose path holds the operand (`locate .git-credentials`),
 *   anywhere on the system, hidden directories included;
 * - `tree-paths`: paths of the working tree the command runs in, relative to it, hidden entries included, one a
 *   line (`git ls-files`, `git diff --name-only`): never above it, unless an operand or option reaches there;
 * - `shell-setup`: shell code that only sets variables and defines functions and completions (`ssh-agent -s`,
 *   `pyenv init -`, `kubectl completion bash`): `eval` or `source` of it runs nothing else. Ignored when the
 *   program runs a command of its own (`ssh-agent bash -c …`).
 */
export type OutputKind = "program-path" | "temp-path" | "located-paths" | "tree-paths" | "shell-setup";

export const OUTPUT_KINDS: readonly OutputKind[] = ["program-path", "temp-path", "located-paths", "tree-paths", "shell-setup"];

/** An option's value role, or `flag` for an option that takes no value. */
export type OptionRole = ArgRole | "flag";

export type ProgramSpec = {
  /**
   * Options by spelling (`-o`, `--output`); options not listed take no value. The spelling `+` stands for every
   * word written `+TEXT` (vim `+cmd`, less `+cmd`): TEXT is that option's value.
   */
  options?: Readonly<Record<string, OptionRole>>;
  /** Roles of the operands in order; the last entry repeats. Without it every operand is a `path`. */
  operands?: readonly ArgRole[];
  /** The role of the last operand when there are at least two (cp/mv's destination). */
  lastOperand?: ArgRole;
  /**
   * Subcommands by name; options before the subcommand belong to this level. A name may hold `*`, which stands
   * for any run of letters, digits, `_` and `-` (`delete-*`, `*:destroy`, `*` for any other name): exact names
   * are tried first, then patterns in the order written, then `*`, then `**` (any word at all: a path, a host, a
   * name with dots). A level with patterns reads a word that fits none of
   * its names as an operand (`gcloud storage cp ./f gs://b`), where a level without them records it as an
   * unknown subcommand.
   * When the first operand's role is `argv`, a first word that is not a subcommand is the program run
   * (`yarn prisma …`, `pnpm eslint .`).
   */
  subcommands?: Readonly<Record<string, ProgramSpec>>;
  /** A first word that names none of `subcommands` is an operand, not an unknown subcommand (`http [METHOD] URL`). */
  optionalSubcommands?: boolean;
  /** `last`: a word `help` after the subcommand path prints that command's help and does nothing else (`aws s3 rm help`). */
  helpWord?: "last";
  /** What the program does with its standard input when it is not given a script (`sh`: shell, `psql`: code:sql). */
  stdin?: ArgRole;
  /**
   * Flags that confine the code it reads to its own data (sqlite3's `-safe`: no `.shell`, `.system`, `.load` or
   * ATTACH): a downloaded script then fills the database and runs nothing on this machine.
   */
  confinedBy?: readonly string[];
  /** Environment variables it reads that carry a command or code (`GIT_SSH_COMMAND`: shell). */
  env?: Readonly<Record<string, ArgRole>>;
  /** Long options may be shortened to any unique prefix (getopt_long: `--ha` is `--hard`). */
  abbreviations?: boolean;
  /** Options are whole words after one dash (`find -delete`, `java -jar`), never bundles of letters. */
  singleDashWords?: boolean;
  /** A signal named after one dash is one word (`kill -HUP`, `pkill -USR1`), not a bundle of option letters. */
  signalWords?: boolean;
  /** Options end at the first operand: every word after it is an operand, `-x` and `--` included (`docker run IMAGE -c …`). */
  operandsEndOptions?: boolean;
  /** `NAME=value` words before the first operand are settings, not operands (env, make). */
  assignments?: boolean;
  /**
   * Options that stand in for the first operand (`python -m MODULE`, `grep -e PATTERN`, `awk -f FILE`): with one
   * of them the first operand role is skipped. An option whose role equals the first operand's role counts too.
   */
  replacesFirstOperand?: readonly string[];
  /** A word `@FILE` is a response file: the program reads FILE for more arguments (gcc, ld, as, readelf, javac). */
  responseFiles?: boolean;
  /** The language of the files its `script` options and operands name, where that is not its stdin's (`nft -f`, `ip -batch`). */
  scriptLanguage?: string;
  /** An operand `@FILE` is a script the program runs, in the language of its stdin (`sqlplus LOGON @x.sql`). */
  atScripts?: boolean;
  /** Options that make the program write the files its operands name (`sed -i`, `perl -i`). */
  writesOperandsWith?: readonly string[];
  /** Operands written `key=value` whose value has a role (`dd if=… of=…`). */
  keyedOperands?: Readonly<Record<string, ArgRole>>;
  /** Options that make the program only describe its operands, not run them (`command -v`). */
  inertWith?: readonly string[];
  /** The first word may be a bundle of option letters without the dash, their values following in order (`tar czf out.tgz dir`). */
  firstWordBundle?: boolean;
  /**
   * With a flag present, these options' values take another role (`tar -c` makes `-f` the archive it writes); the key
   * `operands` changes the role of operands that are files (`gzip -c` only reads them).
   */
  rolesWith?: Readonly<Record<string, Readonly<Record<string, ArgRole>>>>;
  /**
   * URL operands are saved as files named after the URL's last path segment (`wget URL`, `curl -O URL`), in the
   * directory a `directoryOptions` option names or else the working directory: always, unless one of `unlessOptions` is
   * given (`wget -O FILE`), or — with `withOptions` — only when one of those is (`curl -O`).
   */
  savesUrls?: { directoryOptions?: readonly string[]; unlessOptions?: readonly string[]; withOptions?: readonly string[] };
  /**
   * Its operands that are read (and the sources among `location` operands) are directories read with everything under
   * them: always, or only with one of `withFlags` (`cp -r`, `grep -r`, `tar -c`), and never with one of `unlessFlags`.
   */
  readsTrees?: { withFlags?: readonly string[]; unlessFlags?: readonly string[] };
  /**
   * An option that names the directory the operands after it are found in, with one of `withFlags` (`tar -c -C ~
   * .aws` packs ~/.aws, not ./.aws).
   */
  operandsIn?: { options: readonly string[]; withFlags: readonly string[] };
  /**
   * Its standard input is a list of files it reads, one a line, when one of `withFlags` is given (`find ~/x | cpio
   * -o`, `ls | zip -@ out.zip`): the files are read as the pipe's paths or the text's lines name them.
   */
  readsFileList?: { withFlags: readonly string[] };
  /**
   * A first operand with one of these extensions is a script in the language given (`java Tool.java` runs the source
   * file, `swift x.swift` the script); other first operands keep their role (a class name, a package verb).
   */
  scriptOperandExtensions?: Readonly<Record<string, string>>;
  /** A `script` operand may be a URL, which the program fetches and runs (`deno run https://…`, `groovy https://…`). */
  urlScripts?: boolean;
  /**
   * A carried program word naming a script file with one of these extensions runs under that interpreter, not as a
   * program looked up on PATH (`uv run tools/fix.py` is `python tools/fix.py`).
   */
  carriedScripts?: Readonly<Record<string, string>>;
  /**
   * The program installs its `script` operands as programs to run later (`deno install -g URL`): each is written to
   * `directory` under the name a `nameOptions` option gives, or else its file name without the extension; a
   * `rootOptions` value replaces the directory with `VALUE/bin`. With `withFlags`, only when one of them is given.
   */
  installs?: { directory: string; nameOptions?: readonly string[]; rootOptions?: readonly string[]; withFlags?: readonly string[] };
  /**
   * Files of the working directory the command changes without naming them (`vagrant destroy` destroys the machine
   * whose state is `./.vagrant`): written as if named, so a rule can tell the project's own from one a `cd` reached.
   */
  workingFiles?: readonly string[];
  /**
   * Where what the program runs starts, when not in the program's own directory: the value of one of `options` (`env
   * -C DIR CMD`, `sudo -D DIR CMD`), or a user's home with one of `loginFlags` (`su -`, `sudo -i`), whose is only
   * known at run time. A relative path in the command it runs is found from there.
   */
  startsIn?: { options?: readonly string[]; loginFlags?: readonly string[] };
  /**
   * The command it runs is run by the calling shell itself (`builtin cd ~`, `command cd ~`): what a builtin there
   * changes (the working directory, variables) stays changed after it.
   */
  sameShell?: boolean;
  /**
   * Environment variables the program reads as more of its arguments: `words` — the value's words, after the
   * subcommand (`TF_CLI_ARGS`; a name ending `_*` only for the subcommand it names: `TF_CLI_ARGS_apply`);
   * `optionPrefix` — each variable PREFIX + NAME is the option `--NAME` (lower case, `_` as `-`), alone for a true
   * value and left out for a false one (`npm_config_yes=true npx pkg` is `npx --yes pkg`).
   */
  environmentArguments?: { words?: readonly string[]; optionPrefix?: string };
  /**
   * Modules that are a described program's entry point, run with `-m MODULE` (`python -m awscli s3 rb …` is `aws s3
   * rb …`): the words after the module are that program's, judged as if it were run by name.
   */
  modulePrograms?: Readonly<Record<string, string>>;
  /** What follows `--` when it is a command (`mise exec node@20 -- CMD`). */
  afterDoubleDash?: "argv" | "shell-words";
  /** Words put before a carried command (`capsh -- -c CMD` hands `-c CMD` to bash). */
  carriedPrefix?: readonly string[];
  /**
   * Its own options it also reads among the carried command's words, up to a `--` (`heroku run printenv -a APP`:
   * `-a APP` is heroku's, the dyno runs bare `printenv`).
   */
  ownOptionsAmongCarried?: readonly string[];
  /**
   * Options whose value is the program that runs, the carried words being its arguments (`docker run --entrypoint sh
   * IMAGE -c CMD` runs `sh -c CMD`); with no carried words it runs alone.
   */
  entrypointOptions?: readonly string[];
  /**
   * What the program prints (see OutputKind): always, or — as a table — only with one of these options given
   * (`command`: `{ "-v" = "program-path" }`, `keychain`: `{ "--eval" = "shell-setup" }`).
   */
  output?: OutputKind | Readonly<Record<string, OutputKind>>;
  /**
   * The carried command is a package the program fetches from a registry and runs at once (`bunx NAME`, `uvx
   * NAME`, `pnpm dlx NAME`): the package is the value of one of `packageOptions` when given (`uvx --from httpie
   * http`), else the carried program's name. Unless every such package is a well-known tool (the
   * `known-package-tool` category, or a `create-*` scaffolder), the program is tagged `runs-unknown-package`.
   */
  runsPackage?: { packageOptions: readonly string[]; specifiers?: readonly string[] };
  /** Labels a matching rule can select with `tags` (e.g. "destroy", "publish"). */
  tags?: readonly string[];
  /**
   * Labels an option adds when it is given (`docker rm -f` destroys, `--dry-run` only shows): by spelling
   * (`-f`), or `OPTION=VALUE` when it must have that value (`-X=DELETE`, `--replicas=0`; letter case ignored; a `*`
   * in VALUE stands for any text: `-o=jsonpath*`).
   */
  tagsWith?: Readonly<Record<string, readonly string[]>>;
  /**
   * Labels the program gets when it is given no operand and runs no command: bare `env`, `printenv`, `export -p`
   * print the whole environment, where `printenv PATH` and `env make` do not.
   */
  tagsAlone?: readonly string[];
};
