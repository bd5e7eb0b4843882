// What the words of a program no table describes say about it. A CLI nobody
// tabled (a web app's admin tool, a SaaS or data CLI) is judged by its line
// alone: a verb that destroys or resets, an option that skips the tool's own
// question, an environment selector. Only these few word shapes are read; a
// program with a spec is judged by its spec instead.
//
// The same reading serves every command whose words are all the guard has: a
// subcommand the program's spec does not describe (`npm frobnicate --force`),
// a project program whose file it cannot read (`./bin/admin users:delete`),
// a task runner's target whose body it cannot see (`make nuke`). Each gets
// `words-only` beside its own tag, and the rules read the words the same way.
import type { SimpleCommand } from "../view/view.ts";
import { REMOTE_SHELLS } from "./network.ts";
import { UNDESCRIBED_SUBCOMMAND } from "./spec.ts";
import { isEnvironmentOption, isEnvironmentVariable, lineNamesSharedEnvironment, namesOwnEnvironment, namesSharedEnvironment, reachedElsewhere } from "./database-targets.ts";

/** The command's program has no spec, is no builtin, no function of the input and no path to a file. */
export const UNKNOWN_PROGRAM = "unknown-program";
/** Nothing describes what the command does: its words are all there is (an unknown program, or one of the three below). */
export const WORDS_ONLY = "words-only";
/** A program run by its path (`./bin/admin`, `tools/rotate-keys`) whose file the guard can neither see nor read. */
export const UNREAD_PROGRAM = "unread-program";
/** A task runner's target (`make nuke`, `./gradlew :infra:destroyProd`) whose body no known project file shows. */
export const UNREAD_TARGET = "unread-target";
/** A verb word (or its compound, or its option form) says the command destroys or resets something. */
export const DESTROY_WORD = "destroy-word";
/** A milder removal verb (`rm`, `remove`, `uninstall`, `prune`, `down`): everyday for one's own things. */
export const REMOVE_WORD = "remove-word";
/** A verb that stops a service or a machine (`stop`, `shutdown`, `reboot`, `leave`, `kill`, `disable`): everyday locally, an outage elsewhere. */
export const HALT_WORD = "halt-word";
/**
 * The tool is told not to ask its own question: an option (`--force`, `--yes`, `-y`, `--no-confirm`), a variable
 * named like one (`YES=1`, `ACME_FORCE=true`, `CI=1`), or its stdin answering it (`yes |`, `echo y |`, `<<< y`).
 */
export const SKIPS_CONFIRMATION = "skips-confirmation";
/**
 * Some word or variable of the line names a shared environment (production, staging, live), or the command runs on
 * another machine (`ssh host '…'`); put on known programs' commands too (by their words alone).
 */
export const SHARED_ENVIRONMENT = "shared-environment";
/** An environment selector names one of the developer's own environments (dev, test, local) and nothing names a shared one. */
export const OWN_ENVIRONMENT = "own-environment";
/** The words say the command shows or exports secrets (`secrets dump`, `show-credentials`, `export-keys`). */
export const EXPOSE_WORD = "expose-word";
/** The words say the command makes someone an administrator (`grant-admin`, `make-superuser`, `promote … owner`). */
export const PRIVILEGE_WORD = "privilege-word";
/** The words say the command cuts service off for everyone (`rotate-keys`, `kill-switch`). */
export const DISRUPT_WORD = "disrupt-word";
/** The words say the command ships something (`deploy`, `release`, `publish`, `rollout`). */
export const SHIP_WORD = "ship-word";
/** Some word of the line, or of a target's name, names production (`--env=prod`, `deploy-production`, `RAILS_ENV=production`). */
export const PRODUCTION_WORD = "production-word";
/** The words reach everything of a kind (`--all`, `--everything`, an operand `all` or `*`). */
export const ALL_SCOPE = "all-scope";
/** The words say the command sends a message or posts something somewhere (`chat send`, `post`, `notify`, `comment`). */
export const SEND_WORD = "send-word";
/** The words say the command changes a database's schema or its migration history (`migrate`, `rollback`, `repair`, `downgrade`). */
export const MIGRATE_WORD = "migrate-word";
/** The command runs on another machine (a line handed to `ssh`): what it changes there is shared by whoever uses that machine. */

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
  // Undoing applied changes (`liquibase rollback-count 20`), and a device's secure erase (`request system zeroize`).
  "rollback",
  "zeroize",
  "zeroise",
]);

