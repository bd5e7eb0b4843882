// The JSON Schema of the policy file, generated from the valibot schema.
import { toJsonSchema } from "@valibot/to-json-schema";
import { PolicyFile } from "../policy/format/schema.ts";

export function policyJsonSchema(): string {
  const schema = toJsonSchema(PolicyFile, { errorMode: "ignore" });
  return `${JSON.stringify({ ...schema, $id: "https://synaps-policy.dev/policy.schema.json" }, null, 2)}\n`;
}
