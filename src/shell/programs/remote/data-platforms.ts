// Data platforms and smaller hosting services' CLIs: Databricks, Snowflake's
// `snow`, Upstash, Render, the Jenkins CLI. Their verbs follow the usual
// shapes (`databricks clusters permanent-delete ID`, `snow object drop table
// T`, `jenkins-cli delete-job NAME`), so the grammar names the verbs that
// destroy and reads the rest as it would for a program it does not know.
import { destroys, group, labelled, leaf, names, nounChain, printsCredential, readVerbs } from "./grammar.ts";
import type { RemoteCli } from "./remote-cli.ts";

const DATABRICKS_OPTIONS = { "-p": "value", "--profile": "value", "-o": "value", "--output": "value", "-t": "value", "--target": "value", "--debug": "flag" } as const;
/** Databricks verbs: `delete`, `delete-*` (`delete-run`, `delete-scope`), `permanent-delete`, `rm`, `destroy` (bundles). */
const DATABRICKS_DESTROY = names(["delete", "delete-*", "permanent-delete", "rm", "destroy", "reset"], destroys(DATABRICKS_OPTIONS));
const DATABRICKS_CHAIN = nounChain({ ...DATABRICKS_DESTROY, ...readVerbs(["list", "get", "ls", "cat", "export", "validate", "list-*"], DATABRICKS_OPTIONS) }, DATABRICKS_OPTIONS);

export const DATABRICKS: RemoteCli = {
  id: "databricks",
  names: ["databricks"],
  about: "Databricks CLI",
  spec: {
    options: DATABRICKS_OPTIONS,
    operands: ["read"],
    subcommands: {
      secrets: labelled(
        "secrets",
        nounChain(
          { ...DATABRICKS_DESTROY, "get-secret": printsCredential(DATABRICKS_OPTIONS), ...readVerbs(["list-scopes", "list-secrets"], DATABRICKS_OPTIONS) },
          DATABRICKS_OPTIONS,
        ),
      ),
      ...names(["catalogs", "schemas", "tables", "volumes", "warehouses"], labelled("databases", DATABRICKS_CHAIN)),
      fs: labelled("storage", DATABRICKS_CHAIN),
      // `tokens create` prints a new personal access token.
      // `tokens revoke`, `token-management delete`: whatever used the token stops working.
      ...names(
        ["tokens", "token-management"],
        labelled("cloud", nounChain({ ...DATABRICKS_DESTROY, revoke: destroys(DATABRICKS_OPTIONS), create: printsCredential(DATABRICKS_OPTIONS) }, DATABRICKS_OPTIONS)),
      ),
      // `auth token`: the CLI's own OAuth access token for the workspace.
      auth: group(undefined, { token: printsCredential(DATABRICKS_OPTIONS) }, DATABRICKS_OPTIONS),
      "*": labelled("cloud", DATABRICKS_CHAIN),
    },
  },
  examples: {
    cloud: {
      asks: [
        "databricks clusters permanent-delete 0123-abc",
        "databricks jobs delete 42",
        "databricks workspace delete /Shared/etl --recursive",
        "databricks bundle destroy -t prod",
        "databricks tokens revoke 7c1f",
      ],
      passes: ["databricks clusters list", "databricks jobs run-now 42", "databricks bundle deploy -t dev"],
    },
    storage: { asks: ["databricks fs rm -r dbfs:/mnt/raw"], passes: ["databricks fs ls dbfs:/mnt/raw"] },
    databases: { asks: ["databricks schemas delete main.sales"], passes: ["databricks tables list main sales"] },
    secrets: { asks: ["databricks secrets delete-scope etl"], passes: ["databricks secrets list-scopes"] },
  },
};

const SNOW_OPTIONS = {
  "-c": "value",
  "--connection": "value",
  "--account": "value",
  "--database": "value",
  "--schema": "value",
  "--role": "value",
  "--warehouse": "value",
  "--format": "value",
} as const;

