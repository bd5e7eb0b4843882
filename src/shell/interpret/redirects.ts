// Redirects: files read and written (never operands of the command), a
// heredoc or here-string as known stdin text, `< file` as stdin from a file,
// `/dev/tcp/host/port` as a connection, `2>&1` as nothing at all.
import type { Redirection, Word } from "unbash";
import { type Field, singleValue } from "../expand/field.ts";
import { expandToValue, expandWord, type WordEnvironment } from "../expand/words.ts";
import type { Analysis } from "./analysis.ts";
import type { RedirectTarget } from "./run-context.ts";
import type { Stdin } from "./state.ts";

export type RedirectFacts = { targets: RedirectTarget[]; stdin?: Stdin };

export function readRedirects(redirections: readonly Redirection[], env: WordEnvironment, analysis: Analysis): RedirectFacts {
  const facts: RedirectFacts = { targets: [] };
  for (const redirection of redirections) {
    analysis.charge();
    switch (redirection.type) {
      case "HereDoc":
        facts.stdin = { kind: "text", text: heredocText(redirection, env), sources: [] };
        break;
      case "HereString": {
        if (!redirection.target) break;
        const value = expandToValue(redirection.target, env);
        facts.stdin =
          value.known && value.values.length === 1
            ? { kind: "text", text: `${value.values[0]}\n`, sources: value.sources }
            : { kind: "pipe", sources: value.sources, remote: false };
        break;
      }
      case "Redirect":
        readFileRedirect(redirection, env, facts);
        break;
    }
  }
  return facts;
}

function readFileRedirect(redirect: Extract<Redirection, { type: "Redirect" }>, env: WordEnvironment, facts: RedirectFacts) {
  const target = redirect.target;
  if (!target) return;
  const operator = redirect.operator;
  // `2>&1`, `>&-`, `<&3`: a file descriptor, not a file.
  if ((operator === ">&" || operator === "<&") && /^(?:\d+-?|-)$/.test(target.value)) {
    // `bash <&3` after `exec 3<<<…` or `exec 3< <(curl …)`: stdin from a descriptor the input opened; the guard does
    // not follow descriptors, so a program reading code from it reads what only the run knows (issue 26).
    if (operator === "<&" && /^(?:[3-9]|\d\d+)-?$/.test(target.value) && isStdin(redirect)) facts.stdin = { kind: "pipe", sources: [], remote: false };
    return;
  }
  const field = targetField(target, env);
  if (operator === "<") {
    facts.targets.push({ direction: "read", field });
    const path = singleValue(field);
    facts.stdin = path === undefined ? { kind: "pipe", sources: field.sources, remote: false } : { kind: "file", path };
    return;
  }
  if (operator === "<>") facts.targets.push({ direction: "read", field });
  const append = operator === ">>" || operator === "&>>" ? { append: true as const } : {};
  facts.targets.push(takesStdout(redirect, field) ? { direction: "write", field, stdout: true, ...append } : { direction: "write", field, ...append });
}

/** Whether a redirection is of the standard input (no descriptor written, or 0). */
function isStdin(redirect: Extract<Redirection, { type: "Redirect" }>): boolean {
  const descriptor = redirect.descriptor;
  return descriptor === undefined || (descriptor.type === "FileDescriptor" && descriptor.value === 0);
}

/** Where the terminal (the tool's result) still gets what is written. */
const TERMINAL = new Set(["/dev/stdout", "/dev/stderr", "/dev/tty", "/dev/fd/1", "/dev/fd/2"]);

/** `> f`, `1>> f`, `&> f`: the command's standard output goes into a file, not to the tool's result. */
function takesStdout(redirect: Extract<Redirection, { type: "Redirect" }>, field: Field): boolean {
  if (redirect.operator === "<>") return false;
  const descriptor = redirect.descriptor;
  const fd = descriptor === undefined ? 1 : descriptor.type === "FileDescriptor" ? descriptor.value : undefined;
  if (fd !== 1 && !(descriptor === undefined && (redirect.operator === "&>" || redirect.operator === "&>>"))) return false;
  return field.known && field.values.length > 0 && field.values.every((value) => !TERMINAL.has(value));
}

function targetField(target: Word, env: WordEnvironment): Field {
  const fields = expandWord(target, env);
  if (fields.length === 1) return fields[0]!;
  // `> $X` with X empty or several words is an "ambiguous redirect" in bash; judged as unknown.
  return { text: target.text, values: fields.flatMap((field) => field.values), known: false, pattern: false, sources: fields.flatMap((field) => field.sources) };
}

/** The text a heredoc feeds: literal when its delimiter is quoted, expanded (substitutions run) otherwise. */
function heredocText(heredoc: Extract<Redirection, { type: "HereDoc" }>, env: WordEnvironment): string {
  const body = heredoc.body;
  if (heredoc.delimiter?.quoted || !body.parts || body.parts.length === 0) return body.text;
  const value = expandToValue({ type: "Word", text: body.text, value: body.text, pos: body.pos, end: body.end, parts: body.parts }, env);
  return value.known && value.values.length === 1 ? value.values[0]! : body.text;
}
