// Managed databases' CLIs: Neon, PlanetScale, Turso, MongoDB Atlas (and
// Ariga's atlas, `schema clean` drops everything), InfluxDB. Deleting
// databases, branches, clusters and data, and resetting or restoring a
// branch ask. (Database clients, SQL and migration tools are
// builtin:database's; RDS, Cloud SQL and Azure SQL are in the clouds' CLIs.)
import type { ProgramSpec } from "../spec.ts";
import { COCKROACH_SQL } from "../databases.ts";
import { destroys, destroysWith, dryRunWith, group, labelled, names, nounChain, type Options, printsCredential, readVerbs } from "./grammar.ts";
import type { RemoteCli } from "./remote-cli.ts";

const chain = (verbs: readonly string[], options = {}) =>
  labelled("databases", nounChain({ ...names(verbs, destroys(options)), ...readVerbs(["list", "ls", "get", "show", "describe", "info"], options) }, options));

export const NEONCTL: RemoteCli = {
  id: "neonctl",
  names: ["neonctl", "neon"],
  about: "Neon CLI",
  spec: chain(["delete", "reset", "restore"], {
    "--api-key": "value",
    "--project-id": "value",
    "-o": "value",
    "--output": "value",
    "--config-dir": "path",
    "--context-file": "read",
    "--org-id": "value",
    "--api-host": "url",
  }),
  examples: {
    databases: {
      asks: ["neonctl projects delete shy-cell-123", "neonctl branches reset dev --parent", "neonctl branches delete preview-42 --project-id shy-cell-123"],
      passes: ["neonctl branches list --project-id shy-cell-123", "neonctl connection-string dev"],
    },
  },
};

function pscaleSpec(options: Record<string, "value" | "read" | "url">): ProgramSpec {
  const base = chain(["delete"], options);
  return { ...base, subcommands: { ...base.subcommands, password: nounChain({ delete: destroys(options), create: printsCredential(options) }, options) } };
}

export const PSCALE: RemoteCli = {
  id: "pscale",
  names: ["pscale"],
  about: "PlanetScale CLI",
  // `password create` prints the new password once; `deploy-request deploy` is builtin:publish's question (publish-live-by-default).
  spec: pscaleSpec({
    "--org": "value",
    "--service-token": "value",
    "--service-token-id": "value",
    "-f": "value",
    "--format": "value",
    "--config": "read",
    "--api-url": "url",
  }),
  examples: {
    databases: {
      asks: ["pscale database delete shop --force", "pscale branch delete shop feature-x"],
      passes: ["pscale branch list shop", "pscale deploy-request create shop feature-x"],
    },
  },
};

export const TURSO: RemoteCli = {
  id: "turso",
  names: ["turso"],
  about: "Turso CLI",
  spec: {
    ...chain(["destroy"]),
    subcommands: {
      ...chain(["destroy"]).subcommands,
      // `db tokens create DB` prints a token for the database; `auth token` the CLI's own.
      // `db shell DB [SQL]`: the SQL (an argument, or standard input) runs on the hosted database.
      db: nounChain({
        destroy: destroys(),
        ...readVerbs(["list", "show"]),
        tokens: nounChain({ create: printsCredential() }),
        shell: { options: { "--instance": "value", "--location": "value" }, operands: ["value", "code:sql"], stdin: "code:sql" },
      }),
      auth: group(undefined, { token: printsCredential() }),
    },
  },
  examples: {
    databases: { asks: ["turso db destroy my-db --yes", "turso group destroy default"], passes: ["turso db list", "turso db show my-db", "turso db shell my-db .tables"] },
  },
};

// Atlas verbs that take something away: delete, `clusters pause` (the cluster stops serving until someone resumes it),
// `alerts settings disable`, `… terminate`, `backups restores start` (a restore overwrites the target cluster).
const ATLAS_DESTROYS = ["delete", "pause", "disable", "terminate"];
const ATLAS_OPTIONS = { "-P": "value", "--profile": "value", "-o": "value", "--output": "value", "--projectId": "value" } as const;
const ATLAS_SPEC: ProgramSpec = {
  ...chain(ATLAS_DESTROYS, ATLAS_OPTIONS),
  subcommands: {
    ...chain(ATLAS_DESTROYS).subcommands,
    backups: group(
      undefined,
      { restores: group(undefined, { start: destroys(ATLAS_OPTIONS) }), "*": nounChain({ ...names(ATLAS_DESTROYS, destroys(ATLAS_OPTIONS)) }, ATLAS_OPTIONS) },
      ATLAS_OPTIONS,
    ),
    schema: group(undefined, {
      clean: destroys({ "-u": "value", "--url": "value", "--env": "value" }, { tagsWith: dryRunWith("--dry-run") }),
      // Ariga's Atlas: the plan (drops included) applied without showing it first.
      apply: destroysWith(["--auto-approve"], { "-u": "value", "--url": "value", "--to": "value", "--env": "value", "--dev-url": "value" }, { tagsWith: dryRunWith("--dry-run") }),
    }),
    migrate: group(undefined, {
      // Ariga's Atlas: applied migrations rolled back (`migrate down`), the revision table rewritten (`migrate set`).
      ...names(["down", "set"], destroys({ "-u": "value", "--url": "value", "--env": "value", "--dir": "value" }, { tagsWith: dryRunWith("--dry-run") })),
    }),
  },
};

