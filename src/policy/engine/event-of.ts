// An engine event from a short description: what an inline [[test]], the
// command line's `check` and the model's dry run all have — a hook, a tool,
// its input (or a string for the tool's main field), an output or a message.
import type { CompiledPolicy } from "./compile.ts";
import type { HookKind, JsonObject, PolicyEvent } from "./event.ts";

export type EventDescription = {
  hook: HookKind;
  tool?: string;
  /** The tool input, or a string for its main field (bash: the command; file tools: the path). */
  input?: string | JsonObject;
  output?: string;
  message?: string;
};

export function eventOf(policy: CompiledPolicy, description: EventDescription): PolicyEvent {
  const tool = description.tool ?? "bash";
  const input = typeof description.input === "string" ? { [mainField(policy, tool)]: description.input } : (description.input ?? {});
  switch (description.hook) {
    case "before_tool_call":
      return { hook: "before_tool_call", tool: [tool], input };
    case "after_tool_call":
      return { hook: "after_tool_call", tool: [tool], input, output: description.output ?? "" };
    case "before_message":
      return { hook: "before_message", message: description.message ?? "" };
    default:
      return { hook: description.hook };
  }
}

/** The field a plain string stands for: the command of a shell tool, else the path. */
export function mainField(policy: CompiledPolicy, tool: string): string {
  return policy.shellTools[tool] ?? "path";
}
