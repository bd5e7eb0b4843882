// Azure: az (`az GROUP [SUBGROUP…] VERB`, any depth) and azcopy. A top-level
// group's category is the kind of thing it keeps; `az network` splits into
// DNS, load balancers and the rest.
import type { ProgramSpec } from "../spec.ts";
import type { Category } from "./categories.ts";
import { destroys, destroysWith, dryRunWith, group, labelled, leaf, names, nounChain, printsCredential, printsToken, printsTokenWith, readVerbs, uploads } from "./grammar.ts";
import type { RemoteCli } from "./remote-cli.ts";

const OPTIONS = {
  "--subscription": "value",
  "-o": "value",
  "--output": "value",
  "--query": "value",
  "-g": "value",
  "--resource-group": "value",
  "-n": "value",
  "--name": "value",
  "--ids": "value",
  "-l": "value",
  "--location": "value",
  "--mode": "value",
  "-f": "read",
  "--template-file": "read",
} as const;

const PROTECTION_OFF = [
  "--enable-purge-protection=false",
  "--enable-soft-delete=false",
  "--enable-delete-retention=false",
  "--enable-container-delete-retention=false",
  "--enable-versioning=false",
  "--soft-delete-feature-state=disable*",
  "--immutability-state=disabled",
  // A pipeline variable taken out of secret (`az pipelines variable update --secret false`): its value shows in plain text.
  "--secret=false",
];

/** Breadth round 5: a cluster, scale set or container app scaled to nothing; what it serves is down. */
const SCALED_TO_ZERO = ["--node-count=0", "--new-capacity=0", "--instance-count=0", "--max-replicas=0"];
const SCALE_OPTIONS = Object.fromEntries(SCALED_TO_ZERO.map((trigger) => [trigger.split("=")[0]!, "value" as const]));

const VERBS: Record<string, ProgramSpec> = {
  ...names(["delete", "delete-batch", "purge", "remove"], destroys(OPTIONS)),
  ...readVerbs(["list", "show", "exists", "download", "download-batch", "url", "get"], OPTIONS),
  // A deployment in complete mode deletes every resource of the group its template does not name.
  create: destroysWith(["--mode=Complete"], OPTIONS),
  // An update that switches off what keeps data from being lost (issue 28, breadth round 5): a vault's purge
  // protection or soft delete, a storage account's delete retention and versioning, a backup vault's soft delete.
  ...names(
    ["update", "set"],
    destroysWith([...PROTECTION_OFF, ...SCALED_TO_ZERO], {
      ...OPTIONS,
      ...SCALE_OPTIONS,
      ...Object.fromEntries(PROTECTION_OFF.map((trigger) => [trigger.split("=")[0]!, "value" as const])),
    }),
  ),
  // `aks scale --node-count 0`, `vmss scale --new-capacity 0`, `aks nodepool scale --node-count 0`.
  scale: destroysWith(SCALED_TO_ZERO, { ...OPTIONS, ...SCALE_OPTIONS }),
  ...names(["copy", "start", "restart", "deploy", "ssh", "browse"], leaf(OPTIONS)),
  // `storage blob upload --file F`, `upload-batch --source DIR`: the local files go to the account.
  ...names(["upload", "upload-batch"], uploads({ ...OPTIONS, "--file": "read", "-f": "read", "--source": "read", "-s": "read" }, { readsTrees: {} })),
  // A shared access signature: a URL token that grants its holder the permissions in it.
  "generate-sas": printsCredential(OPTIONS),
  // `keyvault secret set-attributes --enabled false`: whatever reads the secret fails from now on.
  "set-attributes": destroysWith(["--enabled=false"], { ...OPTIONS, "--enabled": "value" }),
  // `vm run-command invoke --scripts CMD`: CMD runs on the machine, judged as the shell command it is (as with ssh).
  invoke: leaf({ ...OPTIONS, "--scripts": "shell" }),
  // `acr login --expose-token` prints a registry access token instead of handing it to docker.
  login: printsTokenWith(["--expose-token"], OPTIONS),
  // Machines, apps and clusters stopped or deallocated: what they serve is down until someone starts them.
  // `vm reimage`, `vmss reimage`: the OS disk is written over with a fresh image.
  ...names(["stop", "deallocate", "reimage"], destroys(OPTIONS)),
  // A container's or blob's access opened to anyone (`storage container set-permission --public-access blob`).
  "set-permission": destroysWith(["--public-access=blob", "--public-access=container"], { ...OPTIONS, "--public-access": "value" }),
  // `backup protection disable --delete-backup-data true`: the item's recovery points are deleted with its protection.
  disable: destroysWith(["--delete-backup-data=true"], { ...OPTIONS, "--delete-backup-data": "value" }),
  // `ad sp credential reset`, `ad app credential reset`: a new secret for the identity, printed.
  reset: printsCredential(OPTIONS),
  // The CLI's access token; account keys and connection strings (which hold a key).
  "get-access-token": printsToken(OPTIONS),
  ...names(["show-connection-string", "list-keys", "list-connection-strings", "list-publishing-credentials", "list-publishing-profiles"], printsCredential(OPTIONS)),
  // `webapp config appsettings list`, `functionapp config appsettings list`: an app's settings are its secrets.
  appsettings: nounChain({ list: printsCredential(OPTIONS) }, OPTIONS),
};

