// Smaller hosted services and developer platforms whose CLIs delete what
// they hold with ordinary verbs: Aiven, Exoscale, Rancher, Bigtable's cbt,
// ZooKeeper's shell, Drone CI, Cloudflare Tunnel, Auth0, Appwrite, Hasura,
// Expo's eas, Deno Deploy, Shopify themes, Twilio, Xata and Fauna. Their
// deleting verbs ask; reads pass; a verb that prints a credential (a tunnel's
// token, an application's client secret) carries the credential-output label.
import type { Category } from "./categories.ts";
import type { ProgramSpec } from "../spec.ts";
import { destroys, destroysWith, dryRunWith, group, labelled, leaf, names, nounChain, type Options, printsCredential, printsCredentialWith, reads, readVerbs } from "./grammar.ts";
import type { RemoteCli } from "./remote-cli.ts";

const READS = ["list", "ls", "get", "show", "describe", "info", "status"];

/** A CLI whose verbs follow nouns (`avn service terminate NAME`); `destroying` verbs ask, the usual read verbs read. */
function chainCli(category: Category, destroying: readonly string[], options: Options = {}, more: Record<string, ReturnType<typeof destroys>> = {}) {
  return labelled(category, nounChain({ ...names(destroying, destroys(options)), ...readVerbs(READS, options), ...more }, options));
}

export const AVN: RemoteCli = {
  id: "avn",
  names: ["avn"],
  about: "Aiven CLI",
  spec: chainCli("databases", ["terminate", "delete", "*-delete"], { "--project": "value" }),
  examples: {
    databases: {
      asks: ["avn service terminate pg-prod --force", "avn service topic-delete kafka-main orders", "avn service database-delete pg-prod --dbname app"],
      passes: ["avn service list", "avn service get pg-prod", "avn service create pg-dev -t pg --plan hobbyist"],
    },
  },
};

export const EXO: RemoteCli = {
  id: "exo",
  // Some package managers install it as `exoscale`.
  names: ["exo", "exoscale"],
  about: "Exoscale CLI",
  spec: {
    operands: ["read"],
    subcommands: { storage: chainCli("storage", ["rb", "rm", "delete"]), dbaas: chainCli("databases", ["delete"]), "*": chainCli("cloud", ["delete", "rm", "del"]) },
  },
  examples: {
    cloud: { asks: ["exo compute instance delete web-1 --force"], passes: ["exo compute instance list"] },
    storage: { asks: ["exo storage rb sos://old-assets --recursive"], passes: ["exo storage ls sos://assets"] },
    databases: { asks: ["exo dbaas delete pg-main"], passes: ["exo dbaas show pg-main"] },
  },
};

export const RANCHER: RemoteCli = {
  id: "rancher",
  names: ["rancher"],
  about: "Rancher CLI",
  spec: chainCli("kubernetes", ["delete", "rm"]),
  examples: { kubernetes: { asks: ["rancher clusters delete staging", "rancher namespaces delete payments"], passes: ["rancher clusters ls", "rancher context switch"] } },
};

export const CBT: RemoteCli = {
  id: "cbt",
  names: ["cbt"],
  about: "Cloud Bigtable's cbt",
  spec: labelled("databases", {
    operands: ["read"],
    singleDashWords: true,
    options: { "-project": "value", "-instance": "value", "-creds": "read" },
    // One row deleted (`deleterow`) passes, like one key.
    subcommands: {
      ...names(["deletetable", "deleteinstance", "deletecluster", "deletefamily", "deleteallrows", "deleteappprofile", "deletesnapshot"], destroys()),
      ...readVerbs(["ls", "read", "lookup", "count"]),
    },
  }),
  examples: {
    databases: {
      asks: ["cbt -instance main deletetable events", "cbt deleteallrows sessions"],
      passes: ["cbt -instance main ls", "cbt read events count=5", "cbt deleterow events r1"],
    },
  },
};

export const ZKCLI: RemoteCli = {
  id: "zkcli",
  names: ["zkCli.sh", "zkCli"],
  about: "ZooKeeper's shell",
  // `deleteall PATH` (and the old `rmr`) deletes a whole subtree; `delete PATH` one childless node.
  spec: labelled("databases", {
    operands: ["read"],
    singleDashWords: true,
    options: { "-server": "value" },
    subcommands: { ...names(["deleteall", "rmr"], destroys()), ...readVerbs(["ls", "get", "stat"]) },
  }),
  examples: {
    databases: {
      asks: ["zkCli.sh -server zk1:2181 deleteall /kafka", "zkCli.sh rmr /app/config"],
      passes: ["zkCli.sh -server zk1:2181 ls /", "zkCli.sh delete /app/locks/job-17"],
    },
  },
};

