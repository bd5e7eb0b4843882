// `make clean`, `just build`: the recipes of the targets a command asks for
// (the first target when it names none) and of what they depend on, as the
// shell lines they run. Simple variables (`DIST = dist`, `dist := "dist"`)
// are put in; what only make or just compute at run time stays an unknown
// word, so `rm -rf $(OUT)` is rm on a path nobody can see.
import type { SimpleCommand } from "../view/view.ts";
import { inDir, optionValue, type ProjectRun, type Snippet } from "./snippet.ts";

/** Targets followed through prerequisites before the rest is left out. */
const MAX_TARGETS = 64;
const MAKES = new Set(["make", "gmake", "bmake", "remake"]);
const MAKE_VALUE_OPTIONS = new Set([
  "-C",
  "-f",
  "-I",
  "-o",
  "-W",
  "--file",
  "--directory",
  "--makefile",
  "--include-dir",
  "--old-file",
  "--what-if",
  "--assume-new",
  "--assume-old",
]);
const MAKE_DEFAULTS: Record<string, string> = { MAKE: "make", RM: "rm -f", CC: "cc", CXX: "g++", SHELL: "/bin/sh", CURDIR: "." };

type Rule = { targets: string[]; prerequisites: string[]; recipe: string[] };
type Makefile = { vars: Map<string, string>; rules: Rule[] };

export function makeRun(command: SimpleCommand): ProjectRun | undefined {
  if (MAKES.has(command.name)) return makefileRun(command);
  if (command.name === "just") return justfileRun(command);
  return undefined;
}

function makefileRun(command: SimpleCommand): ProjectRun {
  const dir = optionValue(command.args, ["-C"], ["--directory"]);
  const named = optionValue(command.args, ["-f"], ["--file", "--makefile"]);
  const candidates = named ? [inDir(dir, named)] : ["GNUmakefile", "makefile", "Makefile"].map((name) => inDir(dir, name));
  const goals = goalsOf(command.args, MAKE_VALUE_OPTIONS).filter((goal) => !goal.includes("="));
  return {
    what: `make ${goals.join(" ")}`.trim(),
    candidates: candidates.map((path) => ({ path, role: "makefile" as const })),
    read: (get) => {
      for (const path of candidates) {
        const file = get(path);
        if (file?.content === undefined) continue;
        const lines = recipeLines(parseMakefile(file.content), goals);
        return lines.map((text) => ({ kind: "shell" as const, text, via: `make ${goals.join(" ")} (${path}, ${file.label ?? "known"})`.replace("make  (", "make (") }));
      }
      return [];
    },
  };
}

/** The operands that are goals: not options, not an option's value. */
function goalsOf(args: readonly string[], valueOptions: ReadonlySet<string>): string[] {
  const goals: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (valueOptions.has(arg)) index++;
    else if (!arg.startsWith("-")) goals.push(arg);
  }
  return goals;
}