/**
 * Words of a network device's or appliance's own shell, reached over ssh (`no ip access-list …`, `erase
 * startup-config`, `reload`): as a program name there they remove configuration or restart the device.
 */
const DEVICE_DESTROY_NAMES = new Set(["no", "erase", "reload", "shutdown", "clear", "format", "unset"]);

/** Verbs that send a message or post something to a service (`slack chat send`, `teams post`, `notify`). */
const SEND_VERBS = new Set(["send", "post", "message", "notify", "broadcast", "comment", "tweet", "toot", "paste", "share", "webhook", "mail", "email", "newsletter"]);

/** Verbs of schema-migration tools (Flyway, Liquibase, Alembic, Sqitch, dbmate, goose): on production they change what every client reads. */
const MIGRATE_VERBS = new Set(["migrate", "rollback", "downgrade", "undo", "repair", "baseline", "revert", "deploy-schema"]);

/** Verbs that stop a service, a node or a machine: they count with the question skipped or beside a shared environment. */
const HALT_VERBS = new Set(["stop", "shutdown", "halt", "poweroff", "reboot", "reload", "leave", "quit", "kill", "killall", "disable", "suspend", "drain"]);

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
  "--autoapprove",
  "--auto-confirm",
  "--assumeyes",
  "--no-interaction",
  "--no-interactive",
  "--non-interaction",
  "--batch",
  "--unattended",
  "--quiet-yes",
  "--yes-really",
  "--i-am-sure",
  "--really",
]);

/** Variables that make a CLI run without asking (besides those named like a skip option: `YES`, `ACME_ASSUME_YES`). */
const NON_INTERACTIVE_VARIABLES = new Set(["ci", "noninteractive", "non-interactive"]);
const TRUE_VALUE = /^(?:1|true|yes|y|on)$/i;

/** What the line around the command says: its stdin answers a question (`yes |`, `<<< y`); variables its shell set earlier. */
export type UnknownProgramContext = { answered: boolean; variables: ReadonlyMap<string, string> };
const NOTHING_AROUND: UnknownProgramContext = { answered: false, variables: new Map() };

/** Verbs that show, print or hand out what they name; with a secret noun (below) they expose it. */
const EXPOSE_VERBS = new Set(["dump", "export", "show", "reveal", "print", "cat", "decrypt", "get", "view", "display", "download", "leak", "unseal"]);
const SECRET_NOUNS = new Set([
  "secret",
  "secrets",
  "credential",
  "credentials",
  "creds",
  "token",
  "tokens",
  "password",
  "passwords",
  "passwd",
  "apikey",
  "apikeys",
  "privkey",
  "vault",
]);
/** Verbs that carry a whole store out; with a people noun (below) they export personal data (`auth:export`, `users dump`). */
const EXPORT_VERBS = new Set(["dump", "export", "download", "backup"]);
const PEOPLE_NOUNS = new Set(["auth", "users", "user", "accounts", "customers", "contacts", "members", "subscribers", "patients", "employees"]);
/** Verbs that hand a role to someone; with an administrator noun (below) they grant it. */
const GRANT_VERBS = new Set(["grant", "make", "promote", "elevate", "give", "assign", "add"]);
const ADMIN_NOUNS = new Set(["admin", "admins", "administrator", "superuser", "superadmin", "sudo", "sudoer", "sudoers", "root", "owner"]);
/** Keys and credentials a rotation invalidates for every client still holding them. */
const ROTATED_NOUNS = new Set(["key", "keys", "secret", "secrets", "credential", "credentials", "creds", "token", "tokens", "cert", "certs", "password", "passwords"]);
/** `submit`: a job handed to a cluster (`ray job submit --address http://ray-prod:8265`) runs there as a deploy does. */
const SHIP_VERBS = new Set(["deploy", "release", "publish", "rollout", "ship", "submit"]);
/** Verbs that only look (`deploy list`, `release status`): beside them a ship verb is the noun of what is looked at. */
const LOOK_VERBS = new Set(["list", "ls", "status", "describe", "logs", "log", "history", "info", "diff", "plan", "preview", "get", "show", "view", "inspect"]);

