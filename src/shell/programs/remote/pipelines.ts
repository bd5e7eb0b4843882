// Data pipelines, transformations and orchestrators: dbt, Airflow, Dagster,
// Prefect, Meltano and Airbyte's abctl. Rebuilding a production model from
// scratch (`dbt run --full-refresh --target prod`), dropping schemas through a
// macro, deleting DAGs, deployments, runs and their history, resetting or
// cleaning the orchestrator's database and clearing task state ask; runs,
// listings and a development target pass. (Warehouses' own SQL — Snowflake,
// BigQuery, Databricks — is judged by the database pack and their CLIs' tables.)
import { destroys, destroysWith, dryRunWith, group, leaf, names, nounChain, type Options, printsCredential, readVerbs } from "./grammar.ts";
import type { RemoteCli } from "./remote-cli.ts";

const DBT_OPTIONS: Options = {
  "--target": "value",
  "-t": "value",
  "--profiles-dir": "path",
  "--project-dir": "path",
  "--profile": "value",
  "--vars": "value",
  "--select": "value",
  "-s": "value",
  "--exclude": "value",
  "--selector": "value",
  "--args": "value",
  "--state": "path",
  "--threads": "value",
  "-m": "value",
  "--models": "value",
};

/** Targets and profiles named for a shared environment. */
const SHARED_TARGET = "prod|production|prd|live|*-prod|*_prod|prod-*|prod_*|*-production|*_production|production-*|production_*";

/** A full refresh (incremental models dropped and rebuilt from scratch) on a production target. */
const DBT_FULL_REFRESH_PROD = { category: "pipelines", subcommand: "run|build|seed|snapshot", flags: ["--full-refresh"], args: [SHARED_TARGET] } as const;
/** A macro named for dropping or deleting run against the warehouse (`dbt run-operation drop_schema`). */
const DBT_DROPPING_MACRO = { category: "pipelines", subcommand: "run-operation", args: ["*drop*|*delete*|*purge*|*truncate*|*wipe*|*cleanup*|*clean_up*"] } as const;

export const DBT: RemoteCli = {
  id: "dbt",
  names: ["dbt"],
  about: "dbt",
  spec: group("pipelines", { ...readVerbs(["ls", "list", "compile", "parse", "docs", "debug", "show", "test"], DBT_OPTIONS), "*": leaf(DBT_OPTIONS) }, DBT_OPTIONS),
  alsoAsksWhen: [DBT_FULL_REFRESH_PROD, DBT_DROPPING_MACRO],
  examples: {
    pipelines: {
      asks: [
        "dbt run --full-refresh --target prod",
        "dbt build -s orders+ --full-refresh -t production",
        "dbt run-operation drop_schema --args '{schema: analytics}'",
        "dbt seed --full-refresh --target prod",
      ],
      passes: [
        "dbt run --target dev",
        "dbt run --full-refresh --target dev",
        "dbt build --target prod --select orders",
        "dbt test",
        "dbt run-operation grant_select --args '{role: reporter}'",
      ],
    },
  },
};

const AIRFLOW_OPTIONS: Options = {
  "-S": "path",
  "--subdir": "path",
  "-v": "flag",
  "-o": "value",
  "--output": "value",
  "-r": "value",
  "--role": "value",
  "-t": "value",
  "-s": "value",
  "-e": "value",
};
const AIRFLOW_ADMIN_ROLE = ["--role=Admin", "-r=Admin"];

