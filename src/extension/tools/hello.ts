// The tutorial's hello tool, kept as the smallest proof that tools work.
import * as v from "valibot";
import { toolError, toolText, type ToolResult, type ToolSpec } from "../wire.ts";
import { toolInputSchemas } from "./input-schemas.ts" with { type: "macro" };
import { HelloInput } from "./inputs.ts";

export const helloTool: ToolSpec = {
  name: "hello",
  description: "Greets someone by name. A harmless tool that shows the synaps-policy extension is loaded.",
  input_schema: toolInputSchemas().hello,
};

export function callHello(input: unknown): ToolResult {
  const parsed = v.safeParse(HelloInput, input ?? {});
  if (!parsed.success) return toolError(`hello: ${v.summarize(parsed.issues)}`);
  const name = parsed.output.name?.trim() || "world";
  return toolText(`Hello, ${name}! (from synaps-policy)`);
}
