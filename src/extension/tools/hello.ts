// The tutorial's hello tool, kept as the smallest proof that tools work.
import * as v from "valibot";
import { toJsonSchema } from "@valibot/to-json-schema";
import { toolError, toolText, type ToolResult, type ToolSpec } from "../wire.ts";

const HelloInput = v.object({
  name: v.optional(v.pipe(v.string(), v.maxLength(200), v.description('Who to greet. Defaults to "world".'))),
});

export const helloTool: ToolSpec = {
  name: "hello",
  description: "Greets someone by name. A harmless tool that shows the synaps-policy extension is loaded.",
  input_schema: toJsonSchema(HelloInput) as Record<string, unknown>,
};

export function callHello(input: unknown): ToolResult {
  const parsed = v.safeParse(HelloInput, input ?? {});
  if (!parsed.success) return toolError(`hello: ${v.summarize(parsed.issues)}`);
  const name = parsed.output.name?.trim() || "world";
  return toolText(`Hello, ${name}! (from synaps-policy)`);
}