function parseMakefile(text: string): Makefile {
  const vars = new Map(Object.entries(MAKE_DEFAULTS));
  const rules: Rule[] = [];
  let current: Rule | undefined;
  for (const line of text.replace(/\\\r?\n[ \t]*/g, " ").split(/\r?\n/)) {
    if (line.startsWith("\t")) {
      if (current) current.recipe.push(line.slice(1));
      continue;
    }
    const bare = line.replace(/(?<!\\)#.*$/, "").trimEnd();
    if (bare.trim() === "") continue;
    const assignment = /^(?:export\s+|override\s+)?([A-Za-z_][\w.-]*)\s*(\?=|:::?=|::=|:=|\+=|!=|=)\s*(.*)$/.exec(bare);
    if (assignment) {
      const [, name, operator, value] = assignment;
      if (operator === "?=" && vars.has(name!) && !(name! in MAKE_DEFAULTS)) continue;
      vars.set(name!, operator === "+=" ? `${vars.get(name!) ?? ""} ${value}`.trim() : value!);
      current = undefined;
      continue;
    }
    const rule = /^([^:=]+?)\s*::?\s*(.*)$/.exec(bare);
    if (!rule) {
      current = undefined;
      continue;
    }
    const [recipeStart, ...inline] = rule[2]!.split(";");
    current = {
      targets: rule[1]!.trim().split(/\s+/),
      prerequisites: recipeStart!.replace(/\|/g, " ").trim().split(/\s+/).filter(Boolean),
      recipe: inline.length > 0 ? [inline.join(";")] : [],
    };
    rules.push(current);
  }
  return { vars, rules };
}

/** The recipes that run for `goals` (the first ordinary target when none), prerequisites first. */
function recipeLines(makefile: Makefile, goals: readonly string[]): string[] {
  const byTarget = new Map<string, Rule[]>();
  for (const rule of makefile.rules) for (const target of rule.targets) byTarget.set(target, [...(byTarget.get(target) ?? []), rule]);
  const first = makefile.rules.find((rule) => rule.targets.some((target) => !target.startsWith(".")));
  const start = goals.length > 0 ? goals : first ? [first.targets.find((target) => !target.startsWith("."))!] : [];
  const seen = new Set<string>();
  const lines: string[] = [];
  const visit = (target: string) => {
    if (seen.has(target) || seen.size >= MAX_TARGETS) return;
    seen.add(target);
    for (const rule of byTarget.get(target) ?? []) {
      for (const prerequisite of rule.prerequisites) visit(expandMake(prerequisite, makefile.vars, target, rule));
      for (const line of rule.recipe) lines.push(expandMake(line.replace(/^[\s@+-]+/, ""), makefile.vars, target, rule));
    }
  };
  for (const goal of start) visit(goal);
  return lines.filter((line) => line.trim() !== "");
}

/** `$(VAR)`, `${VAR}`, `$@`, `$<`, `$^`, `$$`, `$(shell …)` as the shell line will hold them. */
function expandMake(text: string, vars: ReadonlyMap<string, string>, target: string, rule: Rule, depth = 0): string {
  if (depth > 8) return text;
  return text
    .replace(/\$\$|\$\(([^()]*(?:\([^()]*\)[^()]*)*)\)|\$\{([^{}]*)\}|\$([@<^?*+%])/g, (whole, paren?: string, brace?: string, auto?: string) => {
      if (whole === "$$") return "\u0000";
      if (auto !== undefined)
        return auto === "@" ? target : auto === "<" ? (rule.prerequisites[0] ?? "") : auto === "^" || auto === "+" ? rule.prerequisites.join(" ") : `\${MAKE_AUTO}`;
      const inner = (paren ?? brace ?? "").trim();
      if (inner.startsWith("shell ")) return `$(${expandMake(inner.slice(6), vars, target, rule, depth + 1)})`;
      const value = vars.get(inner);
      if (value !== undefined) return expandMake(value, vars, target, rule, depth + 1);
      return `\${MAKE_${inner.replace(/\W+/g, "_").slice(0, 40)}}`;
    })
    .replaceAll("\u0000", "$");
}

// ─── justfile ─────────────────────────────────────────────────────────────

const JUST_VALUE_OPTIONS = new Set(["-f", "--justfile", "-d", "--working-directory", "--set", "--shell", "--dotenv-filename", "--dotenv-path", "--chooser", "--command-color"]);

function justfileRun(command: SimpleCommand): ProjectRun {
  const named = optionValue(command.args, ["-f"], ["--justfile"]);
  const candidates = named ? [named] : ["justfile", "Justfile", ".justfile"];
  const goals = goalsOf(command.args, JUST_VALUE_OPTIONS);
  return {
    what: `just ${goals.join(" ")}`.trim(),
    candidates: candidates.map((path) => ({ path, role: "justfile" as const })),
    read: (get) => {
      for (const path of candidates) {
        const file = get(path);
        if (file?.content === undefined) continue;
        return justRecipes(file.content, goals).map((text): Snippet => ({ kind: "shell", text, via: `just ${goals.join(" ")} (${path}, ${file.label ?? "known"})` }));
      }
      return [];
    },
  };
}

type JustRecipe = { name: string; dependencies: string[]; body: string[] };

function justRecipes(text: string, goals: readonly string[]): string[] {
  const vars = new Map<string, string>();
  const recipes = new Map<string, JustRecipe>();
  let first: string | undefined;
  let current: JustRecipe | undefined;
  for (const line of text.split(/\r?\n/)) {
    if (/^[ \t]+\S/.test(line)) {
      current?.body.push(line.trim());
      continue;
    }
    current = undefined;
    const assignment = /^(?:export\s+)?([A-Za-z_][\w-]*)\s*:=\s*(.*)$/.exec(line);
    if (assignment) {
      vars.set(assignment[1]!, assignment[2]!.trim().replace(/^(["'])(.*)\1$/, "$2"));
      continue;
    }
    const header = /^@?([A-Za-z_][\w-]*)([^:]*):(?!=)(.*)$/.exec(line);
    if (!header || line.startsWith("#") || line.startsWith("set ")) continue;
    current = {
      name: header[1]!,
      dependencies: header[3]!
        .trim()
        .split(/\s+/)
        .filter((word) => /^[A-Za-z_][\w-]*$/.test(word)),
      body: [],
    };
    recipes.set(current.name, current);
    first ??= current.name;
  }
  const lines: string[] = [];
  const seen = new Set<string>();
  const visit = (name: string) => {
    const recipe = recipes.get(name);
    if (!recipe || seen.has(name) || seen.size >= MAX_TARGETS) return;
    seen.add(name);
    for (const dependency of recipe.dependencies) visit(dependency);
    const body = recipe.body.filter((line) => !line.startsWith("#!"));
    for (const line of body)
      lines.push(line.replace(/^[@-]+/, "").replace(/\{\{\s*([\w-]+)\s*\}\}/g, (_, name: string) => vars.get(name) ?? `\${JUST_${name.replace(/-/g, "_")}}`));
  };
  const wanted = goals.filter((goal) => recipes.has(goal));
  for (const goal of wanted.length > 0 ? wanted : first ? [first] : []) visit(goal);
  return lines;
}
