// The built-in program tables, in the order they apply (a later table wins a
// name two tables hold; table.test.ts keeps such names on one shared spec).
// Each is loaded by require() when a program it describes is first looked
// up: the tables are most of the shell model's code, and a start that judges
// `git status` should not evaluate the cloud CLIs' grammars (table.ts, with
// the index the build makes in table-index.ts).
import type { ProgramSpec } from "./spec.ts";

type Table = Readonly<Record<string, ProgramSpec>>;

export const BUILTIN_TABLE_LOADERS: ReadonlyArray<() => Table> = [
  () => (require("./outputs.ts") as typeof import("./outputs.ts")).OUTPUT_PROGRAMS,
  () => (require("./files.ts") as typeof import("./files.ts")).FILE_PROGRAMS,
  () => (require("./network.ts") as typeof import("./network.ts")).NETWORK_PROGRAMS,
  () => (require("./interpreters.ts") as typeof import("./interpreters.ts")).INTERPRETERS,
  () => (require("./builtins.ts") as typeof import("./builtins.ts")).BUILTIN_PROGRAMS,
  () => (require("./wrappers.ts") as typeof import("./wrappers.ts")).WRAPPERS,
  () => (require("./remote/catalogue.ts") as typeof import("./remote/catalogue.ts")).REMOTE_PROGRAMS,
  () => ({ git: (require("./git.ts") as typeof import("./git.ts")).GIT }),
  () => (require("./databases.ts") as typeof import("./databases.ts")).DATABASE_PROGRAMS,
  () => (require("./packages.ts") as typeof import("./packages.ts")).PACKAGE_PROGRAMS,
  () => (require("./system.ts") as typeof import("./system.ts")).SYSTEM_PROGRAMS,
  () => (require("./carriers/index.ts") as typeof import("./carriers/index.ts")).CARRIER_PROGRAMS,
  () => (require("./credentials.ts") as typeof import("./credentials.ts")).CREDENTIAL_PROGRAMS,
];
