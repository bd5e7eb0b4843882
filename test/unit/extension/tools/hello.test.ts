import { describe, expect, test } from "bun:test";
import { callHello, helloTool } from "../../../../src/extension/tools/hello.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

describe("hello", () => {
  test("greets by name, the world by default, with a JSON Schema for its input", () => {
    expect(callHello({ name: " Ada " }).content).toBe("Hello, Ada! (from synaps-policy)");
    expect(callHello(null).content).toBe("Hello, world! (from synaps-policy)");
    expect(helloTool.input_schema).toMatchObject({ type: "object", properties: { name: { type: "string" } } });
  });

  test("a name that is not a string is an error result", () => {
    expect(callHello({ name: 42 })).toMatchObject({ is_error: true });
  });
});
