// The built-in program tables, in the order they apply (a later table wins a
// name two tables hold; table.test.ts keeps such names on one shared spec).
// Each is loaded by require() when a program it describes is first looked
// up: the tables are most of the shell model's code, and a start that judges
// `git status` should not evaluate the cloud CLIs' grammars (table.ts, with
// the index the build makes in table-index.ts).
import type * as Outputs from "./outputs.ts";
import type * as Files from "./files.ts";
import type * as Network from "./network.ts";
import type * as Interpreters from "./interpreters.ts";
import type * as Builtins from "./builtins.ts";
import type * as Wrappers from "./wrappers.ts";
import type * as RemoteCatalogue from "./remote/catalogue.ts";
import type * as Git from "./git.ts";
import type * as Databases from "./databases.ts";
import type * as Packages from "./packages.ts";
import type * as System from "./system.ts";
import type * as CarriersIndex from "./carriers/index.ts";
import type * as Credentials from "./credentials.ts";
import type * as Blockchain from "./blockchain.ts";
import type * as Devices from "./devices.ts";
import type * as Clusters from "./clusters.ts";
import type { ProgramSpec } from "./spec.ts";

type Table = Readonly<Record<string, ProgramSpec>>;

export const BUILTIN_TABLE_LOADERS: ReadonlyArray<() => Table> = [
  () => (require("./outputs.ts") as typeof Outputs).OUTPUT_PROGRAMS,
  () => (require("./files.ts") as typeof Files).FILE_PROGRAMS,
  () => (require("./network.ts") as typeof Network).NETWORK_PROGRAMS,
  () => (require("./interpreters.ts") as typeof Interpreters).INTERPRETERS,
  () => (require("./builtins.ts") as typeof Builtins).BUILTIN_PROGRAMS,
  () => (require("./wrappers.ts") as typeof Wrappers).WRAPPERS,
  () => (require("./remote/catalogue.ts") as typeof RemoteCatalogue).REMOTE_PROGRAMS,
  () => ({ git: (require("./git.ts") as typeof Git).GIT }),
  () => (require("./databases.ts") as typeof Databases).DATABASE_PROGRAMS,
  () => (require("./packages.ts") as typeof Packages).PACKAGE_PROGRAMS,
  () => (require("./system.ts") as typeof System).SYSTEM_PROGRAMS,
  () => (require("./carriers/index.ts") as typeof CarriersIndex).CARRIER_PROGRAMS,
  () => (require("./credentials.ts") as typeof Credentials).CREDENTIAL_PROGRAMS,
  () => (require("./blockchain.ts") as typeof Blockchain).BLOCKCHAIN_PROGRAMS,
  () => (require("./devices.ts") as typeof Devices).DEVICE_PROGRAMS,
  () => (require("./clusters.ts") as typeof Clusters).CLUSTER_PROGRAMS,
];
