// The `policy` tool's input and its registration, kept apart from its
// implementation so the handshake does not load the policy engine.
import type { ToolSpec } from "../wire.ts";
import { toolInputSchemas } from "./input-schemas.ts" with { type: "macro" };

export const policyTool: ToolSpec = {
  name: "policy",
  description:
    "Shows the synaps-policy rules that apply to a tool, or what a planned tool call would get (continue, confirm or block) and why, without running it. Use it before a call you expect may be restricted.",
  input_schema: toolInputSchemas().policy,
};
