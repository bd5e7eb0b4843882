// The carriers: programs that can run a command, read a secret or write a
// file through their options, arguments, environment or input (the GTFOBins
// catalogue's programs found on developer machines, in our own words), by
// group. Programs that already had a table elsewhere (sed, awk, less, tar's
// cousins in files.ts, ssh and rsync in network.ts, strace in wrappers.ts,
// git) are extended there instead.
import type { ProgramSpec } from "../spec.ts";
import { ARCHIVERS } from "./archivers.ts";
import { BUILD_TOOLS } from "./build-tools.ts";
import { CONSOLES } from "./consoles.ts";
import { DEBUGGERS } from "./debuggers.ts";
import { EDITORS } from "./editors.ts";
import { HOOK_PROGRAMS } from "./hooks.ts";
import { OUTPUT_OPTION_PROGRAMS } from "./output-options.ts";
import { LANGUAGE_TOOLS } from "./language-tools.ts";
import { NETWORK_TOOLS } from "./network-tools.ts";
import { RUNNERS } from "./runners.ts";
import { SYSTEM_TOOLS } from "./system-tools.ts";
import { TEXT_TOOLS } from "./text-tools.ts";

export const CARRIER_GROUPS: ReadonlyArray<{ title: string; programs: Readonly<Record<string, ProgramSpec>> }> = [
  { title: "archivers and compressors", programs: ARCHIVERS },
  { title: "editors and pagers", programs: EDITORS },
  { title: "debuggers and tracers", programs: DEBUGGERS },
  { title: "build tools and package runners", programs: BUILD_TOOLS },
  { title: "text and document tools", programs: TEXT_TOOLS },
  { title: "network tools", programs: NETWORK_TOOLS },
  { title: "interpreters and language tools", programs: LANGUAGE_TOOLS },
  { title: "programs that run a command", programs: RUNNERS },
  { title: "system tools", programs: SYSTEM_TOOLS },
  { title: "interactive consoles with a shell escape", programs: CONSOLES },
  { title: "programs that run a hook, a helper or a library they are given", programs: HOOK_PROGRAMS },
  { title: "programs that write a file an option names", programs: OUTPUT_OPTION_PROGRAMS },
];

export const CARRIER_PROGRAMS: Readonly<Record<string, ProgramSpec>> = Object.assign({}, ...CARRIER_GROUPS.map((group) => group.programs));
