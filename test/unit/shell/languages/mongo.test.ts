// mongo shell code: each statement's effect on the database, and what the
// JavaScript does besides (the node call table).
import { describe, expect, test } from "bun:test";
import { readMongo } from "../../../../src/shell/languages/mongo.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const kinds = (text: string): string[] | undefined => readMongo(text, "mongosh").statements?.map((statement) => statement.kind);

describe("mongo shell statements", () => {
  test.each([
    ["db.dropDatabase()", ["drop"]],
    ["db.getSiblingDB('prod').dropDatabase()", ["drop"]],
    ["db.users.drop()", ["drop"]],
    ["db.users.deleteMany({})", ["delete-all"]],
    ["db.users.remove({ })", ["delete-all"]],
    ["db.users.deleteMany({ age: { $lt: 18 } })", ["delete"]],
    ["db.users.updateMany({}, { $set: { x: 1 } })", ["update-all"]],
    ["db.users.find({ active: true }).limit(3)", ["select"]],
    ["db.users.insertOne({ name: 'ada' })", ["insert"]],
  ])("%s → %p", (text, expected) => {
    expect(kinds(text)).toEqual(expected);
  });

  test("statements are split at ; and line ends outside brackets", () => {
    expect(kinds("use shop; db.orders.find({\n  a: 1\n}); db.orders.drop()")).toEqual(["select", "drop"]);
  });

  test("runProgram runs a command", () => {
    expect(readMongo("runProgram('rm', '-rf', '/data')", "mongo").lines.map((line) => line.line)).toEqual(["rm -rf /data"]);
  });
});
