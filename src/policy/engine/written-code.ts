// A write into a file some program runs as shell code (a start-up file, a git
// hook, a git config's aliases and pager: ../../shell/programs/code-files.ts) is judged by what the text runs,
// as a command would be: `rm -rf ~` written into ~/.bashrc is blocked by the
// rule that blocks it in bash, `alias gs='git status'` passes. The file tools
// (write, edit) and a shell's redirect or heredoc of known text get the same
// judgement. The write itself is tagged `code-judged`, so that rules which
// stop such a write by its path alone can let it through.
import { gitConfigAsShell } from "../../shell/languages/git-config.ts";
import { asDirenvCode, asHookCode, asPythonStartupCode, asShellCode, asToolStartupCode, type CodeFileKind, codeFileKind } from "../../shell/programs/code-files.ts";
import { shellQuote } from "../../shell/languages/quote.ts";
import { languageOfFile } from "../../shell/programs/file-languages.ts";
import type { FileNeed, KnownFile } from "../../shell/view/files.ts";
import type { ShellView, SimpleCommand } from "../../shell/view/view.ts";
import type { CompiledPolicy } from "./compile.ts";
import type { JsonObject, ToolCallEvent } from "./event.ts";

export type WrittenCode = {
  /** What the text runs, each command tagged with where it runs from. */
  view: ShellView;
  /** An edit of a file whose text the call was not given: asked of the session memory. */
  need?: FileNeed;
};

/** Fields a write tool's whole new text is in. */
const CONTENT_FIELDS = ["content", "text", "file_text"];

/** Labels on the commands a written file runs, for rules about what runs at every start (a listener, a launch). */
// An .envrc runs whenever a shell enters its directory: held to the rules about start-up code (a listener, a launch).
const KIND_TAG: Record<CodeFileKind, string> = {
  "start-up": "start-up-code",
  "git-hook": "git-hook-code",
  "git-config": "git-config-code",
  direnv: "start-up-code",
  "python-start-up": "start-up-code",
  "tool-start-up": "start-up-code",
};
const KIND_ROLE: Record<CodeFileKind, FileNeed["role"]> = {
  "start-up": "startup",
  "git-hook": "git-hook",
  "git-config": "git-config",
  direnv: "startup",
  "python-start-up": "startup",
  "tool-start-up": "startup",
};
const KIND_LABEL: Record<CodeFileKind, string> = {
  "start-up": "start-up file",
  "git-hook": "git hook",
  "git-config": "git config",
  direnv: "direnv .envrc",
  "python-start-up": "Python start-up file",
  "tool-start-up": "tool start-up file",
};
/** Files written whole by whoever writes them: overwriting one loses nothing the user set up elsewhere (a start-up file may hold years of it). */
const WRITTEN_WHOLE: ReadonlySet<CodeFileKind> = new Set(["git-hook", "direnv", "python-start-up"]);

/**
 * A shell may overwrite the file and still be judged by the text it writes: a hook or .envrc, and a repository's own
 * .git/config (as a file tool's write of it is; `git init` makes it again). The git config in home is the user's, like a start-up file.
 */
function judgedWhenOverwritten(kind: CodeFileKind, path: string, home: string): boolean {
  if (WRITTEN_WHOLE.has(kind)) return true;
  return kind === "git-config" && !path.startsWith(`${home}/.gitconfig`) && !path.startsWith(`${home}/.config/git/`);
}

/** A file tool's write or edit of `path`, judged as code when the file is one; undefined when it is not, or its text is not shell. */
export function writtenCode(policy: CompiledPolicy, event: ToolCallEvent, path: string): WrittenCode | undefined {
  const kind = codeFileKind(path, policy.home);
  if (!kind) return undefined;
  const known = event.files?.get(path)?.content;
  const text = newText(event.input, known);
  if (text === undefined) return undefined;
  const view = codeView(policy, event, text, kind, path);
  if (!view) return undefined;
  const need: FileNeed | undefined = known === undefined && !hasContent(event.input) ? { path, role: KIND_ROLE[kind], optional: true } : undefined;
  return need ? { view, need } : { view };
}

/**
 * A shell input's writes of known text into such files (`echo 'alias gs=…' >> ~/.bashrc`, a heredoc into
 * .git/hooks/pre-commit): the text is judged as code and the writing command tagged `code-judged`. Left to
 * the path rules: a file two commands write (which text ends up in it is not clear), and a start-up file a
 * shell overwrites (`>`: whatever it held, which the command never saw, is gone — a hook or .envrc is written
 * whole) unless it is known not to exist.
 */
export function judgedCodeWrites(policy: CompiledPolicy, view: ShellView, event: ToolCallEvent): ShellView {
  let commands = view.commands;
  let flows = view.flows;
  let unresolved = view.unresolved;
  let needs: FileNeed[] = [];
  for (const entry of view.written ?? []) {
    const kind = entry.content === undefined ? undefined : codeFileKind(entry.path, policy.home);
    if (!kind || entry.content === undefined) continue;
    if (!entry.append && !judgedWhenOverwritten(kind, entry.path, policy.home)) {
      // Overwriting a file that does not exist loses nothing: judged by its text. Not known yet: asked of the extension.
      const before = event.files?.get(entry.path);
      if (before === undefined) needs = [...needs, { path: entry.path, role: KIND_ROLE[kind], optional: true }];
      if (!before?.absent) continue;
    }
    const writers = commands.filter((command) => command.writes.includes(entry.path));
    if (writers.length !== 1) continue;
    const code = codeView(policy, event, entry.content, kind, entry.path);
    if (!code) continue;
    const shift = commands.length;
    commands = [...commands.map((command) => (command === writers[0] ? { ...command, tags: [...command.tags, "code-judged"] } : command)), ...code.commands];
    flows = [...flows, ...code.flows.map((flow) => ({ ...flow, from: flow.from + shift, to: flow.to + shift }))];
    unresolved = [...unresolved, ...code.unresolved];
  }
  const asked = needs.length === 0 ? view : { ...view, needs: [...(view.needs ?? []), ...needs] };
  return commands === view.commands ? asked : { ...asked, commands, flows, unresolved };
}

