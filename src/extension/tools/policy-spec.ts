// The `policy` tool's input and its registration, kept apart from its
// implementation so the handshake does not load the policy engine.
import * as v from "valibot";
import { toJsonSchema } from "@valibot/to-json-schema";
import type { ToolSpec } from "../wire.ts";

export const PolicyToolInput = v.object({
  tool: v.optional(v.pipe(v.string(), v.maxLength(200), v.description("A tool name (bash, read, write, …). Without it, every rule is listed."))),
  input: v.optional(
    v.pipe(
      v.union([v.string(), v.record(v.string(), v.unknown())]),
      v.description("A tool input to check without running it: an object, or a string for the main field (bash: the command; file tools: the path)."),
    ),
  ),
});

export const policyTool: ToolSpec = {
  name: "policy",
  description:
    "Shows the synaps-policy rules that apply to a tool, or what a planned tool call would get (continue, confirm or block) and why, without running it. Use it before a call you expect may be restricted.",
  input_schema: toJsonSchema(PolicyToolInput) as Record<string, unknown>,
};
