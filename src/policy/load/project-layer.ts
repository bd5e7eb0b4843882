// The project layer: `.synaps/policy.toml` in the project root, a file that
// came with a repository the person may have cloned a minute ago. It is
// untrusted input, so it may only add protection:
//
// - its rules may block, confirm, redact or withhold — never allow (an allow
//   lets through what an allow-list default stops), modify (a rewrite would
//   run a command nobody asked for) or inject (a cloned repository must not
//   be able to talk to the model through the guard);
// - no [defaults] (project_roots included), [shell] or [programs]: they
//   change what the other layers' rules mean and how commands are read;
// - no file includes (a repository could point at any file on the disk);
//   built-in packs are fine;
// - its overrides may tighten any rule, never loosen one it did not bring in
//   itself (overrides.ts);
// - text it gives the person (descriptions, reasons, messages) is stripped of control
//   characters, so it cannot drive the terminal the host draws on.
//
// What is refused is dropped with a warning naming it; the rest applies. A
// project file that cannot be used at all is skipped with a warning (the
// loader's caller does that), never failed closed: otherwise any repository
// could block every call by shipping a broken file.
import { join } from "node:path";
import type { PolicyNode } from "./includes.ts";
import type { PolicyFile, RuleDecision } from "../format/schema.ts";
import type { PolicyProblem } from "../format/source.ts";

/** Where a project keeps its policy, relative to the project root: beside the host's own `.synaps/plugins/`. */
const PROJECT_POLICY_PATH = ".synaps/policy.toml";

export function projectPolicyFile(root: string): string {
  return join(root, PROJECT_POLICY_PATH);
}

/** Decisions that would let a call through, change it, or speak to the model: not a project's to make. */
const REFUSED_DECISIONS: ReadonlySet<RuleDecision> = new Set<RuleDecision>(["allow", "modify", "inject"]);

const WHY_REFUSED: Partial<Record<RuleDecision, string>> = {
  allow: "an allow rule lets through what your defaults would stop",
  modify: "a modify rule would run a command nobody asked for",
  inject: "an inject rule would let the repository talk to the model through the guard",
};

/**
 * The project's file with what it may not do removed, and a warning for each thing removed.
 * `defaults`: what calls get (the user's, floored); the project's tests are judged with them.
 */
export function confineProject(node: PolicyNode, defaults: PolicyFile["defaults"]): { node: PolicyNode; warnings: PolicyProblem[] } {
  const warnings: PolicyProblem[] = [];
  const file = node.part.source;
  const refuse = (path: Array<string | number>, where: string, message: string) => warnings.push({ file, position: node.locate(path), where, message: `${message}; ignored` });
  const written = node.part.file;
  for (const key of ["defaults", "shell", "programs"] as const) {
    if (node.raw[key] !== undefined) refuse([key], key, `a project's policy cannot set [${key}]: it would change how your own rules read calls`);
  }
  const include = (written.include ?? []).filter((entry, index) => {
    if (entry.startsWith("builtin:")) return true;
    refuse(["include", index], `include[${index + 1}]`, `a project's policy includes only built-in packs, not ${JSON.stringify(entry)}`);
    return false;
  });
  const ruleLines: Array<number | undefined> = [];
  const rule = written.rule.flatMap((entry, index) => {
    if (REFUSED_DECISIONS.has(entry.decision)) {
      refuse(["rule", index, "decision"], `rule[${index + 1}] "${entry.id}": decision`, `a project's policy may only add protection: ${WHY_REFUSED[entry.decision]}`);
      return [];
    }
    ruleLines.push(node.part.ruleLines[index]);
    return [{ ...entry, ...shownText(entry) }];
  });
  const override = written.override.map((entry) => ({ ...entry, ...shownText(entry) }));
  const confined: PolicyFile = { ...written, include, rule, override, defaults, shell: undefined, programs: undefined };
  return { node: { ...node, part: { ...node.part, file: confined, ruleLines } }, warnings };
}

/** A rule's or override's description, reason and message (what check, rules and the TUI print) with control characters shown as escapes. */
function shownText(entry: { description?: string; reason?: string; message?: string }): { description?: string; reason?: string; message?: string } {
  return {
    ...(entry.description !== undefined ? { description: printable(entry.description) } : {}),
    ...(entry.reason !== undefined ? { reason: printable(entry.reason) } : {}),
    ...(entry.message !== undefined ? { message: printable(entry.message) } : {}),
  };
}

/** Control characters (terminal escapes among them) as `\xNN` / `\u{N}`; line breaks and tabs kept. */
export function printable(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (char) => {
    const code = char.codePointAt(0)!;
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u{${code.toString(16)}}`;
  });
}
