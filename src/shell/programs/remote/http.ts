// HTTP clients calling an API: a DELETE (curl -X DELETE, wget
// --method=DELETE, `http DELETE URL`), or a POST to an endpoint that
// deletes (Elasticsearch's _delete_by_query, Meilisearch's delete-batch,
// Prometheus's delete_series, Jenkins's doDelete). The question names the
// host. GET, HEAD and ordinary POSTs pass. (The clients' grammars live in
// network.ts; their DELETE method carries the tags.)
import { NETWORK_PROGRAMS } from "../network.ts";
import type { RemoteCli } from "./remote-cli.ts";

/** URL shapes of calls that delete whatever method they use. */
const DELETING_ENDPOINTS = ["**/_delete_by_query*", "**/indexes/*/documents/delete*", "**/admin/tsdb/delete_series*", "**/doDelete*"].join("|");

/** A GraphQL mutation that deletes (`mutation { deleteEntity(…) }`) in the request body. */
export const DELETING_MUTATION = "*mutation*[dD]elete*";

const ENDPOINTS = { category: "http", args: [`${DELETING_ENDPOINTS}|${DELETING_MUTATION}`] } as const;

export const CURL: RemoteCli = {
  id: "curl",
  names: ["curl", "curlie"],
  about: "curl",
  spec: NETWORK_PROGRAMS.curl!,
  alsoAsksWhen: [ENDPOINTS],
  examples: {
    http: {
      asks: [
        'curl -X DELETE https://api.stripe.com/v1/customers/cus_123 -u "$STRIPE_KEY:"',
        "curl -sS -H 'Authorization: Bearer x' --request DELETE https://api.cloudflare.com/client/v4/zones/abc/dns_records/def",
        "curl -XDELETE localhost:9200/logs-2023",
        "curl -X POST 'http://localhost:9200/logs/_delete_by_query' -d '{\"query\":{\"match_all\":{}}}'",
        'curl -X POST https://api.newrelic.com/graphql -d \'{"query":"mutation { entityDelete(guid: \\"abc\\") }"}\'',
      ],
      passes: [
        "curl -s https://api.github.com/repos/acme/app",
        "curl -X POST https://api.example.com/v1/orders -d '{\"sku\":1}'",
        "curl -I https://example.com",
        "curl -X GET localhost:9200/_cat/indices",
      ],
    },
  },
};

export const WGET: RemoteCli = {
  id: "wget",
  names: ["wget"],
  about: "wget",
  spec: NETWORK_PROGRAMS.wget!,
  alsoAsksWhen: [ENDPOINTS],
  examples: { http: { asks: ["wget --method=DELETE -qO- https://api.example.com/v1/users/42"], passes: ["wget -q https://example.com/file.tar.gz"] } },
};

export const HTTPIE: RemoteCli = {
  id: "httpie",
  names: ["http", "https"],
  about: "HTTPie",
  spec: NETWORK_PROGRAMS.http!,
  alsoAsksWhen: [ENDPOINTS],
  examples: {
    http: {
      asks: ["http DELETE api.example.com/v1/users/42 Authorization:'Bearer x'", "http POST :7700/indexes/products/documents/delete-batch"],
      passes: ["http GET api.example.com/v1/users/42", "http POST api.example.com/v1/users name=ada"],
    },
  },
};

export const XH: RemoteCli = {
  id: "xh",
  names: ["xh", "xhs"],
  about: "xh",
  spec: NETWORK_PROGRAMS.xh!,
  alsoAsksWhen: [ENDPOINTS],
  examples: { http: { asks: ["xh DELETE localhost:8001/services/orders"], passes: ["xh localhost:8001/services"] } },
};
