// Commands planted in a file of any format (../../shell/languages/planted-commands.ts):
// a YAML, JSON, TOML, XML or INI value, a notebook line, a string in code that
// holds `rm -rf ~` or `curl … | sh`, for a tool the guard never heard of to run.
// Two moments, one judgement — each planted command is judged as a shell
// command under the same policy and session view, and counts when a rule would
// block it:
// - a write of such a file gets a pseudo-command tagged `planted-command`
//   (written-code.ts judges the files it knows to be code more strictly);
// - a run of a program the registry does not know, over a file whose text is
//   known (an operand, or a settings file named after the program in the project
//   or home), gets one tagged `planted-command-run`.
// What is done with them is the packs' rules (session-planted-command*), so a
// user can see, lower or switch it off. (Which rules ask for the tags is not
// looked up: that would read every rule's conditions, which a call leaves
// unparsed until its programs reach them.)
import { redactThenTruncate } from "../../match/secrets/for-log.ts";
import { type PlantedBudget, plantedBudget, plantedCommands } from "../../shell/languages/planted-commands.ts";
import { codeFileKind } from "../../shell/programs/code-files.ts";
import { UNKNOWN_PROGRAM } from "../../shell/programs/unknown-programs.ts";
import { languageOfFile } from "../../shell/programs/file-languages.ts";
import type { FileNeed, KnownFiles } from "../../shell/view/files.ts";
import { pseudoCommand, type SimpleCommand } from "../../shell/view/view.ts";
import { MAX_OBEYED_WRITE_COMMANDS, MAX_PLANTED_OPERAND_FILES, REASON_COMMAND_CHARS } from "../../limits.ts";
import { obeyedCommands } from "../../shell/session/obeyed-rows.ts";
import type { CompiledPolicy } from "./compile.ts";
import type { ToolCallEvent } from "./event.ts";
import type { CallSubject } from "./subject.ts";
import { writtenTexts } from "./written-code.ts";

const PLANTED_WRITE_TAG = "planted-command";
const PLANTED_RUN_TAG = "planted-command-run";

/** How a shell input fares: a rule blocks it (the rule and its reason), nothing blocks it, or it could not be judged. */
export type PlantedVerdict = { kind: "blocked"; rule: string; reason: string } | { kind: "clear" } | { kind: "unjudged" };
export type PlantedJudge = (command: string, files: KnownFiles | undefined) => PlantedVerdict;

/** Prose is read, not run: a README's `curl … | sh` install line is documentation. */
const PROSE =
  /\.(?:md|markdown|mdx|rst|txt|text|adoc|asciidoc|html?|org|tex|rtf|csv|tsv|log|po|pot)$|(?:^|\/)(?:README|LICENSE|LICENCE|COPYING|CHANGELOG|CHANGES|NEWS|AUTHORS|NOTICE)[^/]*$/i;
/** A program name that can stand in a file name (`.NAMErc`). */
const PLAIN_NAME = /^[a-z0-9][a-z0-9_.-]{0,40}$/;

/**
 * Which files are read: `data` — files no language table knows (settings, data, templates) and an unknown program's
 * files, before the rules run; `code` — code files of a known language, only once their own judgement as code
 * (written-code.ts, which names what the code does) found nothing to stop (`cmd = "rm -rf ~"` run through a variable).
 */
export type PlantedScope = "data" | "code";

/** The call's subject with a pseudo-command for each file whose planted command a rule would block. */
export function withPlantedCommands(policy: CompiledPolicy, event: ToolCallEvent, subject: CallSubject, judge: PlantedJudge, scope: PlantedScope): CallSubject {
  const budget = plantedBudget();
  const found = [...plantedWrites(policy, event, subject, judge, budget, scope), ...(scope === "data" ? plantedRuns(policy, event, subject, judge, budget) : [])];
  return found.length === 0 ? subject : { ...subject, commands: [...subject.commands, ...found] };
}

/** The files a run of an unknown program may take its commands from, asked of the session's memory and the disk. */
export function plantedNeeds(policy: CompiledPolicy, event: ToolCallEvent, subject: CallSubject): FileNeed[] {
  const needs: FileNeed[] = [];
  for (const command of unknownPrograms(subject.commands))
    for (const path of filesOfRun(command, policy.home))
      if (!event.files?.has(path) && !needs.some((need) => need.path === path)) needs.push({ path, role: "program-settings", optional: true });
  return needs;
}

/** A pseudo-command's line for a person: which file, which line, what it holds and which rule blocks that. */
export function plantedDetail(command: SimpleCommand): string | undefined {
  return command.tags.includes(PLANTED_WRITE_TAG) || command.tags.includes(PLANTED_RUN_TAG) ? command.via[0] : undefined;
}

function plantedWrites(policy: CompiledPolicy, event: ToolCallEvent, subject: CallSubject, judge: PlantedJudge, budget: PlantedBudget, scope: PlantedScope): SimpleCommand[] {
  const found: SimpleCommand[] = [];
  for (const { path, text } of writtenTexts(policy, event, subject.view, subject.commands)) {
    // Judged already as the code it is (start-up files, hooks, shell scripts: every line is a command there).
    if (PROSE.test(path) || codeFileKind(path, policy.home) !== undefined) continue;
    // A file a known program obeys is read as that program reads it (a darcs posthook has no program first on its line).
    const obeyed = scope === "data" ? obeyedBlocked(obeyedCommands(path, text), event.files, judge) : undefined;
    if (obeyed) {
      found.push(pseudo(PLANTED_WRITE_TAG, path, `${path} holds a command the policy blocks when its program runs: ${obeyed.text} — ${obeyed.reason}`));
      continue;
    }
    const language = languageOfFile(path, text)?.language;
    if (language === "shell" || (language === undefined) !== (scope === "data")) continue;
    const hit = firstBlocked(policy, text, event.files, judge, budget, language === undefined ? "lines" : "literals");
    if (hit) found.push(pseudo(PLANTED_WRITE_TAG, path, `${path} line ${hit.line} holds a command the policy blocks: ${hit.text} — ${hit.reason}`));
  }
  return found;
}

