// What a command launches besides itself (launches.ts plans it, run.ts runs
// it, printed-kind.ts reads what the launched program prints): the types
// alone, so those three need not import one another for them.
import type { Field } from "../expand/field.ts";
import type { Value } from "../expand/words.ts";
import type { ArgvReading } from "../programs/read-argv.ts";
import type { CarriedCode } from "../view/view.ts";
import type { Cwd, Stdin } from "./state.ts";

/**
 * `hook`: the program runs it because an option, an environment variable or a setting told it to (`tcpdump -z`,
 * `GIT_SSH_COMMAND`, `git -c core.fsmonitor=…`, vim's `:!`), not as the command it was given to run (sudo's,
 * xargs', a shell's `-c`, an interpreter's code): what runs that way is tagged `hook-run`.
 */
export type Launch =
  /** `sameShell`: the calling shell runs it (`builtin cd ~`): what it changes stays changed. `cwd`: where it starts (`find ~ -execdir`). */
  | {
      kind: "argv";
      words: readonly Field[];
      via: string;
      unseenArgs: boolean;
      stdin: Stdin;
      env?: ReadonlyMap<string, Value>;
      hook?: boolean;
      sameShell?: boolean;
      cwd?: Cwd;
    }
  /** `atExit`: a trap handler, judged when the input has run (with the variables as they are then). */
  /** `outputRead`: the program reads what the text prints (a password command); it is never shown. */
  /** `sourced`: the text runs in the caller's shell (`source x.sh`): its variables and functions stay defined. `file`: the path the text was read from. */
  /** `dialect`: the shell that reads the text, when it is not bash (zsh: see zsh-script.ts). */
  | {
      kind: "shell";
      text: string;
      via: string;
      positional?: readonly Field[];
      stdin?: Stdin;
      atExit?: boolean;
      outputRead?: boolean;
      hook?: boolean;
      /** The line is a call of another language's code (python's `os.system`, php's `shell_exec`, m4's `esyscmd`). */
      fromCode?: boolean;
      sourced?: boolean;
      file?: string;
      dialect?: ShellDialect;
    }
  | { kind: "unresolved"; reason: string };

/** The shells whose grammar is not bash's that a shell text may be read for. */
export type ShellDialect = "zsh";

/** The tag of a command a program ran through a hook (see Launch). */
export const HOOK_RUN = "hook-run";

/** The tag of a command run as another user (root, by default): something on its way here is sudo, doas, pkexec, run0 or su -c. */
export const SWITCHED_USER = "switched-user";
/** On a command in a loop whose header says it runs at least MIN_LOOP_COUNT_AT_SCALE times. */
export const REPEATED_AT_SCALE = "repeated-at-scale";

/** The steps of `via` that run what follows as another user. */
export const USER_SWITCHES: ReadonlySet<string> = new Set(["sudo", "doas", "pkexec", "run0", "su -c", "su --command"]);

/** The tag of a command another language's code runs (`os.system(…)`, `shell_exec(…)`, `esyscmd(…)`), and of everything under it. */
export const CODE_RUN = "code-run";

export type Plan = {
  reading: ArgvReading;
  launches: Launch[];
  code: CarriedCode[];
  /** The command runs content fetched from the network. */
  remoteCode: boolean;
  /** Where what it launches starts, when not in the command's own directory (`env -C DIR`, `su -`). */
  cwd?: Cwd;
  /** Paths the command executes (its program, a script operand): a write of one of them is an `exec` flow. */
  executes: string[];
};
