// Clojure's ways to start a program, read from its source: a test namespace,
// a Leiningen project or profile's `:injections`, a babashka script (`bb
// x.clj`, `bb -e …`) or bb.edn task. Only the calls whose words are string
// literals are commands anyone can see.
import type { CodeReading } from "./code.ts";
import { shellQuote } from "./quote.ts";

/** A Clojure or babashka script as the commands it runs: clojure.java.shell's and babashka.process's calls. */
export function readClojure(text: string): CodeReading {
  const code = withoutComments(text);
  const lines = [...new Set([...clojureCommands(code), ...clojureShellForms(code)])];
  return { lines: lines.map((line) => ({ line, label: "clojure process call" })), unresolved: [] };
}

/** The code with each `;` comment cut (a `;` inside a string is the string's). */
function withoutComments(text: string): string {
  return text.replace(/"(?:[^"\\]|\\.)*"|;[^\n]*/g, (match) => (match.startsWith(";") ? "" : match));
}

/**
 * Clojure's ways to start a program, as argv: clojure.java.shell's `(sh "prog" "arg" …)` (its `:dir`, `:env`, `:in`
 * options and their values left out) and `(.exec (Runtime/getRuntime) "prog arg")`, which splits on spaces. An
 * argument that is not a string literal is a value only the run knows.
 */
export function clojureCommands(content: string): string[] {
  const code = content.replace(/;[^\n"]*$/gm, "");
  const commands: string[] = [];
  for (const call of code.matchAll(/\((?:clojure\.java\.shell\/sh|[\w.-]+\/sh|sh)\s+((?:"(?:[^"\\]|\\.)*"|[^()"])*?)\)/g)) {
    const words: string[] = [];
    let option = false;
    for (const token of call[1]!.matchAll(/"((?:[^"\\]|\\.)*)"|(\S+)/g)) {
      if (option) {
        option = false;
        continue;
      }
      if (token[2]?.startsWith(":")) {
        option = true;
        continue;
      }
      words.push(token[1] !== undefined ? shellQuote(token[1].replace(/\\(.)/g, "$1")) : '"$CLJ_VALUE"');
    }
    if (words.length > 0) commands.push(words.join(" "));
  }
  for (const call of code.matchAll(/\(\.exec\s+\(Runtime\/getRuntime\)\s+"((?:[^"\\]|\\.)*)"\s*\)/g))
    commands.push(call[1]!.replace(/\\(.)/g, "$1").trim().split(/\s+/).map(shellQuote).join(" "));
  return commands;
}

/** Clojure `(shell "cmd")`, `(shell {:dir "x"} "sh" "-c" "…")`, `(process …)`: one string is a command line, more an argv. */
export function clojureShellForms(content: string): string[] {
  const found: string[] = [];
  for (const match of content.matchAll(/\((?:shell|process|babashka\.process\/shell|p\/shell|sh)\s+/g)) {
    let rest = content.slice(match.index + match[0].length, match.index + match[0].length + 4096);
    if (rest.startsWith("{")) rest = rest.slice(rest.indexOf("}") + 1);
    const strings: string[] = [];
    for (const item of rest.matchAll(/\s*"((?:[^"\\]|\\.)*)"/gy)) strings.push(item[1]!.replace(/\\(["\\])/g, "$1"));
    if (strings.length === 1) found.push(strings[0]!);
    else if (strings.length > 1) found.push(strings.map(shellQuote).join(" "));
  }
  return found;
}
