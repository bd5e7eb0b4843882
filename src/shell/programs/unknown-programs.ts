// What the words of a program no table describes say about it. A CLI nobody
// tabled (a web app's admin tool, a SaaS or data CLI) is judged by its line
// alone: a verb that destroys or resets, an option that skips the tool's own
// question, an environment selector. Only these few word shapes are read; a
// program with a spec is judged by its spec instead.
import type { SimpleCommand } from "../view/view.ts";
import { isEnvironmentOption, isEnvironmentVariable, lineNamesSharedEnvironment, namesOwnEnvironment } from "./database-targets.ts";

/** The command's program has no spec, is no builtin, no function of the input and no path to a file. */
export const UNKNOWN_PROGRAM = "unknown-program";
/** A verb word (or its compound, or its option form) says the command destroys or resets something. */
export const DESTROY_WORD = "destroy-word";
/** A milder removal verb (`rm`, `remove`, `uninstall`, `prune`, `down`): everyday for one's own things. */
export const REMOVE_WORD = "remove-word";
/** An option tells the tool not to ask its own question (`--force`, `--yes`, `-y`, `--no-confirm`). */
export const SKIPS_CONFIRMATION = "skips-confirmation";
/** Some word or variable of the line names a shared environment (production, staging, live); put on known programs' commands too. */
export const SHARED_ENVIRONMENT = "shared-environment";
/** An environment selector names one of the developer's own environments (dev, test, local) and nothing names a shared one. */
export const OWN_ENVIRONMENT = "own-environment";

/**
 * Verbs that destroy or reset what they name, as words (`purge`), parts of compounds (`db:drop`, `sql-drop`,
 * `delete-all`, `reset-hard`) or option names (`--purge`, `--wipe`). `clear` and `clean` are not here: what they
 * empty (a cache, build output) is made again.
 */
const DESTROY_VERBS = new Set([
  "delete",
  "destroy",
  "drop",
  "dropdb",
  "purge",
  "wipe",
  "reset",
  "nuke",
  "erase",
  "truncate",
  "flush",
  "flushall",
  "flushdb",
  "revoke",
  "terminate",
  "deprovision",
  "decommission",
  "teardown",
  "obliterate",
  "expunge",
  "shred",
  "annihilate",
]);

/** Removal verbs that are everyday on one's own machine (`pyenv uninstall 3.9.1`, `conda env remove -n x`): they count only beside a shared environment. */
const REMOVE_VERBS = new Set(["rm", "remove", "del", "uninstall", "prune", "down", "unregister"]);

/**
 * Options that answer the tool's own question before it is asked, as written with dashes (`--skip_confirmation`
 * and Go-style `-auto-approve` are read as these). `-f` is not here: for a program nobody described it names a
 * file as often as it forces (`-f config.yml`); nor `-i`, as often interactive as immediate.
 */
const CONFIRMATION_SKIPS = new Set([
  "--force",
  "--yes",
  "--assume-yes",
  "--confirm",
  "--confirmed",
  "--no-confirm",
  "--no-confirmation",
  "--noconfirm",
  "--do-not-confirm",
  "--dont-confirm",
  "--no-prompt",
  "--noprompt",
  "--no-input",
  "--noinput",
  "--non-interactive",
  "--noninteractive",
  "--skip-confirmation",
  "--skip-confirm",
  "--skip-prompt",
  "--skip-prompts",
  "--auto-approve",
  "--auto-confirm",
  "--quiet-yes",
  "--yes-really",
  "--i-am-sure",
  "--really",
]);

/** Options that pick the environment, target or site a CLI works on, beside the ones database tools read. */
const SELECTOR_OPTIONS = new Set(["-e", "--target", "--profile", "--context", "--site", "--app", "--cluster", "--workspace", "--tenant", "--instance"]);

/** Only the first operands are the command's verb path (`foocli users delete 42`); later ones are its data. */
const VERB_POSITIONS = 4;

/** Labels for a command whose program no table describes; called once per such command. */
export function unknownProgramTags(command: SimpleCommand): string[] {
  const tags = [UNKNOWN_PROGRAM];
  const verbs = verbWords(command);
  if (verbs.some((part) => DESTROY_VERBS.has(part))) tags.push(DESTROY_WORD);
  if (verbs.some((part) => REMOVE_VERBS.has(part))) tags.push(REMOVE_WORD);
  if (optionWords(command).some(skipsConfirmation)) tags.push(SKIPS_CONFIRMATION);
  const shared = lineNamesSharedEnvironment(command);
  if (shared) tags.push(SHARED_ENVIRONMENT);
  else if (selectedEnvironments(command).some(namesOwnEnvironment)) tags.push(OWN_ENVIRONMENT);
  return tags;
}

/** The parts of the verb-position operands (`db:drop` → db, drop) and of option names (`--delete-all` → delete, all; not `--no-delete`). */
function verbWords(command: SimpleCommand): string[] {
  const words = command.operands.slice(0, VERB_POSITIONS).filter((word) => /^[A-Za-z][A-Za-z0-9]*(?:[:_-][A-Za-z0-9]+)*$/.test(word));
  const options = optionWords(command)
    .filter((option) => option.startsWith("--") && !/^--(?:no|skip|keep|without|dry|do-not|dont)-/.test(option))
    .map((option) => option.slice(2));
  return [...words, ...options].flatMap((word) => word.toLowerCase().split(/[:_-]+/));
}

/** The values of the line's environment selectors: `--env X`, `--env=X`, `-e X`, `--target X`, `ENV=X` (an argument or the command's environment). */
function selectedEnvironments(command: SimpleCommand): string[] {
  const values: string[] = [];
  command.args.forEach((word, index) => {
    const option = /^(-[A-Za-z]|--[a-z][a-z-]*)(?:=(.*))?$/.exec(word);
    if (option && (SELECTOR_OPTIONS.has(option[1]!) || isEnvironmentOption(option[1]!))) values.push(option[2] ?? command.args[index + 1] ?? "");
    const assigned = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(word);
    if (assigned && isEnvironmentVariable(assigned[1]!)) values.push(assigned[2]!);
  });
  for (const [name, value] of Object.entries(command.environment ?? {})) if (isEnvironmentVariable(name)) values.push(value);
  return values.filter((value) => value !== "");
}

/**
 * The line's options as written, lower-case, `_` read as `-`, a value after `=` dropped, and one-dash words of
 * more than three letters (`-auto-approve`, `-force`: Go's flag package) read as two-dash ones. Short bundles
 * (`-qy`) stay as they are; a longer word is not split (`-type` holds no `-y`).
 */
function optionWords(command: SimpleCommand): string[] {
  const end = command.args.indexOf("--");
  return (end < 0 ? command.args : command.args.slice(0, end))
    .filter((word) => /^-{1,2}[A-Za-z]/.test(word))
    .map((word) => {
      const name = word.split("=")[0]!.toLowerCase().replaceAll("_", "-");
      return name.startsWith("--") || /^-[a-z]{1,3}$/.test(name) ? name : `-${name}`;
    });
}

/** `-y`, a short bundle of letters holding y (`-qy`, `-fy`), or one of the long options that answer the question. */
function skipsConfirmation(option: string): boolean {
  return /^-[a-z]{1,3}$/.test(option) ? option.includes("y") : CONFIRMATION_SKIPS.has(option);
}