/** Options that pick the environment, target or site a CLI works on, beside the ones database tools read. */
const SELECTOR_OPTIONS = new Set(["-e", "--target", "--profile", "--context", "--site", "--app", "--cluster", "--workspace", "--tenant", "--instance"]);

/** Only the first operands are the command's verb path (`foocli users delete 42`); later ones are its data. */
const VERB_POSITIONS = 4;

/** Labels for a command whose program no table describes; called once per such command. */
export function unknownProgramTags(command: SimpleCommand, around: UnknownProgramContext = NOTHING_AROUND): string[] {
  const remote = command.via.some((launcher) => REMOTE_SHELLS.has(launcher));
  // On a device's or server's own shell the program name is the verb (`delete security policies`, `no ip route …`).
  const own = remote
    ? DEVICE_DESTROY_NAMES.has(command.name.toLowerCase())
      ? ["delete"]
      : wordParts(command.name)
    : [...new Set([...nameVerbs(command.name), ...compoundName(command.program)])];
  // The run on another machine is labelled where the plan follows the remote shell (REMOTE_HOST, interpret/run.ts).
  return [UNKNOWN_PROGRAM, WORDS_ONLY, ...wordTags(command, [...own, ...verbWords(command)], own, around)];
}

/**
 * A name made of words says what it does (`Stop-Computer`, `Clear-RecycleBin`, `purge_queue`), as does a name that
 * is one stopping verb (`reload`, `drain`); a plain name (`acmectl`) says nothing.
 */
function compoundName(program: string): string[] {
  const name = program.slice(program.lastIndexOf("/") + 1);
  if (HALT_VERBS.has(name)) return [name];
  return /^[A-Za-z][a-z0-9]*[-_][A-Za-z][A-Za-z0-9]*$/.test(name) ? wordParts(name) : [];
}

/** Labels for a command whose subcommand the program's spec does not describe (`npm frobnicate --force`): it already carries UNDESCRIBED_SUBCOMMAND. */
export function undescribedSubcommandTags(command: SimpleCommand): string[] {
  return command.tags.includes(UNDESCRIBED_SUBCOMMAND) ? [WORDS_ONLY, ...wordTags(command, verbWords(command))] : [];
}

/**
 * Labels for a project program run by its path whose file is unknown (`./bin/secrets dump`): its file name is a word
 * of it too (`tools/rotate-keys`, `ops/kill-switch`), its extension dropped.
 */
export function unreadProgramTags(command: SimpleCommand): string[] {
  const own = command.name.replace(/\.[a-z0-9]+$/, "");
  return [UNREAD_PROGRAM, WORDS_ONLY, ...wordTags(command, [...wordParts(own), ...verbWords(command)], wordParts(own))];
}

/** Labels for task targets whose body no known file shows (`make nuke`, `task infra:teardown`, `./gradlew :infra:destroyProd`). */
export function unreadTargetTags(command: SimpleCommand, targets: readonly string[]): string[] {
  const words = [...targets.flatMap(wordParts), ...optionVerbs(command)];
  const tags = [UNREAD_TARGET, WORDS_ONLY, ...wordTags(command, words)];
  // A target's name is the environment it works on as often as an option is (`deploy-prod`, `destroyProd`).
  if (tags.includes(SHARED_ENVIRONMENT) || !targets.flatMap(wordParts).some(namesSharedEnvironment)) return tags;
  return [...tags.filter((tag) => tag !== OWN_ENVIRONMENT), SHARED_ENVIRONMENT];
}