/** `storage account keys list`, `cosmosdb keys list`: the keys themselves. */
const KEYS_CHAIN = nounChain({ ...VERBS, list: printsCredential(OPTIONS) }, OPTIONS);
const CHAIN = nounChain({ ...VERBS, keys: KEYS_CHAIN }, OPTIONS);
/** Key Vault: `keyvault secret show` prints the secret's value (`key show` only a public key). */
const KEYVAULT: ProgramSpec = { ...CHAIN, subcommands: { ...CHAIN.subcommands, secret: nounChain({ ...VERBS, show: printsCredential(OPTIONS) }, OPTIONS) } };

const GROUP_CATEGORIES: Partial<Record<Category, readonly string[]>> = {
  storage: ["storage", "netappfiles"],
  secrets: ["keyvault"],
  databases: ["sql", "cosmosdb", "mysql", "postgres", "mariadb", "redis", "synapse"],
  messaging: ["servicebus", "eventhubs", "eventgrid", "relay"],
  monitoring: ["monitor"],
  apigateway: ["apim"],
  cdn: ["cdn", "afd"],
  infrastructure: ["deployment", "stack"],
  backup: ["backup", "dataprotection"],
  cicd: ["pipelines"],
  platform: ["repos"],
  search: ["search"],
};

function azTree(): ProgramSpec {
  const groups: Record<string, ProgramSpec> = {};
  for (const [category, list] of Object.entries(GROUP_CATEGORIES)) for (const name of list) groups[name] = labelled(category as Category, CHAIN);
  groups.keyvault = labelled("secrets", KEYVAULT);
  groups.network = group(
    undefined,
    {
      ...names(["dns", "private-dns"], labelled("dns", CHAIN)),
      ...names(["lb", "application-gateway", "front-door", "traffic-manager"], labelled("loadbalancer", CHAIN)),
      "*": labelled("cloud", CHAIN),
    },
    OPTIONS,
  );
  groups["*"] = labelled("cloud", CHAIN);
  return { options: OPTIONS, operands: ["read"], subcommands: groups };
}

