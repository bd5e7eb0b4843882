// Which of a Gradle build file's calls a command runs, when the file says:
// the calls inside a task's block run when that task runs (`commandLine`
// of an Exec task, an `exec { }` in doLast), and a task runs when it is
// asked for or reached from one through `dependsOn` / `finalizedBy`. What
// is outside every task block runs whenever Gradle configures the build,
// as does a `.execute()` or `exec { }` in the configuring block of a task
// created eagerly (`task x { … }`, `tasks.create`). A goal Gradle defines
// itself (`build`, `test`) reaches, beyond what the file hooks onto it,
// every task the file hooks onto any of Gradle's own tasks, since their
// graph is not in the file. When the file wires tasks in ways not read
// here (`tasks.withType`, `configureEach`, `afterEvaluate`, a task name
// or dependency only known at run time), undefined: the caller judges every
// call in the file.

/** Constructs that wire tasks or run code in ways this reading does not follow. */
const UNFOLLOWED =
  /\b(?:withType|configureEach|afterEvaluate|beforeEvaluate|allprojects|subprojects|taskGraph|whenTaskAdded|whenReady|matching|projectsEvaluated|settingsEvaluated)\b|\.all\s*\{|tasks\.(?:register|create|named|getByName|maybeCreate)\s*(?:<[^>]*>)?\s*\(\s*[^"'\s)]/;

type GradleTask = { name: string; body: string; eager: boolean; user: boolean; after: string[] };

const HEADERS: ReadonlyArray<{ pattern: RegExp; eager: boolean; user: boolean }> = [
  { pattern: /tasks\.(register|create|maybeCreate)\s*(?:<[^>]*>)?\s*\(\s*["']([\w-]+)["'][^)]{0,300}\)\s*(?:\.configure\s*)?/g, eager: false, user: true },
  { pattern: /tasks\.(named|getByName)\s*(?:<[^>]*>)?\s*\(\s*["']([\w-]+)["'][^)]{0,300}\)\s*(?:\.configure\s*)?/g, eager: false, user: false },
  { pattern: /(^|\n)[ \t]*(task)\s*\(?\s*["']?([\w-]+)["']?\s*(?:\([^)\n]{0,300}\))?\s*\)?[ \t]*/g, eager: true, user: true },
  { pattern: /\bval\s+(\w+)\s+by\s+tasks\.(registering|creating|existing)\s*(?:\([^)\n]{0,300}\))?\s*/g, eager: false, user: true },
];

/** The calls `goals` run, or undefined when the file is not one this reading can follow. */
export function gradleTaskCalls(text: string, goals: readonly string[], calls: (text: string) => string[]): string[] | undefined {
  if (UNFOLLOWED.test(text)) return undefined;
  const tasks = new Map<string, GradleTask>();
  const blanked = text.split("");
  for (const header of HEADERS) {
    for (const match of text.matchAll(header.pattern)) {
      const name = header.pattern === HEADERS[2]!.pattern ? match[3]! : header.pattern === HEADERS[3]!.pattern ? match[1]! : match[2]!;
      const open = match.index + match[0].length;
      const eager = header.eager || match[1] === "create" || match[1] === "maybeCreate" || match[2] === "creating";
      const task = tasks.get(name) ?? { name, body: "", eager: false, user: false, after: [] };
      task.eager ||= eager;
      task.user ||= header.user && match[1] !== "existing" && match[2] !== "existing";
      if (text[open] === "{") {
        const close = closingBrace(text, open);
        if (close < 0) return undefined;
        task.body += `${text.slice(open + 1, close)}\n`;
        for (let at = open; at <= close; at++) blanked[at] = text[at] === "\n" ? "\n" : " ";
      }
      tasks.set(name, task);
    }
  }
  if (tasks.size === 0) return undefined;
  const outside = blanked.join("");
  // Outside the blocks only `NAME.dependsOn X` / `NAME.finalizedBy X` is read; any other wiring there is not followed.
  const wired = [...outside.matchAll(/\b(\w+)\.(?:dependsOn|finalizedBy)\s*\(?([^\n;]*)/g)];
  if (wired.length !== (outside.match(/\b(?:dependsOn|finalizedBy)\b/g) ?? []).length) return undefined;
  for (const match of wired) {
    const targets = taskNames(match[2]!);
    if (!targets) return undefined;
    const task = tasks.get(match[1]!) ?? { name: match[1]!, body: "", eager: false, user: false, after: [] };
    task.after.push(...targets);
    tasks.set(task.name, task);
  }
  for (const task of tasks.values()) {
    for (const match of task.body.matchAll(/\b(?:dependsOn|finalizedBy)\s*(?:=\s*)?\(?([^\n;]*)/g)) {
      const targets = taskNames(match[1]!);
      if (!targets) return undefined;
      task.after.push(...targets);
    }
  }
  const reached = reach(tasks, goals);
  const out = [...calls(outside)];
  for (const task of tasks.values()) {
    if (reached.has(task.name)) out.push(...calls(task.body));
    else if (task.eager) out.push(...configuringCalls(task.body, calls));
  }
  return out;
}

/** Task names in a dependsOn list: string literals and bare names (`compileJava`, `tasks.named("x")`); undefined for anything else. */
function taskNames(text: string): string[] | undefined {
  const cleaned = text.replace(/\)\s*$/, "").trim();
  if (cleaned === "") return [];
  const names: string[] = [];
  for (const part of cleaned.split(",")) {
    const word = part
      .trim()
      .replace(/^\[|\]$/g, "")
      .trim();
    const literal = /^["':]?([\w-]+)["']?$/.exec(word) ?? /^tasks\.(?:named|getByName)\s*\(\s*["']([\w-]+)["']\s*\)?$/.exec(word);
    if (!literal) return undefined;
    names.push(literal[1]!);
  }
  return names;
}

/** The tasks the goals run: asked for by name or camel-case abbreviation, and what they reach. */
function reach(tasks: ReadonlyMap<string, GradleTask>, goals: readonly string[]): Set<string> {
  const start: string[] = [];
  let builtIn = false;
  for (const written of goals) {
    const goal = written.slice(written.lastIndexOf(":") + 1);
    const own = [...tasks.values()].filter((task) => task.user && (task.name === goal || abbreviates(goal, task.name)));
    if (own.length > 0) start.push(...own.map((task) => task.name));
    else {
      builtIn = true;
      start.push(goal);
    }
  }
  // Gradle's own tasks depend on one another in ways the file does not show: all of them may run.
  if (builtIn) for (const task of tasks.values()) if (!task.user) start.push(task.name);
  const reached = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (reached.has(name)) continue;
    reached.add(name);
    for (const next of tasks.get(name)?.after ?? []) queue.push(next);
  }
  return reached;
}

/** Gradle's abbreviations: `cJ` for compileJava, each camel-case part a prefix. */
function abbreviates(goal: string, name: string): boolean {
  const parts = goal.split(/(?=[A-Z])/);
  const words = name.split(/(?=[A-Z])/);
  return parts.length <= words.length && parts.every((part, index) => words[index]!.toLowerCase().startsWith(part.toLowerCase()));
}

/** In an eagerly created task's configuring block, what runs at once: `"…".execute()` and `exec { }` outside doFirst/doLast. */
function configuringCalls(body: string, calls: (text: string) => string[]): string[] {
  let text = body;
  for (const match of body.matchAll(/\b(?:doFirst|doLast)\s*\{/g)) {
    const open = match.index + match[0].length - 1;
    const close = closingBrace(body, open);
    if (close > open) text = text.slice(0, open) + " ".repeat(close - open + 1) + text.slice(close + 1);
  }
  const pieces = [...text.matchAll(/(["'])(?:(?!\1)[^\\\n]|\\.)*\1\s*\.execute\(\)/g)].map((match) => match[0]);
  for (const match of text.matchAll(/\b(?:project\.)?exec\s*\{/g)) {
    const open = match.index + match[0].length - 1;
    const close = closingBrace(text, open);
    pieces.push(close > open ? text.slice(open + 1, close) : text.slice(open + 1));
  }
  return pieces.length === 0 ? [] : calls(pieces.join("\n"));
}

function closingBrace(text: string, open: number): number {
  let depth = 0;
  for (let at = open; at < text.length; at++) {
    const char = text[at]!;
    if (char === '"' || char === "'") {
      const end = text.indexOf(char, at + 1);
      if (end < 0) return -1;
      at = end;
      continue;
    }
    if (char === "{") depth++;
    else if (char === "}" && --depth === 0) return at;
  }
  return -1;
}
