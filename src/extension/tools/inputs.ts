// The inputs of the extension's own tools, as valibot schemas: what a call is
// checked against, and (input-schemas.ts, at build time) the JSON Schema the
// handshake sends the host.
import * as v from "valibot";

export const HelloInput = v.object({
  name: v.optional(v.pipe(v.string(), v.maxLength(200), v.description('Who to greet. Defaults to "world".'))),
});

export const PolicyToolInput = v.object({
  tool: v.optional(v.pipe(v.string(), v.maxLength(200), v.description("A tool name (bash, read, write, …). Without it, every rule is listed."))),
  input: v.optional(
    v.pipe(
      v.union([v.string(), v.record(v.string(), v.unknown())]),
      v.description("A tool input to check without running it: an object, or a string for the main field (bash: the command; file tools: the path)."),
    ),
  ),
});
