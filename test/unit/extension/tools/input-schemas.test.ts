import { describe, expect, test } from "bun:test";
import { toJsonSchema } from "@valibot/to-json-schema";
import { helloTool } from "../../../../src/extension/tools/hello.ts";
import { HelloInput, PolicyToolInput } from "../../../../src/extension/tools/inputs.ts";
import { policyTool } from "../../../../src/extension/tools/policy-spec.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

describe("the tools' input schemas, written when the executable is built", () => {
  test("are what the valibot schemas convert to now", () => {
    expect(helloTool.input_schema).toEqual(toJsonSchema(HelloInput) as Record<string, unknown>);
    expect(policyTool.input_schema).toEqual(toJsonSchema(PolicyToolInput) as Record<string, unknown>);
  });

  test("say what each tool takes", () => {
    expect(policyTool.input_schema).toMatchObject({
      type: "object",
      properties: { tool: { type: "string", maxLength: 200 }, input: { anyOf: [{ type: "string" }, { type: "object" }] } },
    });
    expect(Object.keys(policyTool.input_schema.properties as object).sort()).toEqual(["input", "tool"]);
  });
});
