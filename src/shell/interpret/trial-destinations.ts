// Tags a publish or a blockchain send `trial-destination` when every place
// the command names for its destination is a trial one (see
// programs/trial-destinations.ts): a rule lets such a run pass, and a line
// that names a real destination anywhere (a repeated option, a variable set
// for the command) stays untagged, so it is asked about.
//
// A name (`--rpc-url sepolia`, `-r testpypi`) is judged by where the file that
// defines it points, when that file is known (foundry.toml, the Hardhat
// config, ~/.pypirc): an alias named for a testnet that points at mainnet is
// mainnet. An unknown file is asked of the extension; until it answers, the
// name is judged as a name.
import type { SimpleCommand } from "../view/view.ts";
import { aliasDestination } from "../languages/destination-aliases.ts";
import { DESTINATION_CHOICES, isTrialDestination, PYTHON_MODULE_CHOICES, SEND_TAG, TRIAL_DESTINATION_TAG } from "../programs/trial-destinations.ts";
import type { Analysis } from "./analysis.ts";

type Choice = (typeof DESTINATION_CHOICES)[string];
type Files = Pick<Analysis, "commands" | "files" | "need" | "usedGiven" | "home">;

export function tagTrialDestinations(analysis: Files) {
  for (const command of analysis.commands) {
    const found = choiceOf(command);
    if (!found) continue;
    const { choice, args } = found;
    const fromEnv = envValues(command, choice);
    const sendTag = SEND_TAG[choice.kind];
    if (fromEnv.length > 0 && (choice.sendsWithEnv ?? []).includes(command.subcommand.join(" ")) && !command.tags.includes(sendTag)) {
      command.tags.push(sendTag);
    }
    const values = [...optionValues(args, choice), ...urlOperands(command, choice), ...lastOperand(command, choice), ...fromEnv];
    if (values.length === 0 || values.some((value) => value === null)) continue;
    // A name is looked up only for a command that sends (or publishes: `python -m twine upload` carries no tag of its own).
    const sends = command.tags.includes(sendTag) || choice.kind === "python-index";
    const destinations = values.map((value) => (sends ? throughAlias(analysis, command, choice, value!) : value!));
    if (destinations.every((value) => isTrialDestination(choice, value))) command.tags.push(TRIAL_DESTINATION_TAG);
  }
}

/** Where a name points by the first known file that defines it; the value itself when it is a URL or a variable, or no known file does. */
function throughAlias(analysis: Files, command: SimpleCommand, choice: Choice, value: string): string {
  if (value.includes("://") || value.startsWith("$") || value.startsWith('"$')) return value;
  for (const { path, format } of choice.aliasFiles ?? []) {
    const at = path.startsWith("~/") ? `${analysis.home}${path.slice(1)}` : command.dir ? `${command.dir}/${path}` : path;
    const file = analysis.files.get(at);
    if (file?.content === undefined) {
      analysis.need({ path: at, role: "program-settings", optional: true });
      continue;
    }
    const destination = aliasDestination(format, file.content, value);
    if (destination === undefined) continue;
    if (file.given !== undefined) analysis.usedGiven(at, file.given);
    return destination;
  }
  return value;
}

/** The program's choice table, and the words it reads it from (`python -m twine …`: the words after `twine`). */
function choiceOf(command: SimpleCommand): { choice: Choice; args: readonly string[] } | undefined {
  const own = DESTINATION_CHOICES[command.name];
  if (own) return { choice: own, args: command.args };
  if (!/^(?:python[\d.]*|py)$/.test(command.name)) return undefined;
  const module = command.args.indexOf("-m");
  const choice = module >= 0 ? PYTHON_MODULE_CHOICES[command.args[module + 1] ?? ""] : undefined;
  return choice ? { choice, args: command.args.slice(module + 2) } : undefined;
}

/** Every value given to one of the destination options, each occurrence (`--opt V`, `--opt=V`, `-uV`), and trial flags as names. */
function optionValues(args: readonly string[], choice: Choice): string[] {
  const values: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const word = args[index]!;
    if (word === "--") break;
    if ((choice.trialFlags ?? []).includes(word)) values.push(word.slice(1));
    const option = choice.options.find((name) => word === name || word.startsWith(`${name}=`) || (/^-[A-Za-z]$/.test(name) && word.startsWith(name)));
    if (option === undefined) continue;
    if (word === option) values.push(args[++index] ?? "");
    else values.push(word.slice(word.startsWith(`${option}=`) ? option.length + 1 : 2));
  }
  return values;
}

/** The operands that are URLs, for a program that takes its destination as one (`helm push chart.tgz oci://…`). */
function urlOperands(command: SimpleCommand, choice: Choice): string[] {
  return choice.urlOperands ? command.operands.filter((word) => word.includes("://")) : [];
}

/** The last word, for a subcommand whose last operand is the destination; null when an option word comes before it. */
function lastOperand(command: SimpleCommand, choice: Choice): (string | null)[] {
  if (!choice.lastOperandIn?.includes(command.subcommand.join(" ")) && !choice.lastOperandIn?.includes(command.args[0] ?? "")) return [];
  const [before, last] = command.args.slice(-2);
  if (last === undefined || last.startsWith("-")) return [null];
  return [before?.startsWith("-") && !before.includes("=") ? null : last];
}

/** Values of the program's destination variables set for it; null where the input does not show the value. */
function envValues(command: SimpleCommand, choice: Choice): (string | null)[] {
  return (choice.env ?? []).flatMap((name) => {
    if (command.environment?.[name] !== undefined) return [command.environment[name]!];
    if (command.unshownEnvironment && name in command.unshownEnvironment) return [command.unshownEnvironment[name] ?? null];
    return [];
  });
}