/**
 * The labels the words give. `named` are words that name the tool rather than tell it what to do (a project
 * program's file name): they can name the secrets it shows, never the administrator it would make. `around`: what
 * the line around the command says (a `yes |` on its stdin, variables set earlier).
 */
function wordTags(command: SimpleCommand, verbs: readonly string[], named: readonly string[] = [], around: UnknownProgramContext = NOTHING_AROUND): string[] {
  const tags: string[] = [];
  if (verbs.some((part) => DESTROY_VERBS.has(part))) tags.push(DESTROY_WORD);
  if (verbs.some((part) => REMOVE_VERBS.has(part))) tags.push(REMOVE_WORD);
  if (verbs.some((part) => HALT_VERBS.has(part))) tags.push(HALT_WORD);
  if (optionWords(command).some(skipsConfirmation) || around.answered || setsSkip(command, around.variables)) tags.push(SKIPS_CONFIRMATION);
  if (exposes(verbs)) tags.push(EXPOSE_WORD);
  // The program's own name (`./bin/admin`) names no one to promote; the same word told to it does (`grant-admin`).
  const told = verbs.slice(named.length);
  if (told.some((part) => GRANT_VERBS.has(part)) && told.some((part) => ADMIN_NOUNS.has(part))) tags.push(PRIVILEGE_WORD);
  if ((verbs.includes("rotate") && verbs.some((part) => ROTATED_NOUNS.has(part))) || killSwitch(verbs)) tags.push(DISRUPT_WORD);
  if (verbs.some((part) => SHIP_VERBS.has(part)) && !verbs.some((part) => LOOK_VERBS.has(part))) tags.push(SHIP_WORD);
  if (verbs.some((part) => SEND_VERBS.has(part))) tags.push(SEND_WORD);
  if (verbs.some((part) => MIGRATE_VERBS.has(part))) tags.push(MIGRATE_WORD);
  if (reachesAll(command)) tags.push(ALL_SCOPE);
  if ([...command.args, ...Object.values(command.environment ?? {}), ...verbs].some(namesProduction)) tags.push(PRODUCTION_WORD);
  const shared = lineNamesSharedEnvironment(command) || reachedElsewhere(command);
  if (shared) tags.push(SHARED_ENVIRONMENT);
  else if (selectedEnvironments(command).some(namesOwnEnvironment)) tags.push(OWN_ENVIRONMENT);
  return tags;
}

const PRODUCTION_NAMES = new Set(["prod", "production", "prd", "live"]);

/** Secrets shown (`secrets dump`, `show-credentials`), or a store of people carried out (`auth:export`, `users dump`). */
function exposes(verbs: readonly string[]): boolean {
  if (verbs.some((part) => EXPOSE_VERBS.has(part)) && verbs.some((part) => SECRET_NOUNS.has(part))) return true;
  return verbs.some((part) => EXPORT_VERBS.has(part)) && verbs.some((part) => PEOPLE_NOUNS.has(part));
}

/** Does a word-part of `text` name production (`--env=prod`, `app.production.yml`)? */
function namesProduction(text: string): boolean {
  return wordParts(text).some((part) => PRODUCTION_NAMES.has(part) || PRODUCTION_NAMES.has(part.replace(/(?<=[a-z])\d{1,3}$/, "")));
}

/** `kill-switch`, `killswitch`, `kill_switch`: the switch that turns a service off for everyone. */
function killSwitch(verbs: readonly string[]): boolean {
  return verbs.includes("killswitch") || verbs.some((part, index) => part === "kill" && verbs[index + 1] === "switch");
}

/** `--all`, `--all-users`, `--everything`, or an operand `all`/`*` among the verb positions (`purge-cache --region all`). */
function reachesAll(command: SimpleCommand): boolean {
  if (optionWords(command).some((option) => /^--(?:all|all-[a-z-]+|everything)$/.test(option))) return true;
  return command.operands.slice(0, VERB_POSITIONS + 2).some((word) => ALL_OPERANDS.has(word));
}

