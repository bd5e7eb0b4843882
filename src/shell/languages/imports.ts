// Code rewritten so the call table sees calls under their full names:
// Python's `import subprocess as sp`, `from os import system as run_it`,
// `__import__("subprocess")` and `importlib.import_module("os")` name the
// module's functions by other names; Perl's `qw(…)` and Ruby's `%w[…]` write
// a list of words without quotes; Perl's `exec { PROG } ARGV0, ARGS` names
// the program apart from its argument list. Each becomes the spelling the
// table knows (`subprocess.run(…)`, `["rm", "-rf", …]`, `exec PROG, ARGS`);
// Deno's `Command` and `run` take their argument list inside an options object.
// Only names the code itself binds are rewritten; anything else stays.

const IDENTIFIER = String.raw`[A-Za-z_]\w*`;
const MODULE = String.raw`[A-Za-z_][\w.]*`;

export function resolveImports(language: string, code: string): string {
  if (language === "python") return resolvePython(code);
  if (language === "perl") return resolvePerl(code);
  if (language === "ruby") return literalSends(wordLists(code, "%w"));
  if (language === "node") return literalMembers(resolveNode(resolveDeno(code)));
  if (language === "php") return phpCallables(code);
  if (language === "rust") return rustCommands(rustLists(code));
  // `exec.CommandContext(ctx, "rm", …)`: the context comes before the words, which are exec.Command's.
  if (language === "go") return goLists(goImports(code)).replace(/\bexec\.CommandContext\s*\(\s*[^,()]+(?:\([^()]*\))?\s*,/g, "exec.Command(");
  if (language === "ocaml") return ocamlExecs(code);
  // Julia's keyword arguments follow a `;` inside the call (`rm(path; recursive=true)`): read as the others are.
  if (language === "julia") return code.replace(/;(\s*[A-Za-z_]\w*\s*=(?!=))/g, ",$1");
  if (language === "csharp") return csharpStarts(jvmArrays(code));
  if (JVM_ARRAYS.has(language)) return jvmArrays(code);
  if (language === "swift") return swiftProcesses(code);
  return code;
}

// ─── Swift ────────────────────────────────────────────────────────────────

/**
 * Foundation's Process is set up by assignments and started later: `let p = Process()`, `p.executableURL =
 * URL(fileURLWithPath: "/bin/rm")` (or `p.launchPath = "/bin/rm"`), `p.arguments = ["-rf", d]`, `try p.run()` (or
 * `p.launch()`). Each start becomes the one call that says it all, `Process.launchedProcess(launchPath: PROGRAM,
 * arguments: LIST)`, as the call table reads it; a part never assigned stays the property, a value only the run knows.
 */
function swiftProcesses(code: string): string {
  let out = code.replace(/\bURL\s*\(\s*(?:fileURLWithPath|filePath)\s*:\s*("(?:[^"\\]|\\.)*")\s*\)/g, "$1");
  for (const [, name] of code.matchAll(/\b(?:let|var)\s+([A-Za-z_]\w*)\s*(?::\s*Process\s*)?=\s*(?:Foundation\.)?Process\s*\(\s*\)/g)) {
    const program = swiftProperty(out, name!, "(?:executableURL|launchPath)") ?? `${name}.executableURL`;
    const words = swiftProperty(out, name!, "arguments") ?? `${name}.arguments`;
    out = out.replace(new RegExp(String.raw`(?<![\w.])${name}\s*\.\s*(?:run|launch)\s*\(\s*\)`, "g"), `Process.launchedProcess(launchPath: ${program}, arguments: ${words})`);
  }
  return out;
}

/** The value assigned to `NAME.PROPERTY` (a list read to its closing bracket, anything else to the end of its line). */
function swiftProperty(code: string, name: string, property: string): string | undefined {
  const assigned = new RegExp(String.raw`(?<![\w.])${name}\s*\.\s*${property}\s*=\s*`).exec(code);
  if (!assigned) return undefined;
  const from = assigned.index + assigned[0].length;
  if (code[from] === "[") {
    const close = closeOf(code, from);
    return close < 0 ? undefined : code.slice(from, close + 1).replace(/\s+/g, " ");
  }
  const line = /^[^\n;]*/.exec(code.slice(from))![0].trim();
  return line === "" ? undefined : line;
}

// ─── PHP, Rust, OCaml, the JVM languages and C# ──────────────────────────

/**
 * PHP's functions named by a string: `call_user_func('system', $x)` is `system($x)`,
 * `call_user_func_array('passthru', [$x])` is `passthru($x)`, and `array_map('unlink', [$a, $b])` calls unlink on
 * each (`unlink($a); unlink($b)`; a list only the run knows, once on that value).
 */
function phpCallables(code: string): string {
  return code
    .replace(/\bcall_user_func_array\s*\(\s*(['"])(\w+)\1\s*,\s*\[([^\][]*)\]\s*\)/g, "$2($3)")
    .replace(/\bcall_user_func\s*\(\s*(['"])(\w+)\1\s*,\s*/g, "$2(")
    .replace(/\barray_map\s*\(\s*(['"])(\w+)\1\s*,\s*\[([^\][]*)\]\s*\)/g, (_whole, _quote, name: string, items: string) =>
      items
        .split(",")
        .map((item) => item.trim())
        .filter((item) => item !== "")
        .map((item) => `${name}(${item})`)
        .join("; "),
    )
    .replace(/\barray_map\s*\(\s*(['"])(\w+)\1\s*,\s*/g, "$2(");
}

/**
 * Go's packages under another name (`import run "os/exec"`, one line or in an `import (…)` block) are called by
 * the package's own last element (`exec.Command`); os/exec imported into the file's names (`import . "os/exec"`)
 * has its Command called bare. A name bound to some other package is left alone, even one spelt `exec`.
 */
function goImports(code: string): string {
  let out = code;
  for (const declaration of code.matchAll(/\bimport\s*(\([^)]*\)|[^\n]*)/g)) {
    for (const [, alias, path] of declaration[1]!.matchAll(/(?:^|[\s(;])([A-Za-z_]\w*|\.)\s+"([\w./-]+)"/g)) {
      const own = path!.slice(path!.lastIndexOf("/") + 1);
      const known = GO_KNOWN_PACKAGES.has(path!);
      if (alias === ".") {
        if (path === "os/exec") out = out.replace(/(?<![\w.])(Command(?:Context)?)(?=\s*\()/g, "exec.$1");
        continue;
      }
      // A known package under another name is called by its own; another package under a known one's name is not it.
      const to = known ? own : KNOWN_OWN_NAMES.has(alias!) ? `${alias}_` : undefined;
      if (alias === "_" || alias === own || to === undefined) continue;
      out = out.replace(new RegExp(String.raw`(?<![\w.])${alias}\.`, "g"), `${to}.`);
    }
  }
  return out;
}

/** Go's `[]string{"sh", "-c", x}` (syscall.Exec's argv; spread into exec.Command with `...`): a list of words, as the call table reads lists. */
function goLists(code: string): string {
  return code.replace(/\[\]string\s*\{([^{}]*)\}(?:\s*\.\.\.)?/g, "[$1]");
}

/** The standard packages whose calls the Go call table knows by their own name. */
const GO_KNOWN_PACKAGES = new Set(["os/exec", "os", "syscall", "net/http", "net", "io/ioutil"]);
const KNOWN_OWN_NAMES = new Set([...GO_KNOWN_PACKAGES].map((path) => path.slice(path.lastIndexOf("/") + 1)));

/** `&["a", "b"]`, `vec!["a"]`: a list of words, as the call table reads lists. */
function rustLists(code: string): string {
  return code.replace(/(?:&\s*|\bvec!\s*)\[/g, "[");
}

/**
 * `Command::new("sh").arg("-c").arg(x).status()`: std::process::Command gathers its words by a builder chain (or on a
 * variable, `let mut c = Command::new("sh"); c.arg("-c");`); each becomes the call's argument, `Command::new("sh",
 * "-c", x)`, so the table reads the command whole. The chain's other links (env, current_dir, stdout) are dropped.
 */
function rustCommands(code: string): string {
  let out = "";
  let last = 0;
  for (const match of code.matchAll(/\bCommand::new\s*\(/g)) {
    if (match.index < last) continue;
    const open = match.index + match[0].length - 1;
    const close = closeOf(code, open);
    if (close < 0) break;
    const words = [code.slice(open + 1, close).trim()];
    const bound = /\blet\s+(?:mut\s+)?([A-Za-z_]\w*)\s*=\s*(?:std::process::|process::)?$/.exec(code.slice(Math.max(0, match.index - 80), match.index))?.[1];
    const end = builderChain(code, close + 1, words);
    if (bound !== undefined)
      for (const use of code.slice(end).matchAll(new RegExp(String.raw`(?<![\w.])${bound}(?=\s*\.\s*args?\s*\()`, "g"))) builderChain(code, end + use.index + bound.length, words);
    out += `${code.slice(last, match.index)}Command::new(${words.join(", ")})`;
    last = end;
  }
  return out + code.slice(last);
}

/** Reads `.arg(…)` and `.args(…)` links from `from`, adding their texts to `words`; where the chain stops. */
function builderChain(code: string, from: number, words: string[]): number {
  let at = from;
  for (;;) {
    const link = /^\s*\.\s*([a-z_]+)\s*\(/.exec(code.slice(at, at + 200));
    if (!link || ["status", "output", "spawn", "exec"].includes(link[1]!)) return at;
    const open = at + link[0].length - 1;
    const close = closeOf(code, open);
    if (close < 0) return at;
    if (link[1] === "arg" || link[1] === "args") words.push(code.slice(open + 1, close).trim());
    at = close + 1;
  }
}

/** The index of the bracket that closes the one at `open` (strings skipped), or -1. */
function closeOf(code: string, open: number): number {
  let depth = 0;
  for (let index = open; index < code.length; index++) {
    const char = code[index]!;
    if (char === '"') {
      for (index++; index < code.length && code[index] !== '"'; index++) if (code[index] === "\\") index++;
    } else if (char === "(" || char === "[" || char === "{") depth++;
    else if ((char === ")" || char === "]" || char === "}") && --depth === 0) return index;
  }
  return -1;
}

/** `Unix.execvp "rm" [| "rm"; "-rf"; d |]`: OCaml's application and array, as the call `Unix.execvp("rm", ["rm", "-rf", d])`. */
function ocamlExecs(code: string): string {
  return code.replace(
    /\b(Unix\.execvp?|Unix\.create_process)\s+("[^"]*")\s+\[\|([^|]*)\|\]/g,
    (_whole, call: string, program: string, items: string) =>
      `${call}(${program}, [${items
        .split(";")
        .map((item) => item.trim())
        .filter((item) => item !== "")
        .join(", ")}])`,
  );
}

const CSHARP_STRING = String.raw`"((?:[^"\\]|\\.)*)"`;

/**
 * `Process.Start("bash", "-c \"x\"")`, `new ProcessStartInfo { FileName = "bash", Arguments = "…" }`: a program and
 * its arguments as one command line (.NET splits it as a shell would), written as that one line.
 */
function csharpStarts(code: string): string {
  return code
    .replace(new RegExp(String.raw`\b(Process\.Start|new\s+(?:System\.Diagnostics\.)?ProcessStartInfo)\s*\(\s*${CSHARP_STRING}\s*,\s*${CSHARP_STRING}\s*\)`, "g"), '$1("$2 $3")')
    .replace(
      new RegExp(
        String.raw`\bnew\s+(?:System\.Diagnostics\.)?ProcessStartInfo\s*(?:\(\s*\))?\s*\{[^{}]*?\bFileName\s*=\s*${CSHARP_STRING}[^{}]*?\bArguments\s*=\s*${CSHARP_STRING}[^{}]*\}`,
        "g",
      ),
      'new ProcessStartInfo("$1 $2")',
    );
}

/** Languages that write an array of words as `new String[]{…}` (C#: `new[] {…}`, `new string[] {…}`). */
const JVM_ARRAYS: ReadonlySet<string> = new Set(["java", "groovy", "kotlin", "scala", "csharp"]);

/** `new String[]{"sh", "-c", x}` → `["sh", "-c", x]`. */
function jvmArrays(code: string): string {
  return code.replace(/\bnew\s+(?:(?:java\.lang\.)?String|string)?\s*\[\s*\]\s*\{([^{}]*)\}/g, "[$1]");
}

/** The names a Python program binds by importing (`import os`, `from pathlib import Path`): modules, or what modules hold. */
export function importedNames(language: string, code: string): ReadonlySet<string> {
  const names = new Set<string>();
  if (language !== "python") return names;
  for (const statement of code.matchAll(/^[ \t]*(?:from[ \t]+[\w.]+[ \t]+)?import[ \t]+\(?([^\n;)]+)/gm)) {
    for (const part of statement[1]!.split(",")) {
      const name = /(\w+)\s*$/.exec(
        part
          .trim()
          .split(".")[0]!
          .replace(/^.*\bas\s+/, ""),
      )?.[1];
      if (name) names.add(name);
    }
  }
  // `o = os`, `b = __builtins__`: another name for a module is that module.
  for (const alias of code.matchAll(/(?:^|[;\n])[ \t]*(\w+)[ \t]*=[ \t]*([A-Za-z_]\w*)[\w.]*[ \t]*(?=$|[;\n])/g)) {
    if (names.has(alias[2]!) || MODULES_WITHOUT_IMPORT.has(alias[2]!)) names.add(alias[1]!);
  }
  return names;
}

/** Modules a Python program holds without importing them. */
const MODULES_WITHOUT_IMPORT: ReadonlySet<string> = new Set(["__builtins__", "__import__"]);

/** `obj["execSync"]`: a member named by a literal is that member (`obj.execSync`), so the call table sees it. */
function literalMembers(code: string): string {
  // After a keyword (`for (const d of ["out"])`, `return ["x"]`) the brackets are a list, not a member.
  return code.replace(
    /(?<![\w$])(of|in|return|yield|await|case|typeof|void|delete|throw|else|do)(\s*\[)|([\w$)\]])\s*\[\s*(['"`])([A-Za-z_$][\w$]*)\4\s*\]/g,
    (whole, keyword?: string, _bracket?: string, receiver?: string, _quote?: string, name?: string) => (keyword !== undefined ? whole : `${receiver}.${name}`),
  );
}

/** Ruby's `send(:system, "x")`, `public_send("system", …)`: the method named by a literal, called directly. */
function literalSends(code: string): string {
  return code.replace(/\b(?:public_send|__send__|send)\s*(\(?)\s*(?::|(['"]))([A-Za-z_]\w*[?!]?)\2?\s*(?:,\s*|(?=\)))/g, (_whole, paren: string, _quote, name: string) =>
    paren ? `${name}(` : `${name} `,
  );
}

/**
 * `require("https").get(…)`, `const h = require("node:https")`, `import * as cp from "child_process"`,
 * `const { exec: run } = require("child_process")`: the module's functions by the module's name.
 */
function resolveNode(code: string): string {
  const modules = new Map<string, string>();
  const functions = new Map<string, string>();
  // A module name in quotes; `quote` is the number of the group that opens them, for the backreference.
  const module = (quote: number) => `${String.raw`\(?\s*(['"])(?:node:)?([\w/-]+)`}\\${quote}${String.raw`\s*\)?`}`;
  for (const bound of code.matchAll(
    new RegExp(
      String.raw`\b(?:const|let|var)\s+(${IDENTIFIER})\s*=\s*(?:await\s+)?(?:require|import)\s*${module(2)}|\bimport\s+(?:\*\s+as\s+)?(${IDENTIFIER})\s+from\s+${module(5)}`,
      "g",
    ),
  )) {
    const [alias, given] = bound[1] !== undefined ? [bound[1], bound[3]!] : [bound[4]!, bound[6]!];
    const name = given.replaceAll("/", ".");
    if (alias !== name) modules.set(alias, name);
  }
  for (const bound of code.matchAll(
    new RegExp(String.raw`\b(?:const|let|var)\s*\{([^}]*)\}\s*=\s*(?:await\s+)?(?:require|import)\s*${module(2)}|\bimport\s*\{([^}]*)\}\s*from\s+${module(5)}`, "g"),
  )) {
    const [names, given] = bound[1] !== undefined ? [bound[1], bound[3]!] : [bound[4]!, bound[6]!];
    // `fs/promises` is `fs.promises` (`import { rm } from "node:fs/promises"`), as the call table names it.
    const name = given.replaceAll("/", ".");
    for (const part of names.split(",")) {
      const binding = new RegExp(String.raw`^\s*(${IDENTIFIER})(?:\s*(?::|as)\s*(${IDENTIFIER}))?\s*$`).exec(part);
      if (binding) functions.set(binding[2] ?? binding[1]!, `${name}.${binding[1]}`);
    }
  }
  const text = code.replace(/\brequire\s*\(\s*(['"])(?:node:)?([\w-]+)\1\s*\)/g, "$2");
  return renamed(text, modules, functions);
}

/** `new Deno.Command("rm", { args: [...] })`, `Deno.run({ cmd: [...] })`: the program and its list as arguments. */
function resolveDeno(code: string): string {
  return code
    .replace(/\bDeno\.Command\s*\(\s*([^,()]+?)\s*,\s*\{[^{}]*?\bargs\s*:\s*(\[[^\]]*\])[^{}]*\}\s*\)/g, "Deno.Command($1, $2)")
    .replace(/\bDeno\.run\s*\(\s*\{[^{}]*?\bcmd\s*:\s*(\[[^\]]*\])[^{}]*\}\s*\)/g, "Deno.run($1)");
}

function resolvePython(code: string): string {
  // `__import__("os").system(…)`, `importlib.import_module('subprocess').run(…)`: the module by its name;
  // `sys.modules["os"]`, `globals()["os"]`, `__builtins__.__dict__["exec"]`: the name; `getattr(os, "system")`: os.system.
  const text = code
    .replace(/\b(?:__import__|importlib\.import_module)\s*\(\s*(['"])([\w.]+)\1\s*\)/g, "$2")
    .replace(/(?:\bsys\.modules|(?<![\w.])(?:globals|locals)\s*\(\s*\)|\b(?:__builtins__|builtins)(?:\.__dict__)?)\s*\[\s*(['"])([\w.]+)\1\s*\]/g, "$2")
    .replace(/(?<![\w.])getattr\s*\(\s*([\w.]+)\s*,\s*(['"])(\w+)\2\s*\)/g, "$1.$3");
  const modules = new Map<string, string>();
  const functions = new Map<string, string>();
  // `import subprocess as sp, os.path as p`
  for (const statement of text.matchAll(/^[ \t]*import[ \t]+([^\n;]+)/gm)) {
    for (const part of statement[1]!.split(",")) {
      const alias = new RegExp(String.raw`^\s*(${MODULE})\s+as\s+(${IDENTIFIER})\s*$`).exec(part);
      if (alias && alias[1] !== alias[2]) modules.set(alias[2]!, alias[1]!);
    }
  }
  // `from subprocess import run, Popen as P`
  for (const statement of text.matchAll(new RegExp(String.raw`^[ \t]*from[ \t]+(${MODULE})[ \t]+import[ \t]+\(?([^\n;)]+)`, "gm"))) {
    for (const part of statement[2]!.split(",")) {
      const name = new RegExp(String.raw`^\s*(${IDENTIFIER})(?:\s+as\s+(${IDENTIFIER}))?\s*$`).exec(part);
      if (name) functions.set(name[2] ?? name[1]!, `${statement[1]}.${name[1]}`);
    }
  }
  return renamed(text, modules, functions);
}

/**
 * Every bound name replaced in one pass each, however many the code binds: `alias.` by `module.` and a call
 * `name(` by `module.function(` — never after a dot or inside a longer name.
 */
function renamed(text: string, modules: ReadonlyMap<string, string>, functions: ReadonlyMap<string, string>): string {
  let out = text;
  if (modules.size > 0) out = out.replace(new RegExp(String.raw`(?<![\w.$])(${[...modules.keys()].join("|")})(?=\s*[.[])`, "g"), (_whole, alias: string) => modules.get(alias)!);
  if (functions.size > 0) out = out.replace(new RegExp(String.raw`(?<![\w.$])(${[...functions.keys()].join("|")})(?=\s*\()`, "g"), (_whole, name: string) => functions.get(name)!);
  return out;
}

function resolvePerl(code: string): string {
  const text = wordLists(code, "qw");
  // `exec { "/bin/rm" } "rm", "-rf", …`: the block names the program; the list's first word is only its name for itself.
  const first = String.raw`(?:'[^']*'|"[^"]*"|\$\w+|\w+)`;
  return text.replace(
    new RegExp(String.raw`\b(system|exec)\s*\{([^{}]*)\}\s*\(?\s*${first}\s*(?:,|(?=[;)]|$))`, "g"),
    (_whole, call: string, program: string) => `${call} ${program.trim()}, `,
  );
}

const CLOSERS: Readonly<Record<string, string>> = { "(": ")", "[": "]", "{": "}", "<": ">" };

/** `qw(rm -rf x)`, `%w[rm -rf x]` → `["rm", "-rf", "x"]`. */
function wordLists(code: string, prefix: string): string {
  const pattern = new RegExp(String.raw`${prefix === "%w" ? "%[wW]" : String.raw`\bqw`}\s*([(\[{<\/|!])`, "g");
  let out = "";
  let last = 0;
  for (const match of code.matchAll(pattern)) {
    if (match.index < last) continue;
    const open = match[1]!;
    const start = match.index + match[0].length;
    const end = code.indexOf(CLOSERS[open] ?? open, start);
    if (end < 0) break;
    const words = code
      .slice(start, end)
      .trim()
      .split(/\s+/)
      .filter((word) => word !== "");
    out += `${code.slice(last, match.index)}[${words.map((word) => JSON.stringify(word)).join(", ")}]`;
    last = end + 1;
  }
  return out + code.slice(last);
}
