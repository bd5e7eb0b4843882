// Build and task runners whose project file says what runs, one row each:
// the program, the file it obeys, and a reader per format that finds the
// commands the named target runs (its dependencies first where the format
// says them cheaply), or the default target's when none is named. A format
// read whole (tup's rules, dune's actions) runs every command it holds.
import { readLanguage } from "../languages/index.ts";
import type { SimpleCommand } from "../view/view.ts";
import { antProperties, antTaskLines, xmlAttribute } from "./ant-tasks.ts";
import { argvText } from "./carrier-formats.ts";
import { JS, type Loaded, relative, type Row, SH, SUB, shellLines, strings } from "./file-rows.ts";
import { parsedToml } from "./manifest-scripts.ts";
import { inDir, knownText, operandsOf, optionValue, shellWord } from "./snippet.ts";
import { literals } from "./task-runners.ts";
import { npsLines, pantsCommands, pantsTarget, roboAsPhp } from "./tool-file-readers.ts";
import { parseYaml, record } from "./yaml-data.ts";
import { MAX_BUILD_ROW_TASKS } from "../../limits.ts";

/** A list is an argv, a string a command line. */
function commandLine(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  const words = strings(value);
  return Array.isArray(value) && words.length > 0 ? words.map(shellWord).join(" ") : undefined;
}

/** Visits `first` and what it depends on (dependencies first), at most MAX_BUILD_ROW_TASKS of them, each once. */
function inOrder(first: readonly string[], dependencies: (name: string) => readonly string[], run: (name: string) => void) {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name) || seen.size >= MAX_BUILD_ROW_TASKS) return;
    seen.add(name);
    for (const dependency of dependencies(name)) visit(dependency);
    run(name);
  };
  for (const name of first) visit(name);
}

// ─── TOML task tables: pixi, rye ──────────────────────────────────────────

/** pixi's tasks (`[tasks]`, a feature's, or pyproject's `[tool.pixi.tasks]`): a string, or `{ cmd, depends-on }`. */
function pixiTaskLines(content: string, task: string): string[] {
  const data = parsedToml(content);
  if (!data) return [];
  const roots = [data, record(record(data.tool)?.pixi)].filter((table): table is Record<string, unknown> => table !== undefined);
  const tasks: Record<string, unknown> = {};
  for (const root of roots) {
    for (const feature of Object.values(record(root.feature) ?? {})) Object.assign(tasks, record(record(feature)?.tasks));
    Object.assign(tasks, record(root.tasks));
  }
  const lines: string[] = [];
  const dependsOf = (name: string) => {
    const entry = record(tasks[name]);
    const list = entry?.["depends-on"] ?? entry?.depends_on;
    return (Array.isArray(list) ? list : [list]).flatMap((item) => [...strings(item), ...strings(record(item)?.task)]);
  };
  inOrder([task], dependsOf, (name) => {
    const entry = tasks[name];
    const line = commandLine(entry) ?? commandLine(record(entry)?.cmd);
    if (line !== undefined) lines.push(line);
  });
  return lines;
}

/** rye's scripts (`[tool.rye.scripts]`): a command line, `{ cmd = … }`, `{ chain = [names] }`, or `{ call = "module:fn" }`. */
function ryeScriptLines(content: string, script: string): string[] {
  const scripts = record(record(record(parsedToml(content)?.tool)?.rye)?.scripts) ?? {};
  const lines: string[] = [];
  inOrder(
    [script],
    (name) => strings(record(scripts[name])?.chain),
    (name) => {
      const entry = scripts[name];
      const line = commandLine(entry) ?? commandLine(record(entry)?.cmd);
      if (line !== undefined) lines.push(line);
      const call = record(entry)?.call;
      if (typeof call === "string" && /^[\w.]+(?::[\w.]+(?:\(\))?)?$/.test(call)) lines.push(`python -c ${shellWord(`import ${call.split(":")[0]}`)}`);
    },
  );
  return lines;
}

// ─── mask: a markdown file's headings are commands, their code blocks what runs ───

