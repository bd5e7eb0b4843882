// API gateways' CLIs: Apigee's apigeecli, Kong's decK and kong. Deleting or
// undeploying APIs, products and environments, resetting a gateway, syncing
// a gateway to a file (which deletes what the file lacks) and resetting
// Kong's database ask. (AWS API Gateway, Apigee through gcloud and Azure API
// Management are in the clouds' CLIs.)
import { destroys, group, names, nounChain, readVerbs } from "./grammar.ts";
import type { RemoteCli } from "./remote-cli.ts";

export const APIGEECLI: RemoteCli = {
  id: "apigeecli",
  names: ["apigeecli"],
  about: "Apigee CLI",
  spec: {
    ...nounChain(
      { ...names(["delete", "undeploy"], destroys()), ...readVerbs(["list", "get"]) },
      { "-o": "value", "--org": "value", "-t": "value", "--token": "value", "-a": "read", "--account": "read" },
    ),
    tags: ["apigateway"],
  },
  examples: {
    apigateway: {
      asks: ["apigeecli apis delete --name orders --org acme", "apigeecli apis undeploy --name orders --env prod --rev 3"],
      passes: ["apigeecli apis list --org acme", "apigeecli apis create bundle --name orders --proxy-zip orders.zip"],
    },
  },
};

const DECK_OPTIONS = {
  "--kong-addr": "url",
  "--headers": "value",
  "--konnect-token": "value",
  "--konnect-addr": "url",
  "-s": "read",
  "--state": "read",
  "--select-tag": "value",
  "--workspace": "value",
} as const;
const DECK_DESTROYS = destroys(DECK_OPTIONS);

export const DECK: RemoteCli = {
  id: "deck",
  names: ["deck"],
  about: "Kong decK",
  spec: group(
    "apigateway",
    {
      ...names(["reset", "sync"], DECK_DESTROYS),
      gateway: group(undefined, { ...names(["reset", "sync"], DECK_DESTROYS), ...readVerbs(["diff", "dump", "ping", "validate"], DECK_OPTIONS) }, DECK_OPTIONS),
      ...readVerbs(["diff", "dump", "ping", "validate", "version"], DECK_OPTIONS),
    },
    DECK_OPTIONS,
  ),
  examples: {
    apigateway: {
      asks: ["deck gateway sync kong.yaml --select-tag team-a", "deck gateway reset --force", "deck sync -s kong.yaml"],
      passes: ["deck gateway diff kong.yaml", "deck gateway dump -o kong.yaml", "deck file validate kong.yaml"],
    },
  },
};

export const KONG: RemoteCli = {
  id: "kong",
  names: ["kong"],
  about: "Kong gateway",
  spec: group(
    "apigateway",
    { migrations: group(undefined, { reset: destroys(), ...readVerbs(["list"]) }), ...readVerbs(["check", "health", "version"]) },
    { "-c": "read", "--conf": "read", "-p": "path", "--prefix": "path" },
  ),
  examples: { apigateway: { asks: ["kong migrations reset --yes"], passes: ["kong health", "kong migrations list"] } },
};