/** What the text runs when its program runs it, or undefined when a `#!` line hands it to another language. */
function codeView(policy: CompiledPolicy, event: ToolCallEvent, text: string, kind: CodeFileKind, path: string): ShellView | undefined {
  const code =
    kind === "git-config"
      ? gitConfigAsShell(text)
      : kind === "direnv"
        ? asDirenvCode(text)
        : kind === "python-start-up"
          ? asPythonStartupCode(text, path)
          : kind === "tool-start-up"
            ? asToolStartupCode(text, path, policy.home)
            : kind === "git-hook"
              ? asHookCode(text)
              : asShellCode(text);
  if (code === undefined) return undefined;
  const analysed = policy.analyzer(code, policy.shell, event.files);
  const from = `${path} (${KIND_LABEL[kind]})`;
  const commands: SimpleCommand[] = analysed.commands.map((command) => ({ ...command, via: [from, ...command.via], tags: [...command.tags, KIND_TAG[kind]] }));
  return { commands, flows: analysed.flows, unresolved: analysed.unresolved.map((problem) => `${from}: ${problem}`) };
}

/** The file's text after the call: a write's content; an edit applied to the known text, else its new text alone. */
function newText(input: JsonObject, known: string | undefined): string | undefined {
  for (const field of CONTENT_FIELDS) if (typeof input[field] === "string") return input[field] as string;
  const edits = Array.isArray(input.edits) ? input.edits : [input];
  const pairs = edits.map((edit) => (edit !== null && typeof edit === "object" && !Array.isArray(edit) ? edit : {})) as JsonObject[];
  if (pairs.some((pair) => typeof pair.new_string !== "string")) return undefined;
  let text = known;
  for (const pair of pairs) text = text === undefined ? undefined : applied(text, pair, input.replace_all === true || pair.replace_all === true);
  return text ?? pairs.map((pair) => pair.new_string as string).join("\n");
}

function applied(text: string, pair: JsonObject, all: boolean): string | undefined {
  const from = pair.old_string;
  const to = pair.new_string as string;
  if (typeof from !== "string" || from === "" || !text.includes(from)) return undefined;
  return all ? text.split(from).join(to) : text.replace(from, () => to);
}

function hasContent(input: JsonObject): boolean {
  return CONTENT_FIELDS.some((field) => typeof input[field] === "string");
}

/**
 * A code file the call writes (any language the file table knows, by name or `#!` line), as the command that would
 * run it and the files that command is given: judged like that command, whatever runs the file later.
 */
export type WrittenRun = { path: string; command: string; files: ReadonlyMap<string, KnownFile> };

/**
 * The code files a call writes whose text is known: a file tool's write (its content), or its edit (applied to the
 * text the session knows, else the new text alone: a fragment is read for what it does, as any code is); a shell's
 * redirect, heredoc or `tee` of known text (appended text alone). Files some program runs at its start or as a hook
 * (code-files.ts) are left out: they are judged more strictly, as the commands they run (writtenCode above).
 */
export function writtenRuns(policy: CompiledPolicy, event: ToolCallEvent, view: ShellView | undefined, commands: readonly SimpleCommand[]): WrittenRun[] {
  const runs: WrittenRun[] = [];
  for (const { path, text } of writtenTexts(policy, event, view, commands)) {
    if (text.trim() === "" || codeFileKind(path, policy.home) !== undefined) continue;
    const language = languageOfFile(path, text);
    if (!language) continue;
    const files = new Map(event.files ?? []);
    files.set(path, { content: language.text ? language.text(text) : text, label: "written by this call" });
    runs.push({ path, command: `${language.runner} ${shellQuote(path)}`, files });
  }
  return runs;
}

/** A file the call writes and the text it will hold, as far as the call shows it. */
export type WrittenText = { path: string; text: string };

/** The files a call writes whose new text is known: a file tool's write or edit, a shell's redirect, heredoc or `tee` of known text. */
export function writtenTexts(policy: CompiledPolicy, event: ToolCallEvent, view: ShellView | undefined, commands: readonly SimpleCommand[]): WrittenText[] {
  const shell = event.tool.some((name) => policy.shellTools[name] !== undefined);
  const written: WrittenText[] = [];
  if (shell) for (const entry of view?.written ?? []) if (entry.content !== undefined) written.push({ path: entry.path, text: entry.content });
  const single = commands.length === 1 && commands[0]!.program === "" && commands[0]!.writes.length === 1 ? commands[0]!.writes[0] : undefined;
  if (!shell && single !== undefined) {
    const text = newText(event.input, event.files?.get(single)?.content);
    if (text !== undefined) written.push({ path: single, text });
  }
  return written;
}