export const DRONE: RemoteCli = {
  id: "drone",
  names: ["drone"],
  about: "Drone CI CLI",
  spec: { operands: ["read"], subcommands: { ...names(["secret", "orgsecret"], chainCli("secrets", ["rm", "delete"])), "*": chainCli("cicd", ["rm", "purge", "delete"]) } },
  examples: {
    cicd: { asks: ["drone repo rm octo/app", "drone build purge octo/app 100"], passes: ["drone build ls octo/app", "drone repo info octo/app"] },
    secrets: { asks: ["drone secret rm --repo octo/app --name deploy_key"], passes: ["drone secret ls --repo octo/app"] },
  },
};

export const CLOUDFLARED: RemoteCli = {
  id: "cloudflared",
  names: ["cloudflared"],
  about: "Cloudflare Tunnel (cloudflared)",
  // `tunnel token NAME` prints the secret that lets anyone run the tunnel.
  spec: group(undefined, { tunnel: chainCli("cdn", ["delete", "cleanup"], {}, { token: printsCredential() }) }),
  examples: {
    cdn: {
      asks: ["cloudflared tunnel delete prod-ingress", "cloudflared tunnel cleanup prod-ingress"],
      passes: ["cloudflared tunnel list", "cloudflared tunnel info prod-ingress"],
    },
  },
};

export const AUTH0: RemoteCli = {
  id: "auth0",
  names: ["auth0"],
  about: "Auth0 CLI",
  // `apps show --reveal-secrets` prints the application's client secret; `users roles remove` takes a user's roles away.
  // `users roles assign|add` and `roles permissions add` hand out rights: whoever holds the role gets the API's scopes.
  spec: chainCli(
    "cloud",
    ["delete", "rm", "remove", "assign"],
    {},
    {
      show: printsCredentialWith(["--reveal-secrets", "-r"]),
      roles: nounChain({ ...names(["delete", "rm", "remove", "assign", "add"], destroys()), ...readVerbs(READS) }),
    },
  ),
  examples: {
    cloud: {
      asks: [
        "auth0 apps delete 8bxq --force",
        "auth0 users delete 'auth0|64f1'",
        "auth0 users roles remove 'auth0|64f1' --roles rol_1",
        "auth0 users roles assign 'auth0|64f1' --roles rol_admin",
        "auth0 roles permissions add rol_7 --api-id https://api.example.test --permissions 'write:all'",
        "auth0 users roles add 'auth0|64f1' -r rol_9",
      ],
      passes: [
        "auth0 apps list",
        "auth0 users search --query email:bob@example.com",
        "auth0 roles list",
        "auth0 roles permissions list rol_7",
        "auth0 users roles show 'auth0|64f1'",
      ],
    },
  },
};

export const APPWRITE: RemoteCli = {
  id: "appwrite",
  names: ["appwrite"],
  about: "Appwrite CLI",
  spec: {
    operands: ["read"],
    subcommands: {
      databases: chainCli("databases", ["delete", "delete-*"]),
      storage: chainCli("storage", ["delete", "delete-*"]),
      "*": chainCli("cloud", ["delete", "delete-*"]),
    },
  },
  examples: {
    cloud: { asks: ["appwrite functions delete --function-id resize"], passes: ["appwrite functions list"] },
    databases: {
      asks: ["appwrite databases delete --database-id main", "appwrite databases delete-collection --database-id main --collection-id orders"],
      passes: ["appwrite databases list"],
    },
    storage: { asks: ["appwrite storage delete-bucket --bucket-id avatars"], passes: ["appwrite storage list-buckets"] },
  },
};

export const HASURA: RemoteCli = {
  id: "hasura",
  names: ["hasura"],
  about: "Hasura CLI",
  spec: labelled(
    "databases",
    group(undefined, {
      // `metadata clear` (`reset`) drops every tracked table, relationship and permission.
      metadata: group(undefined, { ...names(["clear", "reset"], destroys()) }),
      // `migrate apply --down all` undoes every migration; `migrate delete --all` forgets them.
      migrate: group(undefined, { apply: destroysWith(["--down=all"], { "--down": "value", "--database-name": "value" }), delete: destroys() }),
    }),
  ),
  examples: {
    databases: {
      asks: ["hasura metadata clear", "hasura migrate apply --down all --database-name default", "hasura migrate delete --all"],
      passes: ["hasura metadata apply", "hasura migrate apply --database-name default", "hasura migrate status"],
    },
  },
};