function plantedRuns(policy: CompiledPolicy, event: ToolCallEvent, subject: CallSubject, judge: PlantedJudge, budget: PlantedBudget): SimpleCommand[] {
  const found: SimpleCommand[] = [];
  // A file written earlier in the same input (`cat > .x.yml <<EOF … EOF; x run`) is read as it was written.
  const inCall = new Map((subject.view?.written ?? []).flatMap((entry) => (entry.content === undefined ? [] : [[entry.path, entry.content] as const])));
  for (const command of unknownPrograms(subject.commands)) {
    for (const path of filesOfRun(command, policy.home)) {
      const text = inCall.get(path) ?? event.files?.get(path)?.content;
      if (text === undefined || PROSE.test(path)) continue;
      const hit = firstBlocked(policy, text, event.files, judge, budget);
      if (!hit) continue;
      found.push(pseudo(PLANTED_RUN_TAG, path, `${command.name} reads ${path}, whose line ${hit.line} holds a command the policy blocks: ${hit.text} — ${hit.reason}`));
      break;
    }
  }
  return found;
}

type Blocked = { line: number; text: string; reason: string };

/** The first of a file's obeyed commands a rule would block, each judged alone. */
function obeyedBlocked(commands: readonly string[], files: KnownFiles | undefined, judge: PlantedJudge): Omit<Blocked, "line"> | undefined {
  for (const command of commands.slice(0, MAX_OBEYED_WRITE_COMMANDS)) {
    const verdict = judge(command, files);
    if (verdict.kind === "blocked") return { text: redactThenTruncate(command, REASON_COMMAND_CHARS), reason: verdict.reason };
  }
  return undefined;
}

function firstBlocked(
  policy: CompiledPolicy,
  text: string,
  files: KnownFiles | undefined,
  judge: PlantedJudge,
  budget: PlantedBudget,
  strings: "lines" | "literals" = "lines",
): Blocked | undefined {
  const known = (name: string) => policy.shell.programs.spec(name) !== undefined;
  const found = plantedCommands(text, known, budget, strings);
  if (found.length === 0) return undefined;
  // All at once first, each in its own subshell (a `cd` in one moves no other): one evaluation for the everyday
  // file. Only when that is blocked by a rule, or cannot be judged (one string is no valid shell), is each judged
  // alone — the one blocked alone is the one named (two that only harm together are not a planted command).
  if (found.length > 1 && judge(found.map((planted) => `(\n${planted.text}\n)`).join("\n"), files).kind === "clear") return undefined;
  for (const planted of found) {
    const verdict = judge(planted.text, files);
    if (verdict.kind === "blocked") return { line: planted.line, text: redactThenTruncate(planted.text, REASON_COMMAND_CHARS), reason: verdict.reason };
  }
  return undefined;
}

/**
 * The commands of the call whose program the registry does not know, as the analysis tagged them (a plain name, not a
 * path: a script run by its path is judged as one), with a name that can stand in a file name.
 */
function unknownPrograms(commands: readonly SimpleCommand[]): SimpleCommand[] {
  return commands.filter((command) => command.tags.includes(UNKNOWN_PROGRAM) && PLAIN_NAME.test(command.name));
}

/**
 * What a run of an unknown program may read commands from: its operands that name files, then the settings files
 * named after it (`.NAMErc`, `.NAME.yml`, `NAME.config.js`, `~/.config/NAME/config` …) — a cheap, fixed set of names.
 */
function filesOfRun(command: SimpleCommand, home: string): string[] {
  const operands = command.reads.filter((path) => !command.patterns.includes(path) && !path.includes("://")).slice(0, MAX_PLANTED_OPERAND_FILES);
  const name = command.name;
  const dir = command.dir ? `${command.dir}/` : "";
  const project = [`.${name}rc`, ...["json", "yml", "yaml"].map((ext) => `.${name}rc.${ext}`), ...SETTINGS_EXTS.flatMap((ext) => [`.${name}.${ext}`, `${name}.${ext}`])];
  const config = CONFIG_EXTS.map((ext) => `${name}.config.${ext}`);
  const inHome = [`.${name}rc`, ...SETTINGS_EXTS.map((ext) => `.${name}.${ext}`), `.config/${name}/config`, ...SETTINGS_EXTS.map((ext) => `.config/${name}/config.${ext}`)];
  return [...operands, ...[...project, ...config].map((file) => `${dir}${file}`), ...inHome.map((file) => `${home}/${file}`)];
}

const SETTINGS_EXTS = ["yml", "yaml", "json", "toml"];
const CONFIG_EXTS = ["js", "mjs", "cjs", "ts", "json"];

function pseudo(tag: string, path: string, detail: string): SimpleCommand {
  return pseudoCommand({ paths: [path], via: [detail], tags: [tag] });
}
