// The shell analysis of one input given project files (as the session memory
// or the disk would give them), for the tests of src/shell/session/.
import { SHELL_LIMITS } from "../../src/limits.ts";
import { analyzeShell } from "../../src/shell/analyze.ts";
import { programTable } from "../../src/shell/programs/table.ts";
import type { KnownFile } from "../../src/shell/view/files.ts";

const PROJECT_HOME = "/home/ada";
const context = { home: PROJECT_HOME, programs: programTable({}), limits: SHELL_LIMITS, clock: { now: () => 0 } };

export type GivenFiles = Record<string, string | KnownFile>;

export const projectView = (input: string, files: GivenFiles = {}) =>
  analyzeShell(input, context, new Map(Object.entries(files).map(([path, file]) => [path, typeof file === "string" ? { content: file, label: "given" } : file])));

/** What the input runs beyond its own first command, each as `name operand…`. */
export const ranFrom = (input: string, files: GivenFiles = {}) =>
  projectView(input, files)
    .commands.slice(1)
    .map((command) => [command.name, ...command.operands].join(" "));

/** The project files the analysis asks for (optional ones end in `?`). */
export const neededBy = (input: string, files: GivenFiles = {}) =>
  (projectView(input, files).needs ?? []).filter((need) => need.role !== "path").map((need) => `${need.path}${need.optional ? "?" : ""}`);

/**
 * The files with every listing the input asks for answered from them, as the extension lists the project: a
 * listing a read file names (jasmine's helpers) is asked for once that file is known, so a few rounds.
 */
export function withListings(input: string, files: Record<string, string>): GivenFiles {
  const given: GivenFiles = { ...files };
  for (let round = 0; round < 3; round++)
    for (const need of projectView(input, given).needs ?? [])
      if (need.pattern && given[need.path] === undefined) given[need.path] = { matches: Object.keys(files).filter((path) => new Bun.Glob(need.path).match(path)) };
  return given;
}
