// Search engines' CLIs: Algolia's. Deleting or clearing indices, records,
// rules, synonyms and keys ask. (Elasticsearch, OpenSearch and Meilisearch
// are reached over HTTP: the HTTP rules; AWS OpenSearch is in aws.)
import { DESTROY } from "./categories.ts";
import { destroys, dryRunWith, names, nounChain, readVerbs } from "./grammar.ts";
import type { RemoteCli } from "./remote-cli.ts";

export const ALGOLIA: RemoteCli = {
  id: "algolia",
  names: ["algolia"],
  about: "Algolia CLI",
  spec: {
    ...nounChain(
      { ...names(["delete", "clear"], destroys()), ...readVerbs(["list", "browse", "get", "search"]) },
      { "-p": "value", "--profile": "value", "--application-id": "value", "--api-key": "value" },
    ),
    tags: ["search"],
  },
  examples: {
    search: {
      asks: ["algolia indices delete products --confirm", "algolia indices clear products", "algolia objects delete products --object-ids 1,2"],
      passes: ["algolia indices list", "algolia search products --query shoe"],
    },
  },
};

/**
 * elasticdump (and multielasticdump) copies an index's mapping or documents from `--input` to `--output`: to a file it
 * is a backup; to another cluster (`--output=https://…`) it writes into that cluster's index, over what is there, and
 * the data leaves for wherever the URL points.
 */
const ELASTICDUMP_OUTPUTS = ["http://*", "https://*", "s3://*"].map((url) => `--output=${url}`);

export const ELASTICDUMP: RemoteCli = {
  id: "elasticdump",
  names: ["elasticdump", "multielasticdump"],
  about: "elasticdump",
  spec: {
    options: { "--input": "value", "--output": "value", "--type": "value", "--limit": "value", "--searchBody": "value", "--headers": "value" },
    operands: ["read"],
    tags: ["search"],
    tagsWith: { ...Object.fromEntries(ELASTICDUMP_OUTPUTS.map((output) => [output, [DESTROY]])), ...dryRunWith("--help") },
  },
  examples: {
    search: {
      asks: ["elasticdump --input=https://es.internal:9200/customers --output=https://search.example.test:9200/customers --type=data"],
      passes: ["elasticdump --input=http://localhost:9200/logs --output=logs.json --type=data", "elasticdump --input=logs.json --output=/tmp/logs-copy.json"],
    },
  },
};
