// Reading JSON-RPC 2.0 messages and writing answers, ids kept as written.
import { describe, expect, test } from "bun:test";
import { errorText, readMessage, resultText } from "../../../src/rpc/jsonrpc.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

const read = (text: string) => readMessage(new TextEncoder().encode(text));

describe("readMessage", () => {
  test("a request keeps its id as the JSON text to echo", () => {
    expect(read('{"jsonrpc":"2.0","id":7,"method":"m","params":[1]}')).toEqual({ kind: "request", id: "7", method: "m", params: [1] });
    expect(read('{"jsonrpc":"2.0","id":"x\\"y","method":"m"}')).toEqual({ kind: "request", id: '"x\\"y"', method: "m", params: null });
  });

  test.each([["9007199254740993"], ["-9007199254740993"], ["1e400"], ["1.0"], ["0.1e1"], ["-0"], ["12345678901234567890.5E-3"]])(
    "the numeric id %s is echoed character for character",
    (id) => {
      const message = read(`{"method":"m","params":{"id":1,"nested":[{"id":2}]},"id":${id}}`);
      expect(message).toMatchObject({ kind: "request", id });
    },
  );

  test("an escaped key spelling id counts as the id", () => {
    expect(read('{"\\u0069d":9007199254740993,"method":"m"}')).toMatchObject({ kind: "request", id: "9007199254740993" });
  });

  test("of duplicate ids the one JSON.parse keeps is echoed", () => {
    expect(read('{"id":1,"method":"m","id":9007199254740995}')).toMatchObject({ id: "9007199254740995" });
    expect(read('{"id":9007199254740995,"method":"m","id":1}')).toMatchObject({ id: "1" });
  });

  test("batch elements keep their own ids, whatever comes before them", () => {
    const message = read('[{"jsonrpc":"2.0","id":"a\\"]","method":"m"}, 5, {"method":"n","params":{"x":"]}"}}, {"jsonrpc":"2.0","method":"m","id":9007199254740993}]');
    expect(message).toEqual({
      kind: "batch",
      items: [
        { kind: "request", id: '"a\\"]"', method: "m", params: null },
        { kind: "invalid", id: "null", code: -32600, message: "Invalid Request: expected a JSON object" },
        { kind: "notification", method: "n", params: { x: "]}" } },
        { kind: "request", id: "9007199254740993", method: "m", params: null },
      ],
    });
  });

  test("an empty batch, or one over the limit, is one invalid request", () => {
    expect(read("[]")).toMatchObject({ kind: "invalid", id: "null", code: -32600 });
    expect(read(`[${Array(1001).fill("{}").join(",")}]`)).toMatchObject({ kind: "invalid", code: -32600 });
  });

  test("what the envelope may get wrong", () => {
    expect(read('{"id":1,"method":5}')).toMatchObject({ kind: "invalid", id: "1", code: -32600 });
    expect(read('{"id":{},"method":"m"}')).toMatchObject({ kind: "invalid", id: "null", code: -32600 });
    expect(read('{"id":null,"method":"m"}')).toMatchObject({ kind: "invalid", id: "null" });
    expect(read('{"id":1,"method":"m","jsonrpc":2}')).toMatchObject({ kind: "request", id: "1", odd: '"jsonrpc" is 2, not "2.0"' });
    expect(read('{"method":"m"}')).toEqual({ kind: "notification", method: "m", params: null });
    expect(read('{"id":1,"result":2}')).toMatchObject({ kind: "ignored" });
    expect(read('{"params":2}')).toMatchObject({ kind: "ignored" });
    expect(read("{nope")).toMatchObject({ kind: "invalid", id: "null", code: -32700 });
    expect(readMessage(new Uint8Array([0x7b, 0xff, 0x7d]))).toMatchObject({ kind: "invalid", code: -32700 });
  });
});

describe("values too deep to print (found by the fuzzer: envelopes, seed 1, case 1088)", () => {
  const deep = `${'{"a":'.repeat(100_000)}1${"}".repeat(100_000)}`;

  test("a jsonrpc member nested 100,000 deep is described, not printed", () => {
    expect(read(`{"jsonrpc":${deep},"id":1,"method":"m"}`)).toMatchObject({ kind: "request", id: "1", odd: '"jsonrpc" is an object, not "2.0"' });
  });

  test("an id or method nested 100,000 deep is an invalid request, not a crash", () => {
    expect(read(`{"jsonrpc":"2.0","id":${deep},"method":"m"}`)).toMatchObject({ kind: "invalid", id: "null", code: -32600 });
    expect(read(`{"jsonrpc":"2.0","id":3,"method":${deep}}`)).toMatchObject({ kind: "invalid", id: "3", code: -32600 });
  });
});

describe("answers", () => {
  test("the id text goes out as it came in", () => {
    expect(resultText("9007199254740993", { a: 1 })).toBe('{"jsonrpc":"2.0","id":9007199254740993,"result":{"a":1}}');
    expect(resultText('"s"', undefined)).toBe('{"jsonrpc":"2.0","id":"s","result":null}');
    expect(JSON.parse(errorText("null", -32600, 'bad "thing"'))).toEqual({ jsonrpc: "2.0", id: null, error: { code: -32600, message: 'bad "thing"' } });
  });
});
