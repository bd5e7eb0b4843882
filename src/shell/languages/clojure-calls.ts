// Clojure's ways to start a program, read from its source: a test namespace,
// a Leiningen project or profile's `:injections`. Only the calls whose words
// are string literals are commands anyone can see.
import { shellQuote } from "./quote.ts";

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