export const AIRFLOW: RemoteCli = {
  id: "airflow",
  names: ["airflow"],
  about: "Airflow CLI",
  spec: group(
    "pipelines",
    {
      dags: group(undefined, {
        delete: destroys(AIRFLOW_OPTIONS),
        // `--reset-dagruns` deletes the existing runs (and their task states) of the range before running it again.
        backfill: destroysWith(["--reset-dagruns", "--reset_dagruns"], AIRFLOW_OPTIONS, { tagsWith: dryRunWith("--dry-run", "-n") }),
        ...readVerbs(["list", "list-runs", "list-jobs", "show", "state", "details", "report", "list-import-errors"], AIRFLOW_OPTIONS),
      }),
      tasks: group(undefined, { clear: destroys(AIRFLOW_OPTIONS), ...readVerbs(["list", "state", "states-for-dag-run", "render"], AIRFLOW_OPTIONS) }),
      db: group(undefined, { ...names(["reset", "clean", "downgrade", "drop-archived"], destroys(AIRFLOW_OPTIONS)), ...readVerbs(["check", "check-migrations"], AIRFLOW_OPTIONS) }),
      // `connections get` prints the connection's URI, its password in it; `export` dumps every connection so.
      connections: group(undefined, { delete: destroys(AIRFLOW_OPTIONS), ...names(["get", "export"], printsCredential(AIRFLOW_OPTIONS)), "*": leaf(AIRFLOW_OPTIONS) }),
      // Variables hold the deployment's API keys as often as its settings: `export` writes them all out.
      variables: group(undefined, { delete: destroys(AIRFLOW_OPTIONS), export: printsCredential(AIRFLOW_OPTIONS), "*": leaf(AIRFLOW_OPTIONS) }),
      pools: group(undefined, { delete: destroys(AIRFLOW_OPTIONS), "*": leaf(AIRFLOW_OPTIONS) }),
      users: group(undefined, {
        delete: destroys(AIRFLOW_OPTIONS),
        "remove-role": destroys(AIRFLOW_OPTIONS),
        create: destroysWith(AIRFLOW_ADMIN_ROLE, AIRFLOW_OPTIONS),
        "add-role": destroysWith(AIRFLOW_ADMIN_ROLE, AIRFLOW_OPTIONS),
        ...readVerbs(["list"], AIRFLOW_OPTIONS),
      }),
      ...readVerbs(["info", "version", "cheat-sheet", "standalone"], AIRFLOW_OPTIONS),
    },
    AIRFLOW_OPTIONS,
  ),
  examples: {
    pipelines: {
      asks: [
        "airflow dags delete nightly_etl -y",
        "airflow db reset -y",
        "airflow db clean --clean-before-timestamp 2030-01-01 -y",
        "airflow tasks clear -y nightly_etl",
        "airflow users create -u eve -e eve@example.com -f E -l V -p x --role Admin",
        "airflow dags backfill nightly_etl -s 2024-01-01 -e 2024-01-31 --reset-dagruns -y",
      ],
      passes: [
        "airflow dags list",
        "airflow dags trigger nightly_etl",
        "airflow dags backfill nightly_etl -s 2024-01-01 -e 2024-01-31",
        "airflow tasks test nightly_etl extract 2024-01-01",
        "airflow db migrate",
        "airflow users create -u bob -e b@example.com -f B -l O -p x --role Viewer",
      ],
    },
  },
};

export const DAGSTER: RemoteCli = {
  id: "dagster",
  names: ["dagster"],
  about: "Dagster CLI",
  spec: {
    ...nounChain(
      { ...names(["wipe", "delete", "migrate", "wipe-cache"], destroys()), ...readVerbs(["list", "logs", "info", "preview"]) },
      { "-w": "read", "-f": "read", "-m": "value", "-d": "path" },
    ),
    tags: ["pipelines"],
  },
  examples: {
    pipelines: {
      asks: ["dagster asset wipe --all", "dagster run wipe", "dagster instance migrate", "dagster run delete 5f3c2b1a"],
      passes: ["dagster dev", "dagster asset list", "dagster job list -f defs.py", "dagster asset materialize --select orders -m pipelines"],
    },
  },
};

export const PREFECT: RemoteCli = {
  id: "prefect",
  names: ["prefect"],
  about: "Prefect CLI",
  spec: {
    ...nounChain(
      { ...names(["delete", "rm", "reset", "downgrade", "unset", "clear"], destroys()), ...readVerbs(["ls", "list", "inspect", "logs", "view"]) },
      { "--id": "value", "--name": "value", "-n": "value" },
    ),
    tags: ["pipelines"],
  },
  examples: {
    pipelines: {
      asks: ["prefect deployment delete etl/nightly", "prefect server database reset -y", "prefect flow-run delete 0f1e2d3c", "prefect work-pool delete default"],
      passes: ["prefect deployment ls", "prefect flow-run ls --limit 5", "prefect deploy --all", "prefect server start"],
    },
  },
};

export const MELTANO: RemoteCli = {
  id: "meltano",
  names: ["meltano"],
  about: "Meltano",
  spec: group(
    "pipelines",
    {
      state: group(undefined, { clear: destroys(), ...readVerbs(["list", "get"]) }),
      ...names(["run", "el", "elt"], destroysWith(["--full-refresh"], { "--state-id": "value", "--environment": "value" })),
    },
    { "--environment": "value", "--cwd": "path" },
  ),
  examples: {
    pipelines: {
      asks: ["meltano state clear dev:tap-postgres-to-target-snowflake", "meltano --environment=prod run --full-refresh tap-postgres target-snowflake"],
      passes: ["meltano run tap-postgres target-snowflake", "meltano state list"],
    },
  },
};

/** abctl: `local uninstall --persisted` deletes the local Airbyte's volumes (every connection and its state); `local credentials` prints the admin password. */
export const ABCTL: RemoteCli = {
  id: "abctl",
  names: ["abctl"],
  about: "Airbyte abctl",
  spec: group("pipelines", { local: group(undefined, { uninstall: destroysWith(["--persisted"]), credentials: printsCredential(), ...readVerbs(["status"]) }) }),
  examples: { pipelines: { asks: ["abctl local uninstall --persisted"], passes: ["abctl local status", "abctl local install", "abctl local uninstall"] } },
};
