// The JSON Schema of each tool's input, written from its valibot schema
// (inputs.ts) when the executable is built: a Bun macro (imported `with {
// type: "macro" }`) runs this at bundle time, so the handshake sends the
// result without loading the converter at every start.
import { toJsonSchema } from "@valibot/to-json-schema";
import { HelloInput, PolicyToolInput } from "./inputs.ts";

export function toolInputSchemas(): { hello: Record<string, unknown>; policy: Record<string, unknown> } {
  return { hello: toJsonSchema(HelloInput) as Record<string, unknown>, policy: toJsonSchema(PolicyToolInput) as Record<string, unknown> };
}