/** Operands that reach everything: `all`, a bare `*`, and the patterns matching every name (`.*`, `%`). */
const ALL_OPERANDS = new Set(["all", "ALL", "*", ".*", "^.*$", "%"]);

/**
 * The parts of the verb-position operands (`db:drop` → db, drop; `project.delete`, `deleteProject` → delete, project)
 * and of option names (`--delete-all` → delete, all; not `--no-delete`).
 */
function verbWords(command: SimpleCommand): string[] {
  // A leading `+` or `:` is a target's mark (`earthly +deploy`, `gradle :app:clean`); a task's arguments follow
  // `=` or `[` (`fab deploy:force=True`, `rake db:seed[prod]`) and name no verb.
  const words = verbOperands(command)
    .map((word) => word.replace(/(?<=[A-Za-z0-9])[=[][\s\S]*$/, ""))
    .filter((word) => /^[+:]?[A-Za-z][A-Za-z0-9]*(?:[:_./-][A-Za-z0-9]+)*$/.test(word) && !namesFile(word));
  return [...words.flatMap(wordParts), ...optionVerbs(command), ...inlineCommandWords(command)];
}

/** Destroying verbs long enough to be told apart at the end of a program's name (`memcflush`, `cachepurge`). */
const NAME_SUFFIX_VERBS = ["flush", "flushall", "purge", "delete", "destroy", "truncate", "wipe", "nuke"];

/** A program named for what it does (`memcflush`, `cache-purge`): a destroying verb its name ends in, or a part of a compound name. */
function nameVerbs(name: string): string[] {
  const own = name.replace(/\.[a-z0-9]+$/i, "").toLowerCase();
  const suffix = NAME_SUFFIX_VERBS.find((verb) => own.length > verb.length + 1 && own.endsWith(verb));
  // A name that is the verb alone (`erase`, `purge`) is a system's own command, its operands files: it says nothing more.
  const parts = wordParts(own);
  return suffix ? [suffix] : parts.length > 1 ? parts.filter((part) => DESTROY_VERBS.has(part)) : [];
}

/**
 * Options that hand a program nobody described a line of its own language to run (`asadm -e 'manage truncate ns x'`,
 * `console -e 'Order.destroy_all'`, `k9s --command 'delete ns x'`).
 */
const INLINE_COMMAND_OPTIONS = new Set(["-e", "-c", "-x", "--eval", "--exec", "--execute", "--command", "--cmd", "--commands"]);

/** The words of an inline command's text (`enable; manage truncate ns users`, `Order.where(paid: true).destroy_all` → …, destroy, all); a lone value is a name. */
function inlineCommandWords(command: SimpleCommand): string[] {
  return command.args.flatMap((word, index) => {
    const option = /^(-[A-Za-z]|--[a-z][a-z-]*)(?:=([\s\S]*))?$/.exec(word);
    if (!option || !INLINE_COMMAND_OPTIONS.has(option[1]!)) return [];
    const text = option[2] ?? command.args[index + 1] ?? "";
    return /[\s;(]/.test(text) ? (text.match(/[A-Za-z][A-Za-z_-]*/g) ?? []).flatMap(wordParts) : [];
  });
}

/** Extensions of the files a command is handed as data (`shellcheck deploy-prod.sh`): such a word names a file, not what to do. */
const FILE_EXTENSIONS = new Set([
  "sh",
  "bash",
  "zsh",
  "py",
  "js",
  "mjs",
  "cjs",
  "ts",
  "rb",
  "pl",
  "php",
  "go",
  "rs",
  "java",
  "json",
  "yml",
  "yaml",
  "toml",
  "ini",
  "cfg",
  "conf",
  "txt",
  "md",
  "sql",
  "csv",
  "tsv",
  "xml",
  "html",
  "lock",
  "log",
  "env",
  "tf",
  "hcl",
  "tar",
  "gz",
  "tgz",
  "zip",
]);

/** A path (`scripts/deploy-prod.sh`, `./x`) or a file name by its extension: data the command works on, never its verb. */
function namesFile(word: string): boolean {
  if (word.includes("/")) return true;
  const extension = /\.([A-Za-z0-9]+)$/.exec(word)?.[1];
  return extension !== undefined && FILE_EXTENSIONS.has(extension.toLowerCase());
}

/** The parts of the option names that say something is done (`--delete-all` → delete, all; not `--no-delete`). */
function optionVerbs(command: SimpleCommand): string[] {
  return optionWords(command)
    .filter((option) => option.startsWith("--") && !/^--(?:no|skip|keep|without|dry|do-not|dont)-/.test(option))
    .flatMap((option) => wordParts(option.slice(2)));
}

/** A word's parts, lower case: split at every sign that is no letter or digit (`db:drop`, `--env=prod`) and where a lower-case letter meets an upper-case one (`destroyProd`). */
function wordParts(word: string): string[] {
  return word
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((part) => part !== "");
}

/**
 * The operands that may be the verb path: the first few, and the first few of those that follow no option written
 * without `=` (`--org acme --region eu users delete 5`: for a program nobody described, acme and eu may be values).
 */
function verbOperands(command: SimpleCommand): string[] {
  const afterOption = new Set<string>();
  command.args.forEach((_word, index) => {
    if (index > 0 && /^-{1,2}[A-Za-z][\w-]*$/.test(command.args[index - 1]!)) afterOption.add(`${index}`);
  });
  const positions = command.args.flatMap((word, index) => (command.operands.includes(word) && !word.startsWith("-") ? [index] : []));
  const free = positions.filter((index) => !afterOption.has(`${index}`));
  return [...new Set([...positions.slice(0, VERB_POSITIONS), ...free.slice(0, VERB_POSITIONS)].map((index) => command.args[index]!))];
}

/** `YES=1 acmectl …`, `ACME_ASSUME_YES=true`, `CI=1`: a variable named like a skip option (or one that makes a CLI non-interactive), set true. */
function setsSkip(command: SimpleCommand, variables: ReadonlyMap<string, string>): boolean {
  const set = [...Object.entries(command.environment ?? {}), ...variables];
  return set.some(([name, value]) => TRUE_VALUE.test(value) && namesSkip(name.toLowerCase().replaceAll("_", "-")));
}

/** `acme-assume-yes` names `--assume-yes`, `yes` names `--yes`: the name or a tail of its parts is a skip option. */
function namesSkip(name: string): boolean {
  if (NON_INTERACTIVE_VARIABLES.has(name)) return true;
  const parts = name.split("-");
  return parts.some((_part, at) => CONFIRMATION_SKIPS.has(`--${parts.slice(at).join("-")}`));
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
    .map(windowsOption)
    .filter((word) => /^-{1,2}[A-Za-z]/.test(word))
    .map((word) => {
      const name = word.split("=")[0]!.toLowerCase().replaceAll("_", "-");
      return name.startsWith("--") || /^-[a-z]{1,3}$/.test(name) ? name : `-${name}`;
    });
}

/** Windows tools' own skips (`reg delete … /f`, `rd /s /q`, `/force`, `/quiet`) read as their dash forms; any other word stays. */
function windowsOption(word: string): string {
  const skip = /^\/(f|y|q|force|quiet)$/i.exec(word)?.[1]?.toLowerCase();
  if (skip === undefined) return word;
  return skip.length === 1 ? "-y" : "--force";
}

/** `-y`, a short bundle of letters holding y (`-qy`, `-fy`), one of the long options that answer the question, or one saying yes (`--yes-i-really-mean-it`). */
function skipsConfirmation(option: string): boolean {
  if (/^-[a-z]{1,3}$/.test(option)) return option.includes("y");
  return CONFIRMATION_SKIPS.has(option) || /^--(?:[a-z]+-)*yes(?:-[a-z]+)*$/.test(option);
}