export const EAS: RemoteCli = {
  id: "eas",
  names: ["eas"],
  about: "Expo Application Services CLI",
  spec: {
    operands: ["read"],
    subcommands: { ...names(["secret:delete", "env:delete"], labelled("secrets", destroys())), ...names(["*:delete"], labelled("cloud", destroys())) },
  },
  examples: {
    cloud: { asks: ["eas channel:delete production", "eas update:delete 0b7f"], passes: ["eas build:list", "eas update --branch preview"] },
    secrets: { asks: ["eas secret:delete --id 1f2e", "eas env:delete --variable-name SENTRY_TOKEN"], passes: ["eas secret:list"] },
  },
};

export const DEPLOYCTL: RemoteCli = {
  id: "deployctl",
  names: ["deployctl"],
  about: "Deno Deploy CLI",
  spec: chainCli("cloud", ["delete"]),
  examples: {
    cloud: { asks: ["deployctl projects delete shop-api", "deployctl deployments delete 4y2k"], passes: ["deployctl projects list", "deployctl deploy --prod main.ts"] },
  },
};

export const SHOPIFY: RemoteCli = {
  id: "shopify",
  names: ["shopify"],
  about: "Shopify CLI",
  spec: chainCli("cloud", ["delete"]),
  examples: { cloud: { asks: ["shopify theme delete -t 1234 --force"], passes: ["shopify theme list", "shopify theme dev"] } },
};

/** `TOPIC:VERB` at one to four topic levels (a name pattern's `*` never crosses a colon). */
function topics(verbs: readonly string[]): string[] {
  return verbs.flatMap((verb) => [1, 2, 3, 4].map((depth) => `${Array(depth).fill("*").join(":")}:${verb}`));
}

/** A phone number's webhook options: where its messages and calls are sent. */
const TWILIO_HOOKS = ["--sms-url", "--voice-url", "--sms-fallback-url", "--voice-fallback-url", "--status-callback"];
const TWILIO_HOOK_OPTIONS: Options = Object.fromEntries(TWILIO_HOOKS.map((option) => [option, "url"]));

export const TWILIO: RemoteCli = {
  id: "twilio",
  names: ["twilio"],
  about: "Twilio CLI",
  // Topics are colon-joined (`api:core:incoming-phone-numbers:remove`, `phone-numbers:update`).
  // A message or a call created reaches a real phone and is billed; a sub-account closed (`--status closed`) is gone.
  spec: labelled("cloud", {
    operands: ["read"],
    subcommands: {
      ...names(topics(["remove", "delete"]), destroys()),
      ...names(["api:core:messages:create", "api:core:calls:create", "api:2010-04-01:messages:create", "api:2010-04-01:calls:create"], destroys()),
      // A number's webhooks pointed elsewhere: every SMS (sign-in codes among them) and call to it goes to that URL.
      ...names(["phone-numbers:update", "api:core:incoming-phone-numbers:update", "api:2010-04-01:incoming-phone-numbers:update"], destroysWith(TWILIO_HOOKS, TWILIO_HOOK_OPTIONS)),
      ...readVerbs(topics(["list", "fetch"])),
    },
  }),
  alsoAsksWhen: [{ category: "cloud", args: ["api:core:accounts:update", "closed|suspended"] }],
  examples: {
    cloud: {
      asks: [
        "twilio api:core:incoming-phone-numbers:remove --sid PN0123",
        "twilio api:core:messages:create --from +15550100 --to +15550111 --body hi",
        "twilio api:core:calls:create --from +15550100 --to +15550111 --url https://x.test/twiml",
        "twilio api:core:accounts:update --sid AC123 --status closed",
        "twilio phone-numbers:update +15550100 --sms-url https://hooks.example.test/sms",
        "twilio api:core:incoming-phone-numbers:update --sid PN0123 --voice-url https://hooks.example.test/voice",
      ],
      passes: [
        "twilio phone-numbers:list",
        "twilio api:core:messages:list --limit 5",
        "twilio api:core:accounts:update --sid AC123 --friendly-name ops",
        "twilio phone-numbers:update +15550100 --friendly-name support",
      ],
    },
  },
};

export const XATA: RemoteCli = {
  id: "xata",
  names: ["xata"],
  about: "Xata CLI",
  spec: chainCli("databases", ["delete"]),
  examples: { databases: { asks: ["xata branch delete preview-12", "xata dbs delete shop --force"], passes: ["xata dbs list", "xata branch list"] } },
};

export const FAUNA: RemoteCli = {
  id: "fauna",
  names: ["fauna"],
  about: "Fauna CLI",
  spec: chainCli("databases", ["delete", "delete-database", "delete-key"]),
  examples: { databases: { asks: ["fauna delete-database prod", "fauna database delete --name staging"], passes: ["fauna database list", "fauna list-databases"] } },
};

const SF_OPTIONS: Options = { "-o": "value", "--target-org": "value", "-u": "value", "--targetusername": "value", "--api-version": "value" };

