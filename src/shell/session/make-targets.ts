// `make clean`, `just build`: the recipes of the targets a command asks for
// (the first target when it names none) and of what they depend on, as the
// shell lines they run. Simple variables (`DIST = dist`, `dist := "dist"`)
// are put in; what only make or just compute at run time stays an unknown
// word, so `rm -rf $(OUT)` is rm on a path nobody can see.
import type { SimpleCommand } from "../view/view.ts";
import { withTabRecipes } from "../languages/make.ts";
import { type FileLookup, firstKnown, inDir, optionValue, type ProjectRun, type Snippet, shellWord } from "./snippet.ts";
import { MAX_MAKEFILE_INCLUDE_DEPTH, MAX_MAKE_TARGETS_FOLLOWED } from "../../limits.ts";

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
type Makefile = {
  vars: Map<string, string>;
  rules: Rule[];
  /** Shell commands make runs as it reads the makefiles (`X := $(shell …)`, `X != …`), whatever the goal. */
  parseTime: string[];
  includes: Array<{ path: string; optional: boolean }>;
};

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
    targets: goals,
    candidates: candidates.map((path) => ({ path, role: "makefile" as const })),
    more: (get) => {
      const found = firstMakefile(candidates, get);
      return found
        ? found.makefile.includes.map(({ path, optional }) => ({ path: inDir(dir, path), role: "makefile" as const, ...(optional ? { optional: true as const } : {}) }))
        : [];
    },
    read: (get) => {
      const found = firstMakefile(candidates, get);
      if (!found) return [];
      const { makefile, path, label } = found;
      const via = `make ${goals.join(" ")} (${path}, ${label})`.replace("make  (", "make (");
      const recipes = recipeLines(makefile, goals);
      const snippets: Snippet[] = [...makefile.parseTime, ...recipes, ...throughShellFlags(makefile, recipes)].map((text) => ({ kind: "shell", text, via }));
      const shell = shellProgramOf(makefile);
      if (shell) snippets.push({ kind: "file", path: shell.startsWith("/") ? shell : inDir(dir, shell.replace(/^\.\//, "")), via: `${via}, as its SHELL` });
      return snippets;
    },
  };
}

/** The first makefile make would read, parsed with the makefiles it includes (those known). */
function firstMakefile(candidates: readonly string[], get: FileLookup): { makefile: Makefile; path: string; label: string } | undefined {
  const dir = (path: string) => (path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : undefined);
  const file = firstKnown(candidates, get);
  if (!file) return undefined;
  const makefile = parseMakefile(file.content, (included) => get(inDir(dir(file.path), included))?.content);
  return { makefile, path: file.path, label: file.label };
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

/** Reads an included makefile's text, when it is known. */
type Include = (path: string) => string | undefined;

function parseMakefile(text: string, include: Include = () => undefined): Makefile {
  const makefile: Makefile = { vars: new Map(Object.entries(MAKE_DEFAULTS)), rules: [], parseTime: [], includes: [] };
  parseInto(makefile, text, include, 0);
  return makefile;
}

function parseInto(makefile: Makefile, text: string, include: Include, depth: number) {
  const { vars, rules } = makefile;
  let current: Rule | undefined;
  let define: { name: string; lines: string[] } | undefined;
  for (const line of withTabRecipes(text)
    .replace(/\\\r?\n[ \t]*/g, " ")
    .split(/\r?\n/)) {
    // `define NAME` … `endef`: a variable of many lines (a template for $(call) and $(eval)).
    if (define) {
      if (/^\s*endef\b/.test(line)) {
        vars.set(define.name, define.lines.join("\n"));
        define = undefined;
      } else define.lines.push(line);
      continue;
    }
    if (line.startsWith("\t")) {
      if (current) current.recipe.push(line.slice(1));
      continue;
    }
    const bare = line.replace(/(?<!\\)#.*$/, "").trimEnd();
    if (bare.trim() === "") continue;
    const opening = /^\s*(?:export\s+|override\s+)?define\s+([A-Za-z_][\w.-]*)/.exec(bare);
    if (opening) {
      define = { name: opening[1]!, lines: [] };
      current = undefined;
      continue;
    }
    const included = /^\s*(-?include|sinclude)\s+(.+)$/.exec(bare);
    if (included) {
      for (const path of expandMake(included[2]!, vars, "", NO_RULE).split(/\s+/).filter(Boolean)) {
        makefile.includes.push({ path, optional: included[1] !== "include" });
        const textOf = depth < MAX_MAKEFILE_INCLUDE_DEPTH ? include(path) : undefined;
        if (textOf !== undefined) parseInto(makefile, textOf, include, depth + 1);
      }
      current = undefined;
      continue;
    }
    const assignment = /^(?:export\s+|override\s+)?(\.?[A-Za-z_][\w.-]*)\s*(\?=|:::?=|::=|:=|\+=|!=|=)\s*(.*)$/.exec(bare);
    if (assignment) {
      const [, name, operator, value] = assignment;
      current = undefined;
      // `!=` runs its value in the shell as make reads the file; `:=` expands its value (and its $(shell …)) then.
      if (operator === "!=") makefile.parseTime.push(expandMake(value!, vars, "", NO_RULE));
      else if (operator !== "=" && operator !== "?=" && operator !== "+=") makefile.parseTime.push(...shellCalls(value!, vars));
      if (operator === "?=" && vars.has(name!) && !(name! in MAKE_DEFAULTS)) continue;
      vars.set(name!, operator === "+=" ? `${vars.get(name!) ?? ""} ${value}`.trim() : operator === "!=" ? "${MAKE_SHELL_OUTPUT}" : value!);
      continue;
    }
    // A line that is only function calls runs them as make reads it: $(eval …) defines rules, $(shell …) runs.
    if (/^\s*\$\(/.test(bare) && !/^\s*\$\([^)]*\)\s*:/.test(bare)) {
      makefile.parseTime.push(...shellCalls(bare, vars));
      const evaluated = /^\s*\$\(eval\s+([\s\S]*)\)\s*$/.exec(bare);
      if (evaluated && depth < MAX_MAKEFILE_INCLUDE_DEPTH) parseInto(makefile, expandMake(evaluated[1]!, vars, "", NO_RULE, 0, true), include, depth + 1);
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
}

const NO_RULE: Rule = { targets: [], prerequisites: [], recipe: [] };

/** The commands of each `$(shell …)` in `text`, its variables put in. */
function shellCalls(text: string, vars: ReadonlyMap<string, string>): string[] {
  const calls: string[] = [];
  for (let at = text.indexOf("$(shell "); at >= 0; at = text.indexOf("$(shell ", at + 1)) {
    let depth = 0;
    for (let end = at + 1; end < text.length; end++) {
      if (text[end] === "(") depth++;
      else if (text[end] === ")" && --depth === 0) {
        calls.push(expandMake(text.slice(at + 8, end), vars, "", NO_RULE));
        break;
      }
    }
  }
  return calls;
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
    if (seen.has(target) || seen.size >= MAX_MAKE_TARGETS_FOLLOWED) return;
    seen.add(target);
    for (const rule of byTarget.get(target) ?? []) {
      for (const prerequisite of rule.prerequisites) visit(expandMake(prerequisite, makefile.vars, target, rule));
      for (const line of rule.recipe) lines.push(expandMake(line.replace(/^[\s@+-]+/, ""), makefile.vars, target, rule));
    }
  };
  for (const goal of start) visit(goal);
  return lines.filter((line) => line.trim() !== "");
}

/**
 * `$(VAR)`, `${VAR}`, `$@`, `$<`, `$^`, `$$`, `$(shell …)` as the shell line will hold them, and `$(call NAME,a,b)`
 * as NAME's value with $(1), $(2) put in. `keepDollars`: for text $(eval) reads again as makefile lines.
 */
function expandMake(text: string, vars: ReadonlyMap<string, string>, target: string, rule: Rule, depth = 0, keepDollars = false): string {
  if (depth > 8) return text;
  return text
    .replace(/\$\$|\$\(([^()]*(?:\([^()]*\)[^()]*)*)\)|\$\{([^{}]*)\}|\$([@<^?*+%])/g, (whole, paren?: string, brace?: string, auto?: string) => {
      if (whole === "$$") return "\u0000";
      if (auto !== undefined)
        return auto === "@" ? target : auto === "<" ? (rule.prerequisites[0] ?? "") : auto === "^" || auto === "+" ? rule.prerequisites.join(" ") : `\${MAKE_AUTO}`;
      const inner = (paren ?? brace ?? "").trim();
      if (inner.startsWith("shell ")) return `$(${expandMake(inner.slice(6), vars, target, rule, depth + 1)})`;
      const call = /^call\s+([^,\s]+)\s*,?([\s\S]*)$/.exec(inner);
      if (call) {
        const args = call[2]!.split(",").map((arg) => arg.trim());
        const body = (vars.get(call[1]!) ?? "").replace(/\$\((\d+)\)|\$(\d)/g, (_, long?: string, short?: string) => args[Number(long ?? short) - 1] ?? "");
        return expandMake(body, vars, target, rule, depth + 1, keepDollars);
      }
      const again = (text: string) => expandMake(text, vars, target, rule, depth + 1, keepDollars);
      const listed = listFunction(inner, again);
      if (listed !== undefined) return listed;
      const value = vars.get(inner);
      if (value !== undefined) return again(value);
      // `$(OBJ:.c=.o)`, `$(SRC:%.c=build/%.o)`: each word of the variable, its ending replaced.
      const reference = /^([A-Za-z_][\w.-]*):([^=]*)=(.*)$/.exec(inner);
      const referenced = reference ? vars.get(reference[1]!) : undefined;
      if (reference && referenced !== undefined)
        return substituted(again(referenced), reference[2]!.includes("%") ? reference[2]! : `%${reference[2]}`, reference[3]!.includes("%") ? reference[3]! : `%${reference[3]}`);
      if (/^\d+$/.test(inner)) return "";
      // make reads the environment as variables: `$(HOME)` is the shell's $HOME.
      if (/^[A-Z_][A-Z0-9_]*$/.test(inner) && ENVIRONMENT.has(inner)) return `\${${inner}}`;
      return `\${MAKE_${inner.replace(/\W+/g, "_").slice(0, 40)}}`;
    })
    .replaceAll("\u0000", keepDollars ? "$$" : "$");
}

/**
 * make's word functions whose result the text shows: `$(wildcard P…)` as the patterns (the shell expands them
 * alike), `$(patsubst A,B,WORDS)`, `$(addprefix P,WORDS)`, `$(addsuffix S,WORDS)`, `$(sort …)`, `$(strip …)`.
 */
function listFunction(inner: string, expand: (text: string) => string): string | undefined {
  const call = /^(wildcard|patsubst|addprefix|addsuffix|sort|strip)\s+([\s\S]*)$/.exec(inner);
  if (!call) return undefined;
  const args = call[2]!.split(",");
  switch (call[1]) {
    case "wildcard":
    case "sort":
    case "strip":
      return words(expand(call[2]!)).join(" ");
    case "patsubst":
      return args.length === 3 ? substituted(expand(args[2]!), args[0]!.trim(), args[1]!.trim()) : undefined;
    case "addprefix":
      return args.length === 2
        ? words(expand(args[1]!))
            .map((word) => `${args[0]!.trim()}${word}`)
            .join(" ")
        : undefined;
    case "addsuffix":
      return args.length === 2
        ? words(expand(args[1]!))
            .map((word) => `${word}${args[0]!.trim()}`)
            .join(" ")
        : undefined;
    default:
      return undefined;
  }
}

function words(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

/** Each word matching `from` (one `%` standing for any stem) rewritten as `to`; the others as they are. */
function substituted(text: string, from: string, to: string): string {
  const at = from.indexOf("%");
  const [head, tail] = at < 0 ? [from, ""] : [from.slice(0, at), from.slice(at + 1)];
  return words(text)
    .map((word) => {
      if (at < 0) return word === from ? to : word;
      if (!word.startsWith(head) || !word.endsWith(tail) || word.length < head.length + tail.length) return word;
      return to.replace("%", word.slice(head.length, word.length - tail.length));
    })
    .join(" ");
}

/** Environment variables a makefile reads as its own when it does not set them (the guard knows what they hold). */
const ENVIRONMENT = new Set(["HOME", "USER", "PWD", "TMPDIR", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME"]);

/** Recipe lines run through a SHELL the makefile set to a file (`SHELL := ./tools/run.sh`): that file runs each of them. */
const SHELLS = /^(?:\/usr\/bin\/env\s+)?(?:\/(?:usr\/)?(?:local\/)?bin\/)?(?:sh|bash|zsh|dash|ksh|mksh|fish)(?:\s|$)/;

/** .SHELLFLAGS make passes its SHELL before every recipe line, as GNU make's default `-c` and its usual variants are. */
const PLAIN_SHELL_FLAGS = /^(?:-[a-z]*c|-[a-z]*\s+-c|-[a-z]*o\s+pipefail\s+-[a-z]*c|-e\s+-u\s+-o\s+pipefail\s+-c)$/;

/**
 * A makefile that sets .SHELLFLAGS runs every recipe line as `$(SHELL) $(.SHELLFLAGS) 'line'`: flags that hold code
 * (`.SHELLFLAGS := -c 'rm -rf ~; sh -c "$$0"'`) run it before each line, so each line is judged as that command too.
 */
function throughShellFlags(makefile: Makefile, recipes: readonly string[]): string[] {
  const value = makefile.vars.get(".SHELLFLAGS");
  if (value === undefined) return [];
  const flags = expandMake(value, makefile.vars, "", NO_RULE).trim();
  if (flags === "" || PLAIN_SHELL_FLAGS.test(flags)) return [];
  const shell = expandMake(makefile.vars.get("SHELL") ?? "/bin/sh", makefile.vars, "", NO_RULE).trim() || "/bin/sh";
  return (recipes.length > 0 ? recipes : [":"]).map((line) => `${shell} ${flags} ${shellWord(line)}`);
}

function shellProgramOf(makefile: Makefile): string | undefined {
  const value = makefile.vars.get("SHELL");
  if (value === undefined) return undefined;
  const expanded = expandMake(value, makefile.vars, "", NO_RULE).trim();
  return SHELLS.test(expanded) || expanded === "" ? undefined : expanded.split(/\s+/)[0];
}

// ─── justfile ─────────────────────────────────────────────────────────────

const JUST_VALUE_OPTIONS = new Set(["-f", "--justfile", "-d", "--working-directory", "--set", "--shell", "--dotenv-filename", "--dotenv-path", "--chooser", "--command-color"]);

function justfileRun(command: SimpleCommand): ProjectRun {
  const named = optionValue(command.args, ["-f"], ["--justfile"]);
  const candidates = named ? [named] : ["justfile", "Justfile", ".justfile"];
  const goals = goalsOf(command.args, JUST_VALUE_OPTIONS);
  return {
    what: `just ${goals.join(" ")}`.trim(),
    targets: goals,
    candidates: candidates.map((path) => ({ path, role: "justfile" as const })),
    read: (get) => {
      const file = firstKnown(candidates, get);
      return file ? justRecipes(file.content, goals).map((text): Snippet => ({ kind: "shell", text, via: `just ${goals.join(" ")} (${file.path}, ${file.label})` })) : [];
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
    if (!recipe || seen.has(name) || seen.size >= MAX_MAKE_TARGETS_FOLLOWED) return;
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
