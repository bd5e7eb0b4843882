// The /policy slash command in the SynapsCLI TUI (command.invoke): status,
// check, rules, reload. Answers are text for a person to read.
import { evaluate, ruleSummary } from "../policy/engine.ts";
import { checkEvent, splitWords } from "../report/check-input.ts";
import { describeVerdict } from "../report/describe-verdict.ts";
import { VERSION } from "../version.ts";
import type { PolicyStore } from "./policy-store.ts";

export const SLASH_HELP = `/policy — synaps-policy ${VERSION}
  /policy status                 the policy in force, its last reload, the audit log
  /policy check <tool> <input>   what a call would get, and why (input: JSON or the main field)
  /policy rules                  the rules in force, by hook
  /policy reload                 load the policy file again now`;

export type SlashContext = { store: PolicyStore; auditLog: string | undefined };

/** `args` as the host sends it: a string after the command name (split as a shell would), or a list of words. */
export function slashWords(args: unknown): string[] {
  // Only flat words: String() of a nested value recurses, and a value nested thousands deep would overflow.
  if (Array.isArray(args)) return args.filter((word) => typeof word !== "object" || word === null).map(String);
  if (typeof args === "string") return splitWords(args);
  return [];
}

export function runSlashCommand(words: string[], context: SlashContext): string {
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
    case undefined:
    case "help":
      return SLASH_HELP;
    default:
      return `unknown subcommand "${subcommand}"\n\n${SLASH_HELP}`;
  }
}

function status({ store, auditLog }: SlashContext): string {
  const state = store.state;
  const lines = [`synaps-policy ${VERSION}`];
  if (state.kind === "failed") {
    lines.push(`policy: ${state.file} is INVALID — tool calls get "${state.onError}"`);
    lines.push(...state.problems.slice(0, 5).map((problem) => `  ${problem}`));
  } else {
    const policy = state.policy;
    const fromPacks = policy.rules.filter((rule) => rule.ref.source.startsWith("builtin:")).length;
    lines.push(`policy: ${policy.source} (hash ${policy.hash})`);
    lines.push(`rules: ${policy.rules.length} (${fromPacks} from built-in packs), ${policy.tests.filter((test) => !test.shipped).length} inline tests passed`);
    lines.push(`defaults: decision ${policy.defaults.decision}, on_error ${policy.defaults.on_error}`);
    lines.push(`loaded: ${state.loadedAt.toISOString()}`);
    if (state.lastReloadError) lines.push(`last reload FAILED (the policy above stays in force): ${state.lastReloadError}`);
  }
  if (store.lastReloadAt) lines.push(`last reload attempt: ${store.lastReloadAt.toISOString()}`);
  lines.push(`audit log: ${auditLog ?? "off"}`);
  return lines.join("\n");
}

function check(words: string[], { store }: SlashContext): string {
  const [tool, ...inputWords] = words;
  if (!tool || inputWords.length === 0) return `usage: /policy check <tool> <input>\n  e.g. /policy check bash 'git push --force'`;
  const state = store.state;
  if (state.kind !== "active") return status({ store, auditLog: undefined });
  return describeVerdict(state.policy, evaluate(state.policy, checkEvent(state.policy, tool, inputWords.join(" "))), false).trimEnd();
}

function rules({ store }: SlashContext): string {
  const state = store.state;
  if (state.kind !== "active") return "no policy in force (see /policy status)";
  const lines: string[] = [];
  for (const [hook, hookRules] of Object.entries(state.policy.byHook)) {
    if (hookRules.length === 0) continue;
    lines.push(`${hook}:`);
    for (const rule of hookRules) {
      const where = rule.ref.line ? `${rule.ref.source}:${rule.ref.line}` : rule.ref.source;
      lines.push(`  ${rule.decision.padEnd(8)} ${rule.ref.id} — ${ruleSummary(rule)} (${where})`);
    }
  }
  return lines.join("\n");
}

function reload({ store }: SlashContext): string {
  const result = store.reload();
  const state = store.state;
  if (result.ok && state?.kind === "active") return `reloaded ${state.policy.source} (hash ${state.policy.hash}, ${state.policy.rules.length} rules)`;
  return `not reloaded; the last good policy stays in force:\n${(result.problems ?? []).map((problem) => `  ${problem}`).join("\n")}`;
}