export const AZ: RemoteCli = {
  id: "az",
  names: ["az"],
  about: "Azure CLI",
  spec: azTree(),
  // A storage account's lifecycle policy with a delete action (inline, or from a file the line does not show):
  // blobs go on a timer, the oldest at once.
  alsoAsksWhen: [{ category: "storage", subcommand: "storage account management-policy create|storage account management-policy update", args: ["@*|*delete*|*Delete*"] }],
  examples: {
    cloud: {
      asks: [
        "az group delete --name rg-prod --yes",
        "az vm delete -g rg -n web-1 --yes",
        "az vm deallocate -g rg -n web-1",
        "az webapp stop -g rg -n shop",
        "az aks scale -g rg -n aks-main --node-count 0",
        "az vmss scale -g rg -n workers --new-capacity 0",
        "az containerapp update -n api -g rg --min-replicas 0 --max-replicas 0",
      ],
      passes: [
        "az vm list -o table",
        "az account show",
        "az webapp restart -g rg -n shop",
        "az aks scale -g rg -n aks-main --node-count 3",
        "az containerapp update -n api -g rg --min-replicas 0 --max-replicas 5",
        "az aks nodepool list -g rg --cluster-name aks-main",
      ],
    },
    storage: {
      asks: [
        "az storage account blob-service-properties update --account-name acme --enable-versioning false --enable-delete-retention false",
        "az storage container delete --name uploads --account-name acme",
        "az storage account management-policy create --account-name acme -g rg --policy @policy.json",
        "az storage blob delete-batch -s logs --pattern '*.gz'",
        "az storage container set-permission --name media --public-access blob --account-name acme",
      ],
      passes: [
        "az storage account blob-service-properties update --account-name acme --enable-delete-retention true --delete-retention-days 14",
        "az storage blob list -c uploads --account-name acme",
        "az storage container set-permission --name media --public-access off --account-name acme",
        "az storage account management-policy show --account-name acme -g rg",
      ],
    },
    secrets: {
      asks: ["az keyvault update --name kv-prod --enable-purge-protection false", "az keyvault secret delete --vault-name kv --name db", "az keyvault purge --name kv-old"],
      passes: [
        "az keyvault update --name kv-prod --enable-purge-protection true",
        "az keyvault secret list --vault-name kv",
        "az keyvault secret show --vault-name kv --name db --query value -o tsv > db.secret",
      ],
    },
    databases: { asks: ["az sql db delete -g rg -s srv -n app --yes"], passes: ["az sql db list -g rg -s srv"] },
    messaging: { asks: ["az servicebus queue delete -g rg --namespace-name bus -n jobs"], passes: ["az servicebus queue list -g rg --namespace-name bus"] },
    monitoring: { asks: ["az monitor log-analytics workspace delete -g rg -n logs"], passes: ["az monitor metrics list --resource x"] },
    apigateway: { asks: ["az apim api delete -g rg --service-name gw --api-id orders"], passes: ["az apim api list -g rg --service-name gw"] },
    cdn: { asks: ["az cdn endpoint delete -g rg --profile-name p -n web"], passes: ["az cdn endpoint list -g rg --profile-name p"] },
    infrastructure: {
      asks: ["az deployment group delete -g rg -n main", "az deployment group create -g rg -f main.bicep --mode Complete"],
      passes: ["az deployment group show -g rg -n main", "az deployment group create -g rg -f main.bicep --mode Incremental"],
    },
    backup: {
      asks: [
        "az backup vault backup-properties set -g rg -n vault --soft-delete-feature-state Disable",
        "az backup vault delete -g rg -n vault --yes",
        "az backup protection disable --resource-group rg-shop --vault-name rsv-shop --container-name db01 --item-name db01 --delete-backup-data true --yes",
      ],
      passes: [
        "az backup vault backup-properties show -g rg -n vault",
        "az backup vault list -g rg",
        "az backup protection disable --resource-group rg-shop --vault-name rsv-shop --container-name db01 --item-name db01 --yes",
      ],
    },
    cicd: {
      asks: ["az pipelines delete --id 12 --yes", "az pipelines variable update --pipeline-name deploy --name DB_PASS --secret false"],
      passes: ["az pipelines list", "az pipelines variable update --pipeline-name deploy --name LOG_LEVEL --value debug"],
    },
    platform: { asks: ["az repos delete --id 0a1b --yes"], passes: ["az repos list"] },
    search: { asks: ["az search service delete -g rg -n docs --yes"], passes: ["az search service show -g rg -n docs"] },
    dns: { asks: ["az network dns record-set a delete -g rg -z example.com -n www"], passes: ["az network dns record-set list -g rg -z example.com"] },
    loadbalancer: { asks: ["az network lb delete -g rg -n web-lb"], passes: ["az network lb show -g rg -n web-lb"] },
  },
};

export const AZCOPY: RemoteCli = {
  id: "azcopy",
  names: ["azcopy"],
  about: "Azure Storage copy tool",
  spec: group("storage", {
    ...names(["remove", "rm"], destroys(undefined, { tagsWith: dryRunWith("--dry-run") })),
    sync: destroysWith(["--delete-destination=true"], { "--delete-destination": "value" }, { tagsWith: dryRunWith("--dry-run") }),
    ...readVerbs(["list", "env", "jobs"]),
  }),
  examples: {
    storage: {
      asks: ["azcopy remove 'https://acme.blob.core.windows.net/logs' --recursive", "azcopy sync ./site 'https://acme.blob.core.windows.net/$web' --delete-destination=true"],
      passes: ["azcopy list 'https://acme.blob.core.windows.net/logs'", "azcopy sync ./site 'https://acme.blob.core.windows.net/$web'"],
    },
  },
};
