// `synaps-policy status` and `rules`: what the /policy slash command shows,
// for the policy the extension would load from this plugin folder.
import { existsSync, statSync, writeSync } from "node:fs";
import { auditPathProblem } from "../plugin/audit-path.ts";
import { policyFileLines, policyLines, ruleListing, warningLines } from "../report/policy-report.ts";
import { VERSION } from "../version.ts";
import { parseArgs, UsageError } from "./args.ts";
import { locateAuditLog } from "./audit-file.ts";
import { loadedPolicy } from "./load-policy.ts";
import { locatePolicy, pluginRootOfExecutable } from "./policy-file.ts";

export function runStatus(argv: string[]): number {
  const args = parseArgs(argv, ["--policy"], []);
  if (args.positional.length > 0) throw new UsageError("status takes no arguments");
  const loaded = loadedPolicy(args.values.get("--policy"));
  if (!loaded) return 1;
  const file = locatePolicy(args.values.get("--policy")).file;
  const lines = [
    `synaps-policy ${VERSION}`,
    ...policyLines(loaded.policy),
    ...policyFileLines(file, loaded.policy.source),
    ...warningLines(loaded.warnings),
    auditLogLine(locateAuditLog(undefined)),
  ];
  writeSync(1, `${lines.join("\n")}\n`);
  return 0;
}

export function runRules(argv: string[]): number {
  const args = parseArgs(argv, ["--policy"], []);
  if (args.positional.length > 0) throw new UsageError("rules takes no arguments");
  const loaded = loadedPolicy(args.values.get("--policy"));
  if (!loaded) return 1;
  writeSync(1, `${ruleListing(loaded.policy)}\n`);
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