export const ATLAS: RemoteCli = {
  id: "atlas",
  names: ["atlas"],
  about: "MongoDB Atlas CLI (and Ariga's Atlas)",
  spec: ATLAS_SPEC,
  // The project's IP access list opened to every address.
  alsoAsksWhen: [{ category: "databases", subcommand: "accessLists create|accessList create|networking accessList create", args: ["0.0.0.0/0|0.0.0.0|::/0"] }],
  examples: {
    databases: {
      asks: [
        "atlas clusters delete prod --force",
        "atlas dbusers delete alice --projectId 5e2",
        "atlas clusters pause prod --projectId 5e2",
        "atlas alerts settings disable 5d1 --projectId 5e2",
        "atlas accessLists create 0.0.0.0/0 --type cidrBlock --projectId 5e2",
        "atlas backups restores start automated --clusterName prod --targetClusterName prod --snapshotId 5f2",
        "atlas schema clean -u 'mysql://root:pass@localhost:3306/app' --auto-approve",
        "atlas schema apply --url 'postgres://admin@db.internal:5432/app' --to file://schema.hcl --auto-approve",
        "atlas migrate down --env prod",
      ],
      passes: [
        "atlas backups restores list prod",
        "atlas backups snapshots list prod",
        "atlas clusters list",
        "atlas schema inspect -u 'mysql://root:pass@localhost:3306/app'",
        "atlas schema clean -u 'mysql://root:pass@localhost:3306/app' --dry-run",
        "atlas schema apply --url 'postgres://admin@db.internal:5432/app' --to file://schema.hcl",
        "atlas migrate status --url 'postgres://localhost:5432/app'",
      ],
    },
  },
};

// The older mongocli takes the same Atlas commands one level down (`mongocli atlas clusters delete`), and the same
// verbs for Cloud Manager and Ops Manager deployments.
export const MONGOCLI: RemoteCli = {
  id: "mongocli",
  names: ["mongocli"],
  about: "MongoDB CLI (mongocli)",
  spec: group(undefined, { ...names(["atlas", "cloud-manager", "cm", "ops-manager", "om"], chain(ATLAS_DESTROYS, ATLAS_OPTIONS)) }, { "-P": "value", "--profile": "value" }),
  examples: {
    databases: {
      asks: ["mongocli atlas clusters delete staging-2 --force", "mongocli atlas dbusers delete reporter --projectId 61a", "mongocli ops-manager clusters delete legacy"],
      passes: ["mongocli atlas clusters list", "mongocli atlas clusters describe staging-2", "mongocli config list"],
    },
  },
};

export const INFLUX: RemoteCli = {
  id: "influx",
  names: ["influx"],
  about: "InfluxDB CLI",
  // InfluxDB 2's subcommands, and 1.x's single-dash options (`influx -execute 'DROP DATABASE metrics'`).
  spec: {
    ...chain(["delete"], {
      "--host": "url",
      "-t": "value",
      "--token": "value",
      "-o": "value",
      "--org": "value",
      "--configs-path": "read",
      "-c": "value",
      "--active-config": "value",
      "-execute": "code:sql",
      "-host": "host",
      "-port": "port",
      "-database": "value",
      "-username": "value",
      "-password": "value",
      "-path": "read",
      "-format": "value",
      "-precision": "value",
    }),
    singleDashWords: true,
  },
  examples: {
    databases: {
      asks: ["influx bucket delete --name metrics", "influx delete --bucket metrics --start 1970-01-01T00:00:00Z --stop 2030-01-01T00:00:00Z"],
      passes: ["influx bucket list", "influx query 'from(bucket:\"metrics\") |> range(start: -1h)'"],
    },
  },
};

const COCKROACH_OPTIONS = { "--host": "host", "--url": "url", "--certs-dir": "path", "--insecure": "flag" } as const satisfies Options;

export const COCKROACH: RemoteCli = {
  id: "cockroach",
  names: ["cockroach"],
  about: "CockroachDB CLI",
  spec: {
    operands: ["read"],
    subcommands: {
      sql: COCKROACH_SQL,
      // A decommissioned node's replicas move away and it leaves the cluster for good; a drained one stops serving.
      node: group("databases", { ...names(["decommission", "drain"], destroys(COCKROACH_OPTIONS)), ...readVerbs(["status", "ls"], COCKROACH_OPTIONS) }, COCKROACH_OPTIONS),
    },
  },
  examples: {
    databases: {
      asks: ["cockroach node decommission 4 --insecure --host=crdb-1", "cockroach node drain 2 --certs-dir=certs"],
      passes: ["cockroach node status --insecure", "cockroach node ls --host=crdb-1:26257", "cockroach sql --insecure -e 'SHOW TABLES'"],
    },
  },
};
