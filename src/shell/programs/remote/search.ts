// Search engines' CLIs: Algolia's. Deleting or clearing indices, records,
// rules, synonyms and keys ask. (Elasticsearch, OpenSearch and Meilisearch
// are reached over HTTP: the HTTP rules; AWS OpenSearch is in aws.)
import { destroys, names, nounChain, readVerbs } from "./grammar.ts";
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
