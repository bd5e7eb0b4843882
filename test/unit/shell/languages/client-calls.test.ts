// Data-store clients' destroying calls in interpreter code, read as the
// statements they amount to (DROP, FLUSHALL), and the everyday calls beside them.
import { describe, expect, test } from "bun:test";
import { readCode } from "../../../../src/shell/languages/code.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const kinds = (language: string, code: string): string[] => (readCode(language, code, language).statements ?? []).map((statement) => statement.kind);

describe("client calls that drop or wipe a store", () => {
  test.each([
    ["python", "from pinecone import Pinecone; Pinecone().delete_index('prod-rag')", ["drop"]],
    ["python", "c.collections.delete_all()", ["delete-all"]],
    ["python", "es.indices.delete(index='logs-*')", ["drop"]],
    ["python", "qdrant.delete_collection(collection_name='docs')", ["drop"]],
    ["python", "MongoClient('mongodb://db')['shop'].orders.drop()", ["drop"]],
    ["python", "db.orders.delete_many({})", ["delete-all"]],
    ["python", "redis.Redis(host='cache').flushall()", ["delete-all"]],
    ["python", "boto3.client('s3').delete_bucket(Bucket='b')", ["drop"]],
    ["ruby", "client.delete_index('shop')", ["drop"]],
    ["node", "await pc.deleteIndex('shop')", ["drop"]],
    ["node", "await redis.flushAll()", ["delete-all"]],
    ["node", "await client.collections.delete('Docs')", ["drop"]],
  ])("%s: %s → %p", (language, code, expected) => {
    expect(kinds(language, code)).toEqual(expected);
  });
});

describe("everyday calls and text pass", () => {
  test.each([
    ["python", "df.drop(columns=['x']).head()"],
    ["python", "print(Pinecone().list_indexes())"],
    ["python", "print('r.flushall()')"],
    ["python", "db.orders.delete_many({'status': 'test'})"],
    ["python", "cache.clear(); d.pop('k')"],
    ["node", "arr.filter(Boolean); map.delete('k')"],
    ["node", "await coll.deleteMany({ expired: true })"],
  ])("%s: %s", (language, code) => {
    expect(kinds(language, code)).toEqual([]);
  });
});
