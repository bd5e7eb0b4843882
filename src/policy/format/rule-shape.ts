// What the engine and the loader read of the policy format's shape without
// its schema: the keys of a command condition, a condition as its list of
// alternatives, the decisions each hook takes. The valibot schema
// (schema.ts) is built from these and holds them to it; its module builds
// the whole format's validation when evaluated, which a load of shipped
// files (validated when the executable was built) never needs (issue 27).
import type { HookKind } from "../engine/event.ts";
import { OUTPUT_STRENGTH, TOOL_CALL_STRENGTH } from "../engine/verdict.ts";

/** The keys that hold for one simple command of a shell input (or the file a file tool names); schema.ts has an entry for each. */
export const COMMAND_KEYS = [
  "command",
  "subcommand",
  "args",
  "flags",
  "paths",
  "reads",
  "writes",
  "code",
  "remote_code",
  "dynamic_args",
  "network",
  "output_shown",
  "variables",
  "hosts",
  "ports",
  "tags",
  "sql",
] as const;
export type CommandKey = (typeof COMMAND_KEYS)[number];

/** A `when` or `unless` as the list of alternatives it stands for. */
export function conditionList<T extends object>(condition: T | readonly T[] | undefined): T[] {
  if (condition === undefined) return [];
  return Array.isArray(condition) ? [...condition] : [condition as T];
}

export const ALL_DECISIONS = ["continue", "allow", "block", "confirm", "modify", "redact", "withhold", "inject"] as const;
export type RuleDecision = (typeof ALL_DECISIONS)[number];

/** Which decisions a rule may take on each hook (the host honours only these answers there); the tool hooks' lists are their strength orders. */
export const DECISIONS_BY_HOOK: Record<HookKind, readonly RuleDecision[]> = {
  before_tool_call: TOOL_CALL_STRENGTH,
  after_tool_call: OUTPUT_STRENGTH,
  before_message: ["continue", "inject"],
  on_session_start: ["continue", "inject"],
  on_session_end: ["continue"],
  on_message_complete: ["continue"],
  on_compaction: ["continue"],
};
