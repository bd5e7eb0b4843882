// `synaps-policy status` and `rules`: what the /policy slash command shows,
// for the policy the extension would load from this plugin folder.
import type { CliIo } from "./io.ts";
import { existsSync, statSync } from "node:fs";
import { auditPathProblem } from "../plugin/audit-path.ts";
import { policyFileLines, policyJson, policyLines, ruleListing, rulesJson, warningLines } from "../report/policy-report.ts";
import { VERSION } from "../version.ts";
import { parseArgs, UsageError } from "./args.ts";
import { locateAuditLog } from "./audit-file.ts";
import { loadedPolicy } from "./load-policy.ts";
import { locatePolicy, pluginRootOfExecutable } from "./policy-file.ts";
import { describedProject } from "./project-option.ts";

export function runStatus(argv: string[], io: CliIo): number {
  const args = parseArgs(argv, ["--policy", "--project"], ["--json"]);
  if (args.positional.length > 0) throw new UsageError("status takes no arguments");
  const loaded = loadedPolicy(args.values.get("--policy"), io, describedProject(args.values.get("--project")));
  if (!loaded) return 1;
  const audit = locateAuditLog(undefined);
  const file = locatePolicy(args.values.get("--policy")).file;
  if (args.flags.has("--json")) {
    io.out(
      `${JSON.stringify({ version: VERSION, ...policyJson(loaded.policy), policy_file: file ?? null, overrides: loaded.overrides, warnings: loaded.warnings, audit_log: audit ?? null }, null, 2)}\n`,
    );
    return 0;
  }
  const lines = [`synaps-policy ${VERSION}`, ...policyLines(loaded.policy), ...policyFileLines(file, loaded.policy.source), ...warningLines(loaded.warnings), auditLogLine(audit)];
  io.out(`${lines.join("\n")}\n`);
  return 0;
}

export function runRules(argv: string[], io: CliIo): number {
  const args = parseArgs(argv, ["--policy", "--project"], ["--json"]);
  if (args.positional.length > 0) throw new UsageError("rules takes no arguments");
  const loaded = loadedPolicy(args.values.get("--policy"), io, describedProject(args.values.get("--project")));
  if (!loaded) return 1;
  io.out(args.flags.has("--json") ? `${JSON.stringify(rulesJson(loaded.policy), null, 2)}\n` : `${ruleListing(loaded.policy)}\n`);
  return 0;
}

function auditLogLine(path: string | undefined): string {
  if (path === undefined) return "audit log: off (audit_log = off)";
  const problem = auditPathProblem(path, pluginRootOfExecutable());
  if (problem) return `audit log: ${path} — REFUSED: ${problem}; the extension writes nothing there`;
  if (!existsSync(path)) return `audit log: ${path} (not written yet)`;
  const stat = statSync(path);
  return `audit log: ${path} (${stat.size} bytes, last written ${stat.mtime.toISOString()}); read it with: synaps-policy log`;
}