const MASK_SHELLS = new Set(["", "sh", "bash", "zsh", "fish", "shell"]);
const MASK_CODE: Readonly<Record<string, string>> = { python: "python3", py: "python3", js: "node", javascript: "node", ruby: "ruby", rb: "ruby", php: "php", lua: "lua" };

/** The code blocks under the heading the words name (`mask db migrate`: `## db`, then `### migrate` below it). */
function maskLines(content: string, words: readonly string[]): string[] {
  const lines = content.split(/\r?\n/);
  let level = 0;
  let depth = 0;
  let found = -1;
  for (let index = 0; index < lines.length && depth < words.length; index++) {
    const heading = /^(#{2,6})\s+(\S+)/.exec(lines[index]!);
    if (!heading) continue;
    if (heading[1]!.length <= level) return [];
    if (heading[2] === words[depth]) {
      level = heading[1]!.length;
      depth++;
      found = index;
    }
  }
  if (found < 0) return [];
  const out: string[] = [];
  let fence: { language: string; body: string[] } | undefined;
  for (const line of lines.slice(found + 1)) {
    if (fence === undefined) {
      if (/^#{1,6}\s/.test(line)) break;
      const open = /^\s*(`{3,}|~{3,})\s*([\w-]*)/.exec(line);
      if (open) fence = { language: open[2]!.toLowerCase(), body: [] };
      continue;
    }
    if (/^\s*(`{3,}|~{3,})\s*$/.test(line)) {
      const body = fence.body.join("\n");
      if (MASK_SHELLS.has(fence.language)) out.push(body);
      else if (MASK_CODE[fence.language]) out.push(`${MASK_CODE[fence.language]} -c ${shellWord(body)}`);
      fence = undefined;
      continue;
    }
    fence.body.push(line);
  }
  return out;
}

// ─── moon: a project's moon.yml tasks ─────────────────────────────────────

/** `moon run proj:task` (or `:task`, `task`): the task of that name, its `command` and `args` or its `script`, after its `deps`. */
function moonTaskLines(content: string, target: string): string[] {
  const tasks = record(record(parseYaml(content))?.tasks) ?? {};
  const task = target.includes(":") ? target.slice(target.indexOf(":") + 1) : target;
  const lines: string[] = [];
  inOrder(
    [task],
    (name) => strings(record(tasks[name])?.deps).flatMap((dep) => (dep.startsWith("~:") || dep.startsWith("^:") || !dep.includes(":") ? [dep.replace(/^[~^]:/, "")] : [])),
    (name) => {
      const entry = record(tasks[name]);
      if (!entry) return;
      if (typeof entry.script === "string") lines.push(entry.script);
      const command = commandLine(entry.command);
      if (command === undefined) return;
      const args = typeof entry.args === "string" ? entry.args : strings(entry.args).map(shellWord).join(" ");
      lines.push(args === "" ? command : `${command} ${args}`);
    },
  );
  return lines;
}

// ─── Ant: a target's tasks (ant-tasks.ts) ─────────────────────────────────

/** The targets named (or the project's default), after their `depends`: each task as the command it amounts to. */
function antLines(content: string, wanted: readonly string[]): string[] {
  const text = content.replace(/<!--[\s\S]*?-->/g, "");
  const properties = antProperties(text);
  const targets = new Map<string, { depends: string[]; body: string }>();
  for (const match of text.matchAll(/<target\b([^>]*?)(?:\/>|>([\s\S]*?)<\/target>)/g)) {
    const name = xmlAttribute(match[1]!, "name");
    if (name !== undefined)
      targets.set(name, {
        depends: (xmlAttribute(match[1]!, "depends") ?? "")
          .split(",")
          .map((item) => item.trim())
          .filter(Boolean),
        body: match[2] ?? "",
      });
  }
  const start = wanted.length > 0 ? wanted : strings(xmlAttribute(/<project\b([^>]*)>/.exec(text)?.[1] ?? "", "default"));
  const lines: string[] = [];
  inOrder(
    start,
    (name) => [
      ...(targets.get(name)?.depends ?? []),
      ...[...(targets.get(name)?.body ?? "").matchAll(/<antcall\b([^>]*)>/g)].flatMap((call) => strings(xmlAttribute(call[1]!, "target"))),
    ],
    (name) => lines.push(...antTaskLines(targets.get(name)?.body ?? "", properties)),
  );
  return lines;
}

// ─── tup: every rule's command ────────────────────────────────────────────

/** `: inputs |> command |> outputs` rules, `!macro = |> command |>` macros, and `run ./script` lines. */
function tupLines(content: string): string[] {
  const lines: string[] = [];
  for (const raw of content.replace(/\\\r?\n/g, " ").split(/\r?\n/)) {
    const line = raw.trim();
    const rule = /^(?::|![\w-]+\s*=)[^|]*(?:\|[^>][^|]*)*\|>\s*(.*?)\s*\|>/.exec(line);
    if (rule) {
      // `^ text^` is what tup prints; the command follows it.
      const command = rule[1]!.replace(/^\^[^^]*\^\s*/, "");
      if (command !== "" && !command.startsWith("!")) lines.push(command);
      continue;
    }
    const run = /^(?:preload\s+\S+\s*)?run\s+(.+)$/.exec(line);
    if (run) lines.push(run[1]!);
  }
  return lines;
}

// ─── ninja: the rules the wanted outputs are built with ───────────────────

type NinjaEdge = { outputs: string[]; rule: string; inputs: string[] };

/** The commands of the edges that build the targets (or the `default`s, or every output), inputs' edges first. */
function ninjaLines(content: string, wanted: readonly string[]): string[] {
  const rules = new Map<string, string>();
  const edges: NinjaEdge[] = [];
  const defaults: string[] = [];
  let rule: string | undefined;
  for (const line of content.replace(/\$\r?\n\s*/g, "").split(/\r?\n/)) {
    if (/^\s*#/.test(line) || line.trim() === "") continue;
    const indented = /^\s+(\w+)\s*=\s*(.*)$/.exec(line);
    if (indented) {
      if (rule !== undefined && indented[1] === "command") rules.set(rule, indented[2]!);
      continue;
    }
    rule = undefined;
    const head = /^rule\s+(\S+)/.exec(line);
    if (head) {
      rule = head[1]!;
      continue;
    }
    const build = /^build\s+(.*?)(?<!\$):\s*(\S+)\s*(.*)$/.exec(line);
    if (build) {
      const outputs = build[1]!.replace(/\|/g, " ").split(/\s+/).filter(Boolean);
      edges.push({
        outputs,
        rule: build[2]!,
        inputs: build[3]!
          .replace(/\|\|?|\|@/g, " ")
          .split(/\s+/)
          .filter(Boolean),
      });
      continue;
    }
    const target = /^default\s+(.*)$/.exec(line);
    if (target) defaults.push(...target[1]!.split(/\s+/).filter(Boolean));
  }
  const producer = new Map<string, NinjaEdge>();
  for (const edge of edges) for (const output of edge.outputs) producer.set(output, edge);
  const start = wanted.length > 0 ? wanted : defaults.length > 0 ? defaults : edges.flatMap((edge) => edge.outputs);
  const lines: string[] = [];
  inOrder(
    start,
    (output) => producer.get(output)?.inputs ?? [],
    (output) => {
      const edge = producer.get(output);
      const command = edge === undefined ? undefined : rules.get(edge.rule);
      if (edge && command !== undefined && edge.outputs[0] === output) lines.push(command.replace(/\$in\b/g, edge.inputs.join(" ")).replace(/\$out\b/g, edge.outputs.join(" ")));
    },
  );
  return lines;
}

/** ninja's options that take a value (`-C dir`, `-j 8`): the other words are targets. */
const NINJA_VALUES = new Set(["-C", "-f", "-j", "-k", "-l", "-d", "-t", "-w"]);

function ninjaTargets(args: readonly string[]): string[] {
  const targets: string[] = [];
  for (let index = 0; index < args.length; index++) {
    if (NINJA_VALUES.has(args[index]!)) index++;
    else if (!args[index]!.startsWith("-")) targets.push(args[index]!);
  }
  return targets;
}

// ─── dune: rules' actions ─────────────────────────────────────────────────

/** The words of an s-expression list starting at `from` (just after its `(`), and where it ends; nested lists are left out. */
function sexpWords(text: string, from: number): { words: string[]; end: number } {
  const words: string[] = [];
  let index = from;
  while (index < text.length) {
    const char = text[index]!;
    if (char === ")") return { words, end: index + 1 };
    if (/\s/.test(char)) index++;
    else if (char === "(") {
      let depth = 1;
      index++;
      while (index < text.length && depth > 0) {
        if (text[index] === "(") depth++;
        else if (text[index] === ")") depth--;
        index++;
      }
    } else if (char === '"') {
      let word = "";
      index++;
      while (index < text.length && text[index] !== '"') {
        if (text[index] === "\\" && index + 1 < text.length) {
          const next = text[index + 1]!;
          word += next === "n" ? "\n" : next === "t" ? "\t" : next;
          index += 2;
        } else word += text[index++];
      }
      words.push(word);
      index++;
    } else {
      const atom = /^[^\s()"]+/.exec(text.slice(index))![0];
      words.push(atom);
      index += atom.length;
    }
  }
  return { words, end: index };
}

/** `(run prog arg …)` is an argv, `(system "…")` and `(bash "…")` shell lines; `%{…}` variables stay as words. */
/** The executables a dune file's `(test (name x))` and `(tests (names x y))` stanzas build and run. */
function duneTests(content: string): string[] {
  const text = content.replace(/;[^\n]*/g, "");
  const names: string[] = [];
  for (const match of text.matchAll(/\(tests?\b[\s\S]*?\((names?)\s+([^()]*)\)/g))
    names.push(
      ...match[2]!
        .trim()
        .split(/\s+/)
        .filter((name) => /^\w+$/.test(name)),
    );
  return names.slice(0, MAX_BUILD_ROW_TASKS);
}

function duneLines(content: string): string[] {
  const text = content.replace(/;[^\n]*/g, "");
  const lines: string[] = [];
  for (const match of text.matchAll(/\((run|system|bash)\s/g)) {
    const { words } = sexpWords(text, match.index + match[0].length);
    if (words.length === 0) continue;
    lines.push(match[1] === "run" ? words.map(shellWord).join(" ") : match[1] === "bash" ? `bash -c ${shellWord(words[0]!)}` : words[0]!);
  }
  return lines;
}

// ─── Cake (C#) and psake (PowerShell) ─────────────────────────────────────

function csharpString(literal: string): string {
  if (literal.startsWith("@")) return literal.slice(2, -1).replace(/""/g, '"');
  return literal.slice(1, -1).replace(/\\(.)/g, (_, char: string) => (char === "n" ? "\n" : char === "t" ? "\t" : char));
}

const CS_STRING = String.raw`(@"(?:[^"]|"")*"|"(?:[^"\\]|\\.)*")`;

/** Cake's `StartProcess("prog", "args")` and `StartProcess("prog", new ProcessSettings { Arguments = "args" })`, besides the C# calls. */
function cakeLines(content: string): string[] {
  const lines = readLanguage("csharp", content, "dotnet").lines.map((line) => line.line);
  const call = new RegExp(String.raw`\bStartProcess\s*\(\s*${CS_STRING}\s*(?:,\s*(?:${CS_STRING}|new\s+ProcessSettings\s*\{[^}]*?\bArguments\s*=\s*${CS_STRING}))?`, "g");
  for (const match of content.matchAll(call)) {
    const args = match[2] ?? match[3];
    lines.push(`${shellWord(csharpString(match[1]!))}${args ? ` ${csharpString(args)}` : ""}`);
  }
  return lines;
}

/** psake's own functions (Task, exec …) are its frame; the commands inside its script blocks are what runs. */
const PSAKE_FRAME = /^(?:task|exec|properties|include|formattaskname|tasksetup|tasktearDown|framework|assert|buildsetup|buildtearDown)\b/i;

function psakeLines(content: string): string[] {
  const lines = readLanguage("powershell", content, "pwsh")
    .lines.map((line) => line.line)
    .filter((line) => !PSAKE_FRAME.test(line));
  return lines.length > 0 ? [lines.join("\n")] : [];
}

/** `Invoke-psake [file] [task]` inside a `pwsh -c` line. */
function psakeFile(command: SimpleCommand): string | undefined {
  const script =
    command.args.find((_arg, index) => index > 0 && /^-(?:c|command)$/i.test(command.args[index - 1]!)) ?? (command.name === "invoke-psake" ? command.args.join(" ") : undefined);
  const invoked =
    script === undefined
      ? undefined
      : /(?:^|[\s;&|])invoke-psake\b\s*(?:-buildFile\s+)?(["']?)([\w./-]+\.ps1)?\1/i.exec(command.name === "invoke-psake" ? `invoke-psake ${script}` : script);
  if (invoked === undefined || invoked === null) return undefined;
  return invoked[2] ? relative(invoked[2]) : "psakefile.ps1";
}

// ─── cue: a package's *_tool.cue files define commands whose tasks run programs ───

/**
 * The programs `cue cmd NAME` runs: each `exec.Run` task's `cmd`, a list (the argv) or a string (its words), in the
 * part of the file after `command: NAME` up to the next command; the whole file when the command is not found so.
 */
function cueCommandLines(content: string, name: string): string[] {
  const start = new RegExp(`^\\s*command\\s*:\\s*${name.replace(/[^\w-]/g, "")}\\s*:`, "m").exec(content);
  let body = content;
  if (start) {
    const after = content.slice(start.index + start[0].length);
    const next = /^\s*command\s*:\s*[\w-]+\s*:/m.exec(after);
    body = next ? after.slice(0, next.index) : after;
  }
  const lines: string[] = [];
  for (const match of body.matchAll(/\bcmd\s*:\s*/g)) {
    const rest = body.slice(match.index + match[0].length, match.index + match[0].length + 4096);
    const line = rest.startsWith("[") ? argvText(rest, /^\[/g, true)[0] : literals(rest, true)[0];
    if (line !== undefined && line.trim() !== "") lines.push(line);
  }
  return lines;
}

// ─── the rows ─────────────────────────────────────────────────────────────

export const BUILD_ROWS: readonly Row[] = [
  {
    what: "mask",
    programs: ["mask"],
    when: (_command, words) => words.length > 0,
    files: (command, words) => [
      { path: relative(optionValue(command.args, ["--maskfile"], ["--maskfile"]) ?? "maskfile.md"), reading: shellLines((content) => maskLines(content, words)) },
    ],
  },
  {
    what: "pixi task",
    programs: ["pixi"],
    when: (_command, words) => (words[0] === "run" || words[0] === "r") && words[1] !== undefined,
    files: (command, words) => {
      const manifest = optionValue(command.args, ["-m", "--manifest-path"], ["--manifest-path"]);
      const paths = manifest ? [relative(manifest)] : ["pixi.toml", "pyproject.toml"];
      return paths.map((path) => ({ path, reading: shellLines((content) => pixiTaskLines(content, words[1]!)) }));
    },
  },
  {
    what: "rye script",
    programs: ["rye"],
    when: (_command, words) => words[0] === "run" && words[1] !== undefined,
    files: (_command, words) => [{ path: "pyproject.toml", reading: shellLines((content) => ryeScriptLines(content, words[1]!)) }],
  },
  {
    what: "moon task",
    programs: ["moon", "moonx"],
    when: (command, words) => command.name === "moonx" || (["run", "r"].includes(words[0] ?? "") && words[1] !== undefined),
    files: (command, words) => {
      const target = command.name === "moonx" ? (words[0] ?? "") : words[1]!;
      const project = target.includes(":") ? target.slice(0, target.indexOf(":")) : "";
      const reading = shellLines((content) => moonTaskLines(content, target));
      const files: Loaded[] = [
        { path: "moon.yml", reading },
        { path: ".moon/tasks.yml", reading },
      ];
      // A project is usually its directory's name (apps/web is `web`): its moon.yml is one of these.
      if (/^[\w-]+$/.test(project)) files.push(...[project, `apps/${project}`, `packages/${project}`, `libs/${project}`].map((dir) => ({ path: inDir(dir, "moon.yml"), reading })));
      return files;
    },
  },
  {
    what: "ant",
    programs: ["ant"],
    files: (command, words) => [
      { path: relative(optionValue(command.args, ["-f", "-file", "-buildfile"]) ?? "build.xml"), reading: shellLines((content) => antLines(content, words)) },
    ],
  },
  {
    what: "redo",
    programs: ["redo", "redo-ifchange"],
    files: (_command, words) =>
      (words.length > 0 ? words : ["all"])
        .filter((target) => !target.startsWith("/") && !target.split("/").includes(".."))
        .slice(0, 8)
        .flatMap((target) => {
          const dir = target.includes("/") ? target.slice(0, target.lastIndexOf("/")) : undefined;
          const base = target.slice(target.lastIndexOf("/") + 1);
          const extension = base.includes(".") ? base.slice(base.indexOf(".")) : "";
          return [`${relative(target)}.do`, inDir(dir, `default${extension}.do`), ...(extension ? [inDir(dir, "default.do")] : [])].map((path) => ({ path, reading: SH }));
        }),
  },
  {
    what: "tup",
    programs: ["tup"],
    when: (_command, words) => !["init", "graph", "todo", "variant", "dbconfig", "options", "scan", "stop", "refactor", "generate"].includes(words[0] ?? ""),
    files: () => ["Tupfile", "**/Tupfile", "Tuprules.tup"].map((path) => ({ path, reading: shellLines(tupLines) })),
  },
  {
    what: "ninja",
    programs: ["ninja", "samu"],
    when: (command) => !command.args.some((arg) => arg.startsWith("-t") || arg === "-n"),
    files: (command) => {
      const dir = optionValue(command.args, ["-C"]);
      const targets = ninjaTargets(command.args);
      return [
        {
          path: inDir(dir === undefined ? undefined : relative(dir), relative(optionValue(command.args, ["-f"]) ?? "build.ninja")),
          reading: shellLines((content) => ninjaLines(content, targets)),
        },
      ];
    },
  },
  {
    what: "dune",
    programs: ["dune"],
    when: (_command, words) => ["build", "b", "test", "t", "runtest", "exec", "x", "install", "promote", "fmt", "rpc", "@default"].includes(words[0] ?? "build"),
    files: () => ["dune", "**/dune"].map((path) => ({ path, reading: shellLines(duneLines) })),
    // `dune test` (runtest) runs every test stanza's executables: each names the modules beside its dune file.
    follow: (get, command) => {
      const [verb] = operandsOf(command.args, new Set());
      if (!["test", "t", "runtest", "@runtest", "@@runtest"].includes(verb ?? "") && !command.args.includes("@runtest")) return [];
      const files = ["dune", ...(get("**/dune")?.matches ?? [])];
      return files.flatMap((file) => {
        const dir = file.includes("/") ? file.slice(0, file.lastIndexOf("/")) : undefined;
        return duneTests(knownText(file, get)?.content ?? "").map((name) => ({ path: inDir(dir, `${name}.ml`), reading: { kind: "code" as const, language: "ocaml" } }));
      });
    },
  },
  {
    what: "cake",
    programs: ["dotnet", "dotnet-cake"],
    when: (command, words) => command.name === "dotnet-cake" || words[0] === "cake",
    files: (command, words) => {
      const script = (command.name === "dotnet" ? words.slice(1) : words).find((word) => word.endsWith(".cake"));
      return [{ path: relative(script ?? "build.cake"), reading: shellLines(cakeLines) }];
    },
  },
  {
    what: "psake",
    programs: ["pwsh", "powershell", "invoke-psake"],
    when: (command) => psakeFile(command) !== undefined,
    files: (command) => [{ path: psakeFile(command)!, reading: shellLines(psakeLines) }],
  },
  {
    what: "cue cmd",
    programs: ["cue"],
    when: (_command, words) => words[0] === "cmd" && words[1] !== undefined,
    files: (_command, words) => [{ path: "*_tool.cue", reading: shellLines((content) => cueCommandLines(content, words[1]!)) }],
  },
  // ─── more task runners: JavaScript, PHP, JVM, Rust, monorepo ───
  {
    what: "nps",
    programs: ["nps", "nps-utils"],
    when: (_command, words) => words[0] !== "init" && words[0] !== "completion",
    files: (command, words) => {
      const named = optionValue(command.args, ["-c", "--config"], ["--config"]);
      const paths = named !== undefined ? [relative(named)] : [`package-scripts.${JS}`, "package-scripts.yml", "package-scripts.yaml"];
      // `nps build test` runs each script named, in turn; none: the default one.
      const names = words.length > 0 ? words.slice(0, 8) : [undefined];
      return paths.map((path) => ({ path, reading: shellLines((content) => names.flatMap((name) => npsLines(content, /\.ya?ml$/.test(path), name))) }));
    },
  },
  {
    what: "phing",
    programs: ["phing"],
    // Phing's build.xml is Ant's format: a target's <exec> (executable and args, or command) after its depends.
    files: (command, words) => [
      { path: relative(optionValue(command.args, ["-f", "-buildfile", "--buildfile"]) ?? "build.xml"), reading: shellLines((content) => antLines(content, words)) },
    ],
  },
  {
    what: "Robo",
    programs: ["robo"],
    when: (_command, words) => words[0] !== "init" && words[0] !== "list" && words[0] !== "help",
    files: (command) => [
      { path: inDir(optionValue(command.args, ["--load-from"], ["--load-from"]), "RoboFile.php"), reading: { kind: "embedded", language: "php", extract: roboAsPhp } },
    ],
  },
  {
    what: "mill",
    programs: ["mill", "millw"],
    // mill compiles and evaluates the build (build.mill, or build.sc before 0.12, and package.mill of each module):
    // its tasks' os.proc and os.remove calls run as they are evaluated.
    when: (command) => command.args.some((arg) => !arg.startsWith("-")) && !command.args.includes("version"),
    files: () => ["build.mill", "build.sc", "build.mill.scala", "**/package.mill"].map((path) => ({ path, reading: { kind: "code" as const, language: "scala" } })),
  },
  {
    what: "cargo xtask",
    programs: ["cargo"],
    // The xtask convention (and any alias of `run --package NAME`): .cargo/config.toml's alias runs that package's
    // program, whose sources are its src/.
    when: (_command, words) => words[0] !== undefined && !CARGO_OWN.has(words[0]),
    files: () => [{ path: ".cargo/config.toml", reading: shellLines(() => []) }],
    follow: (get, command) => {
      const alias = operandsOf(command.args, new Set())[0]!;
      const config = knownText(".cargo/config.toml", get)?.content ?? knownText(".cargo/config", get)?.content;
      const value = config === undefined ? undefined : strings(record(parsedToml(config)?.alias)?.[alias]).join(" ");
      const runs = value === undefined ? undefined : /\brun\b.*?(?:--package|-p)[ =]([\w-]+)/.exec(value)?.[1];
      const name = runs ?? (alias === "xtask" ? "xtask" : undefined);
      if (name === undefined) return [];
      return [name, `crates/${name}`, `tools/${name}`].map((dir) => ({ path: `${dir}/src/**/*.rs`, reading: { kind: "code" as const, language: "rust" } }));
    },
  },
  {
    what: "pants run",
    programs: ["pants", "pantsw"],
    when: SUB("run"),
    files: (_command, words) =>
      words
        .slice(1, 4)
        .flatMap((word) => {
          const target = pantsTarget(word);
          return target === undefined ? [] : [target];
        })
        .flatMap((target) =>
          ["BUILD", "BUILD.pants", "BUILD.bazel"].map((name) => ({ path: inDir(target.dir, name), reading: shellLines((content) => pantsCommands(content, target.name)) })),
        ),
  },
];

/** cargo's own subcommands (an alias may not shadow them): anything else may be an alias the project's config defines. */
const CARGO_OWN = new Set(
  "build b check c clean doc d new init add remove run r test t bench update search publish install uninstall fmt clippy tree vendor fetch metadata package login logout owner yank help version fix generate-lockfile locate-project pkgid read-manifest report rustc rustdoc verify-project config info".split(
    " ",
  ),
);
