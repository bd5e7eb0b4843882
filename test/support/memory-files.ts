// Included files for in-process loader tests: a map of absolute paths to
// text, globbed with Bun.Glob. A path ending in "@" + another path is a link
// to it (same identity), as realpath would report.
import type { PolicyFiles } from "../../src/policy/load/includes.ts";
import { loadPolicy, type LoadOutcome } from "../../src/policy/load/load.ts";
import { directEngineDeps } from "../../src/policy/load/load-file.ts";
import { runInlineTests } from "../../src/policy/checks/inline-tests.ts";
import { formatProblem } from "../../src/policy/format/source.ts";

function memoryFiles(files: Record<string, string>, links: Record<string, string> = {}): PolicyFiles & { reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    read(path) {
      reads.push(path);
      const target = links[path] ?? path;
      const text = files[target];
      return text === undefined ? { ok: false, problem: "no such file" } : { ok: true, text, identity: target };
    },
    glob(pattern) {
      const glob = new Bun.Glob(pattern);
      return Object.keys(files)
        .filter((path) => glob.match(path))
        .sort();
    },
  };
}

/** Load /p/policy.toml from the map (and run its inline tests); the outcome with formatted problems and warnings. `managed`: a path in the map loaded as the managed policy. */
export function loadFrom(files: Record<string, string>, main = "/p/policy.toml", links: Record<string, string> = {}, managed?: string) {
  const above = managed === undefined ? {} : { managed: { text: files[managed]!, file: managed, identity: managed } };
  const outcome: LoadOutcome = loadPolicy({
    text: files[main]!,
    file: main,
    home: "/home/ada",
    deps: directEngineDeps(),
    files: memoryFiles(files, links),
    identity: main,
    ...above,
  });
  const warnings = outcome.warnings.map(formatProblem);
  if (!outcome.ok) return { ok: false as const, problems: outcome.problems.map(formatProblem), warnings, testFailures: [] as string[] };
  const testFailures = runInlineTests(outcome.policy).map((failure) => `${failure.label}: ${failure.message}`);
  return { ok: true as const, policy: outcome.policy, warnings, testFailures, watch: outcome.watch };
}
