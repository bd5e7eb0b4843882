// The /policy slash command in the SynapsCLI TUI (command.invoke): status,
// check, rules, reload. Answers are text for a person to read.
import { FIRST_POLICY_WAIT_MS, MAX_PROBLEMS_SHOWN } from "../limits.ts";
import { type CompiledPolicy, evaluate } from "../policy/engine/index.ts";
import { checkEvent, splitWords } from "../report/check-input.ts";
import { describeVerdict } from "../report/describe-verdict.ts";
import { policyFileLines, policyLines, ruleListing, warningLines } from "../report/policy-report.ts";
import { VERSION } from "../version.ts";
import type { AuditHealth, AuditLog } from "./audit.ts";
import type { DryRuns } from "./dry-runs.ts";
import { appendAllowLast } from "./allow-last.ts";
import type { Confirmations } from "./confirmations.ts";
import type { PolicyStore } from "./policy-store.ts";

const SLASH_HELP = `/policy — synaps-policy ${VERSION}
  /policy status                 the policy in force, where it comes from, warnings, the audit log's health
  /policy check <tool> <input>   what a call would get, and why (input: JSON or the main field, quoted as in a shell)
  /policy rules                  the rules in force, by hook
  /policy reload                 load the policy file again now
  /policy allow-last             never ask again for the last call you confirmed: a narrow exception
                                 for exactly that input, written to your policy file with a comment`;

export type SlashContext = { store: PolicyStore; audit: AuditLog | undefined; dryRuns: DryRuns; confirmations?: Confirmations };

/** `args` as the host sends it: a string after the command name (split as a shell would), or a list of words. */
export function slashWords(args: unknown): string[] {
  // Only flat words: String() of a nested value recurses, and a value nested thousands deep would overflow.
  if (Array.isArray(args)) return args.filter((word) => typeof word !== "object" || word === null).map(String);
  if (typeof args === "string") return splitWords(args);
  return [];
}

export async function runSlashCommand(words: string[], context: SlashContext): Promise<string> {
  const [subcommand, ...rest] = words;
  switch (subcommand) {
    case "status":
      return status(context);
    case "check":
      return check(rest, context);
    case "rules":
      return rules(context);
    case "reload":
      return reload(context);
    case "allow-last":
      return allowLast(context);
    case undefined:
    case "help":
      return SLASH_HELP;
    default:
      return `unknown subcommand "${subcommand}"\n\n${SLASH_HELP}`;
  }
}

async function status({ store, audit, dryRuns }: SlashContext): Promise<string> {
  const state = await store.ready(FIRST_POLICY_WAIT_MS);
  const lines = [`synaps-policy ${VERSION}`];
  if (state === undefined) lines.push("policy: still loading — tool calls wait for it, then get block");
  else if (state.kind === "failed") {
    lines.push(`policy: ${state.file} is INVALID — tool calls get "${state.onError}"`);
    lines.push(...state.problems.slice(0, MAX_PROBLEMS_SHOWN).map((problem) => `  ${problem}`));
  } else {
    lines.push(...policyLines(state.policy), ...policyFileLines(store.file, state.policy.source));
    lines.push(`loaded: ${state.loadedAt.toISOString()}`);
    if (state.lastReloadError) lines.push(`last reload FAILED (the policy above stays in force): ${state.lastReloadError}`);
  }
  if (state) lines.push(...warningLines(state.warnings));
  if (store.reloading) lines.push("a reload is being loaded (the policy above answers meanwhile)");
  if (store.lastReloadAt) lines.push(`last reload attempt: ${store.lastReloadAt.toISOString()}`);
  lines.push(auditLine(audit?.health()));
  lines.push(`model dry runs: ${dryRuns.enabled ? `on (${dryRuns.stopped} stopped, ${dryRuns.refused} refused this session)` : "off (model_dry_run)"}`);
  return lines.join("\n");
}

function auditLine(health: AuditHealth | undefined): string {
  if (health === undefined) return "audit log: off (audit_log = off)";
  switch (health.state) {
    case "ok":
      return `audit log: ${health.path} (healthy${health.recovered ? `; recovered ${health.recovered.at} after ${health.recovered.dropped} records were dropped` : ""})`;
    case "failing":
      return `audit log: ${health.path} FAILING since ${health.since} (${health.error}); ${health.dropped} records dropped so far, retrying`;
    case "refused":
      return `audit log: OFF — ${health.path} ${health.reason}`;
  }
}

async function check(words: string[], context: SlashContext): Promise<string> {
  const [tool, ...inputWords] = words;
  if (!tool || inputWords.length === 0) return `usage: /policy check <tool> <input>\n  e.g. /policy check bash 'git push --force'`;
  const state = await context.store.ready(FIRST_POLICY_WAIT_MS);
  if (state?.kind !== "active") return status(context);
  return describeVerdict(state.policy, evaluate(state.policy, checkEvent(state.policy, tool, inputWords.join(" "))), false).trimEnd();
}

async function rules({ store }: SlashContext): Promise<string> {
  const state = await store.ready(FIRST_POLICY_WAIT_MS);
  if (state?.kind !== "active") return "no policy in force (see /policy status)";
  return ruleListing(state.policy);
}

async function reload({ store }: SlashContext): Promise<string> {
  const result = await store.reload();
  const state = store.current;
  if (result.ok && state?.kind === "active") {
    return [`reloaded ${state.policy.source} (hash ${state.policy.hash}, ${state.policy.rules.length} rules)`, ...warningLines(result.warnings)].join("\n");
  }
  return `not reloaded; the last good policy stays in force:\n${(result.problems ?? []).map((problem) => `  ${problem}`).join("\n")}`;
}

/** The managed or project layer a rule comes from (an override in the user's file would be refused), if it does. */
function layerAbove(policy: CompiledPolicy, ruleId: string | undefined): string | undefined {
  if (ruleId === undefined) return undefined;
  const source = policy.rules.find((rule) => rule.ref.id === ruleId)?.ref.source;
  const layer = policy.layers.find((candidate) => candidate.layer !== "user" && candidate.present && candidate.file === source);
  if (!layer) return undefined;
  return layer.layer === "managed"
    ? `the managed policy ${layer.file} (an administrator's)`
    : `the project's policy ${layer.file} (set [defaults] project_policy = "off" to ignore it)`;
}

async function allowLast({ store, confirmations }: SlashContext): Promise<string> {
  const call = confirmations?.last();
  if (!call) return "no confirmed call yet: allow-last turns the last call you confirmed (and the host ran) into an exception";
  const file = store.file;
  if (file === undefined || store.current?.kind !== "active" || store.current.policy.source !== file) {
    return "the policy in force is the embedded default, not a file of yours; run `synaps-policy init`, then confirm the call again";
  }
  const above = layerAbove(store.current.policy, call.rule);
  if (above) return `rule ${call.rule} comes from ${above}, which your file may tighten, never loosen; no exception was written`;
  const appended = appendAllowLast(file, call);
  if (!appended.ok) return appended.why;
  const result = await store.reload();
  if (!result.ok) {
    appended.restore();
    await store.reload();
    return `not written: ${file} would not load with it, so it is as it was:\n${(result.problems ?? []).map((problem) => `  ${problem}`).join("\n")}`;
  }
  return `added to ${file} and reloaded:\n${appended.text.trim()}`;
}