/** A level whose subcommands are all listed: any other word is undescribed, and judged by the command's words. */
function described(options: Options, subcommands: Record<string, ProgramSpec>): ProgramSpec {
  return { options, operands: ["read"], subcommands };
}

/** Salesforce's `sf` (and the older `sfdx force:…` topics): an org's records and metadata are the customer's live data. */
export const SF: RemoteCli = {
  id: "sf",
  names: ["sf", "sfdx"],
  about: "Salesforce CLI (sf, sfdx)",
  // A scratch org is made from a file in minutes and deleting one is everyday; a sandbox holds a copy of production's
  // data and configuration. `data delete` deletes records; `project delete source` deletes metadata in the org; a
  // deploy with `--purge-on-delete` erases deleted components at once. `org display --verbose` and
  // `org open --url-only` print the org's session token (a login URL).
  // No level takes other names: a subcommand not described here (`sf apex run`, `sf project deploy start`) is judged
  // by its words, as an unknown CLI's are (`-o production` with a deploy or delete word asks).
  spec: {
    ...described(SF_OPTIONS, {
      org: described(SF_OPTIONS, {
        delete: described(SF_OPTIONS, { sandbox: destroys(SF_OPTIONS), scratch: reads(SF_OPTIONS) }),
        display: printsCredentialWith(["--verbose"], SF_OPTIONS),
        open: printsCredentialWith(["-r", "--url-only"], SF_OPTIONS),
        ...readVerbs(["list"], SF_OPTIONS),
      }),
      data: described(SF_OPTIONS, { delete: destroys(SF_OPTIONS), ...readVerbs(["query", "get", "search"], SF_OPTIONS) }),
      // `apex run` executes anonymous Apex in the org with the user's rights: any DML on live records, which the guard
      // cannot read. `apex run test` runs the org's tests; `apex get|list log` read.
      apex: described(SF_OPTIONS, {
        run: { ...destroysWith(["-f", "--file"], { ...SF_OPTIONS, "-f": "read", "--file": "read" }), subcommands: { test: reads(SF_OPTIONS) } },
        ...readVerbs(["get", "list", "tail"], SF_OPTIONS),
      }),
      "force:apex:execute": destroys({ ...SF_OPTIONS, "-f": "read", "--apexcodefile": "read" }),
      project: described(SF_OPTIONS, {
        delete: described(SF_OPTIONS, { source: destroys(SF_OPTIONS, { tagsWith: dryRunWith("--check-only", "--dry-run") }) }),
        retrieve: leaf(SF_OPTIONS),
      }),
      ...names(["force:source:delete", "force:data:record:delete", "force:data:bulk:delete", "force:org:delete:sandbox"], destroys(SF_OPTIONS)),
      "force:org:display": printsCredentialWith(["--verbose"], SF_OPTIONS),
    }),
    tags: ["cloud"],
  },
  // A deploy told to erase the components it deletes at once, not leave them in the recycle bin.
  alsoAsksWhen: [{ category: "cloud", args: ["deploy"], flags: ["--purge-on-delete"] }],
  examples: {
    cloud: {
      asks: [
        "sf org delete sandbox -o uat --no-prompt",
        "sf data delete record -s Account -i 001x000003DGb2N -o acme",
        "sf project delete source -m ApexClass:Billing -o acme",
        "sf project deploy start -o acme --purge-on-delete",
        "sfdx force:data:record:delete -s Account -i 001x -u acme",
        "sf apex run --target-org acme --file scripts/cleanup.apex",
        "sfdx force:apex:execute -f scripts/fix.apex -u acme",
      ],
      passes: [
        "sf org list",
        "sf org delete scratch -o feature-42 -p",
        "sf data query -q 'SELECT Id FROM Account LIMIT 5' -o dev",
        "sf project deploy start --dry-run -o acme",
        "sf project retrieve start -o acme",
        "sf org display -o feature-42",
        "sf apex run test --target-org acme --code-coverage",
        "sf apex get log -i 07L5x -o acme",
      ],
    },
  },
};

/** Zendesk's zcli: `apps:delete` removes an installed app, `tickets:delete` a ticket with its history (colon topics). */
export const ZCLI: RemoteCli = {
  id: "zcli",
  names: ["zcli"],
  about: "Zendesk CLI (zcli)",
  spec: labelled("cloud", { operands: ["read"], subcommands: { ...names(["*:delete", "*:remove", "*:destroy"], destroys()), ...readVerbs(["*:list", "*:show"]) } }),
  examples: { cloud: { asks: ["zcli apps:delete 4231", "zcli themes:delete 8f2a"], passes: ["zcli apps:validate ./app", "zcli apps:server ./app", "zcli login -i"] } },
};
