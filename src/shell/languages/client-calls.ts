// Data-store clients called from interpreter code, as the statements they
// amount to: a vector store's index deleted (`Pinecone().delete_index("x")`),
// a search engine's (`es.indices.delete(index="x")`), a collection dropped
// (`db.drop_collection("x")`, `client.collections.delete_all()`), a cache
// flushed (`redis.Redis(host=…).flushall()`). They are DROP and FLUSHALL by
// another road, so they carry the same statement kinds and the database pack
// judges them as it judges SQL and redis. (ORM and driver wipes of tables —
// drop_table, dropDatabase, deleteMany({}) — are builtin:database's
// database-wipe-in-code.) Only method names that say what
// they wipe are read: `df.drop(columns=…)`, `dict.clear()`, `x.delete()` are
// everyday in-memory work and no client's destroying call.
import type { CodeStatement, StatementKind } from "../view/statements.ts";
import { statementText } from "../view/statements.ts";

type ClientCall = { method: RegExp; kind: StatementKind };

/** Python and Ruby clients (snake_case): pymongo, redis-py, Elasticsearch/OpenSearch, Pinecone, Qdrant, Chroma, Milvus, Weaviate, boto3, BigQuery, Cassandra. */
const SNAKE_CASE: readonly ClientCall[] = [
  {
    method:
      /\.(?:drop_keyspace|drop_schema|drop_partition|delete_index|delete_collection|delete_table|delete_bucket|delete_database|delete_dataset|delete_keyspace|delete_namespace|delete_indices|delete_alias)\s*\(/g,
    kind: "drop",
  },
  // Elasticsearch's and OpenSearch's `indices.delete(index=…)`; Weaviate v4's `collections.delete(…)`; a pymongo or pymilvus collection's `drop()`.
  { method: /\.(?:indices|collections|schema)\s*\.\s*delete\s*\(/g, kind: "drop" },
  { method: /\.drop\s*\(\s*\)/g, kind: "drop" },
  { method: /\.(?:flushall|flushdb|flush_all|delete_all|delete_all_objects|delete_everything|purge_queue)\s*\(/g, kind: "delete-all" },
  // A delete whose filter matches everything: pymongo's `delete_many({})`, Elasticsearch's `delete_by_query` of match_all.
  { method: /\.delete_many\s*\(\s*\{\s*\}/g, kind: "delete-all" },
  { method: /\.delete_by_query\s*\([^)]*match_all/g, kind: "delete-all" },
];

/** JavaScript clients (camelCase): the MongoDB driver, node-redis/ioredis, Elasticsearch, Pinecone, Qdrant, Chroma, Milvus, Weaviate. */
const CAMEL_CASE: readonly ClientCall[] = [
  {
    method: /\.(?:dropCollection|dropTable|deleteIndex|deleteCollection|deleteTable|deleteBucket|deleteDatabase|deleteNamespace)\s*\(/g,
    kind: "drop",
  },
  { method: /\.(?:indices|collections|schema)\s*\.\s*delete\s*\(/g, kind: "drop" },
  { method: /\.drop\s*\(\s*\)/g, kind: "drop" },
  { method: /\.(?:flushAll|flushall|flushDb|flushdb|deleteAll|deleteAllObjects|purgeQueue)\s*\(/g, kind: "delete-all" },
  { method: /\.deleteByQuery\s*\([^)]*match_all/g, kind: "delete-all" },
];

const CLIENT_CALLS: Readonly<Record<string, readonly ClientCall[]>> = { python: SNAKE_CASE, ruby: SNAKE_CASE, node: CAMEL_CASE };

/**
 * The destroying client calls of `code`, in order. `inString` marks characters inside string literals: a call
 * written in a string (`print("r.flushall()")`) is only text.
 */
export function clientStatements(language: string, code: string, inString: Uint8Array): CodeStatement[] {
  const found: { at: number; statement: CodeStatement }[] = [];
  for (const call of CLIENT_CALLS[language] ?? []) {
    for (const match of code.matchAll(call.method)) {
      if (inString[match.index] === 1) continue;
      found.push({ at: match.index, statement: { kind: call.kind, text: statementText(callText(code, match.index)) } });
    }
  }
  return found.sort((a, b) => a.at - b.at).map((entry) => entry.statement);
}

/** The call as the person wrote it, from the start of its receiver's line to the end of the line. */
function callText(code: string, at: number): string {
  const start = code.lastIndexOf("\n", at) + 1;
  const end = code.indexOf("\n", at);
  return code.slice(start, end === -1 ? undefined : end);
}