export const SNOW: RemoteCli = {
  id: "snow",
  names: ["snow"],
  about: "Snowflake CLI",
  spec: {
    options: SNOW_OPTIONS,
    operands: ["read"],
    subcommands: {
      // `snow sql -q TEXT` / `-f FILE`: the statements are read as SQL by the database pack.
      sql: { options: { ...SNOW_OPTIONS, "-q": "code:sql", "--query": "code:sql", "-f": "script", "--filename": "script" }, operands: ["read"], stdin: "code:sql" },
      ...names(
        ["object", "stage", "streamlit", "snowpark", "spcs", "app", "notebook", "git", "cortex"],
        labelled(
          "databases",
          nounChain({ ...names(["drop", "remove", "rm", "delete", "teardown"], destroys(SNOW_OPTIONS)), ...readVerbs(["list", "describe", "get"], SNOW_OPTIONS) }, SNOW_OPTIONS),
        ),
      ),
      "*": leaf(SNOW_OPTIONS),
    },
  },
  examples: {
    databases: {
      asks: ["snow object drop table analytics.events", "snow stage remove @raw/2024/", "snow app teardown --force"],
      passes: ["snow object list table --database analytics", "snow sql -q 'select count(*) from events'"],
    },
  },
};

export const UPSTASH: RemoteCli = {
  id: "upstash",
  names: ["upstash"],
  about: "Upstash CLI",
  spec: {
    ...nounChain(
      { ...names(["delete", "rm", "reset-password", "purge"], destroys()), ...readVerbs(["list", "get", "stats"]) },
      { "--email": "value", "--api-key": "value", "-j": "flag", "--json": "flag" },
    ),
    tags: ["databases"],
  },
  examples: { databases: { asks: ["upstash redis delete --id 7f3e", "upstash kafka topic delete --id 1a2b"], passes: ["upstash redis list", "upstash redis get --id 7f3e"] } },
};

export const RENDER: RemoteCli = {
  id: "render",
  names: ["render"],
  about: "Render CLI",
  spec: group(
    "cloud",
    {
      ...names(
        ["services", "deploys", "jobs", "environments", "blueprints", "postgres", "redis", "disks"],
        nounChain({ ...names(["delete", "suspend", "cancel", "rm"], destroys()), ...readVerbs(["list", "logs"]) }),
      ),
      ...readVerbs(["logs", "whoami", "workspaces"]),
    },
    { "-o": "value", "--output": "value" },
  ),
  examples: { cloud: { asks: ["render services delete srv-cq2", "render services suspend srv-cq2"], passes: ["render services list", "render logs -r srv-cq2"] } },
};

/** Jenkins CLI commands that remove jobs, builds, nodes or views, or take the controller or a node down. */
const JENKINS_DESTROY = [
  "delete-*",
  "disconnect-node",
  "offline-node",
  "clear-queue",
  "shutdown",
  "safe-shutdown",
  "restart",
  "safe-restart",
  "cancel-quiet-down",
  "quiet-down",
  "reload-configuration",
  "uninstall-plugin",
  // A Groovy script run on the controller itself, with every credential it stores.
  "groovy",
  "groovysh",
];

export const JENKINS: RemoteCli = {
  id: "jenkins-cli",
  // `java -jar jenkins-cli.jar …` runs it under the jar's own name.
  names: ["jenkins-cli", "jenkins", "jenkins-cli.jar"],
  about: "Jenkins CLI",
  spec: group(
    "cicd",
    { ...names(JENKINS_DESTROY, destroys()), ...readVerbs(["list-jobs", "get-job", "who-am-i", "console", "list-plugins", "version"]) },
    { "-s": "url", "-auth": "value", "-i": "read", "-webSocket": "flag", "-http": "flag", "-ssh": "flag", "-user": "value" },
  ),
  examples: {
    cicd: {
      asks: [
        "jenkins-cli -s https://ci.acme.dev delete-job nightly",
        "jenkins-cli safe-shutdown",
        "java -jar ~/bin/jenkins-cli.jar -s https://ci.acme.dev/ -auth @creds delete-node builder-3",
      ],
      passes: ["jenkins-cli list-jobs", "jenkins-cli build nightly -f", "java -jar jenkins-cli.jar -s https://ci.acme.dev/ list-jobs"],
    },
  },
};
