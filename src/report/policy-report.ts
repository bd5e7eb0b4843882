// What `/policy status`, `/policy rules`, `synaps-policy status` and
// `synaps-policy rules` say about a policy: where it comes from (every file,
// in the order that breaks ties), its rules by hook with their mode and any
// override, and the warnings about rules that can never fire.
import { chosenFamilies, FAMILY_IDS } from "../match/secrets/families.ts";
import { type CompiledPolicy, type CompiledRule, type PolicyLayer, ruleSummary, HOOK_KINDS } from "../policy/engine/index.ts";

/** The policy in force: file, hash, counts, defaults, and the files it is made of. */
export function policyLines(policy: CompiledPolicy): string[] {
  const fromPacks = policy.rules.filter((rule) => rule.ref.source.startsWith("builtin:")).length;
  const observed = policy.rules.filter((rule) => rule.mode === "observe").length;
  const written = policy.would?.defaults ?? policy.defaults;
  const mode = written.mode === "observe" ? "OBSERVE (tool-call decisions are only audited; calls go on)" : "enforce";
  return [
    `policy: ${policy.source} (hash ${policy.hash})`,
    `rules: ${policy.rules.length} (${fromPacks} from built-in packs${observed > 0 ? `, ${observed} in observe mode` : ""}), ${policy.tests.length} inline tests passed`,
    `defaults: decision ${written.decision}, on_error ${written.on_error}, mode ${mode}`,
    ...redactionLines(policy),
    ...layerLines(policy),
    ...originLines(policy),
  ];
}

/** The layers, highest first, and who owns each: what the user's files can only tighten. */
export function layerLines(policy: CompiledPolicy): string[] {
  if (policy.layers.length === 0) return [];
  const owner = {
    managed: "an administrator's; your files can tighten it, never loosen it",
    user: "yours",
    project: "the project's; it can tighten yours, never loosen it",
  } as const;
  const state = (layer: PolicyLayer) => (!layer.present ? "none there" : layer.ignored ? `not applied: ${layer.ignored}` : owner[layer.layer]);
  return ["layers, highest first:", ...policy.layers.map((layer) => `  ${layer.layer}: ${layer.file} (${state(layer)})`)];
}

/** Which detector families each redact rule switches on for tool output; what leaves the process otherwise always gets them all. */
export function redactionLines(policy: CompiledPolicy): string[] {
  const rules = policy.byHook.after_tool_call.filter((rule) => rule.decision === "redact");
  const own = policy.ownPatterns.length;
  const elsewhere = `  block reasons, the audit log, stderr: every detector family${own > 0 ? ` and ${own} own pattern${own === 1 ? "" : "s"}` : ""}`;
  if (rules.length === 0) return ["redaction: no redact rule; tool output reaches the model as it is", elsewhere];
  return ["redaction:", ...rules.map((rule) => `  tool output, rule ${rule.ref.id}: ${familiesOf(rule)}`), elsewhere];
}

/** `every detector family (31): private-key, aws, …`, or `29 of 31 …: … (off: jwt, bearer-token)`, and the rule's own patterns. */
export function familiesOf(rule: CompiledRule): string {
  const on = chosenFamilies(rule.written);
  const off = FAMILY_IDS.filter((family) => !on.includes(family));
  const families =
    off.length === 0
      ? `every detector family (${on.length}): ${on.join(", ")}`
      : on.length === 0
        ? "no detector family"
        : `${on.length} of ${FAMILY_IDS.length} detector families: ${on.join(", ")} (off: ${off.join(", ")})`;
  const patterns = rule.patterns.length;
  return patterns > 0 ? `${families} and ${patterns} own pattern${patterns === 1 ? "" : "s"}` : families;
}

/** The files in precedence order: a tie between rules goes to the file listed first. */
export function originLines(policy: CompiledPolicy): string[] {
  return [
    "files, in precedence order:",
    ...policy.files.map((origin, index) => `  ${index + 1}. ${origin.source}${origin.includedFrom ? ` (included from ${origin.includedFrom})` : ""}`),
  ];
}

/** Where the policy is read from, when that file is not (yet) what is in force. */
export function policyFileLines(file: string | undefined, source: string): string[] {
  if (file === undefined || file === source) return [];
  return [
    `policy file: ${file} does not exist yet, so the embedded default applies (synaps-policy init writes your own copy there; it lives outside the plugin folder, so updates keep it)`,
  ];
}

export function warningLines(warnings: readonly string[], limit = 10): string[] {
  if (warnings.length === 0) return [];
  const shown = warnings.slice(0, limit).map((warning) => `  ${warning}`);
  if (warnings.length > limit) shown.push(`  … and ${warnings.length - limit} more (synaps-policy validate lists them all)`);
  return [`warnings (${warnings.length}): rules that cannot do what they say`, ...shown];
}

/** Every rule in force, by hook, with where it is written. */
export function ruleListing(policy: CompiledPolicy): string {
  const lines: string[] = [];
  for (const hook of HOOK_KINDS) {
    const rules = policy.rules.filter((rule) => rule.hook === hook);
    if (rules.length === 0) continue;
    lines.push(`${hook}:`);
    for (const rule of rules) lines.push(`  ${ruleLine(rule)}`);
  }
  return lines.length > 0 ? lines.join("\n") : "no rules";
}

function ruleLine(rule: CompiledRule): string {
  const where = rule.ref.line ? `${rule.ref.source}:${rule.ref.line}` : rule.ref.source;
  const by = rule.overrides?.by ?? (rule.overriddenAt ? [rule.overriddenAt] : []);
  const marks = [rule.mode === "observe" ? "observe" : undefined, by.length > 0 ? `overridden at ${by.join(", ")}` : undefined].filter(Boolean);
  return `${rule.decision.padEnd(8)} ${rule.ref.id} — ${ruleSummary(rule)} (${where})${marks.length > 0 ? ` [${marks.join("; ")}]` : ""}`;
}

/** What policyLines says, for machines (`status --json`). */
export function policyJson(policy: CompiledPolicy) {
  const written = policy.would?.defaults ?? policy.defaults;
  return {
    policy: { source: policy.source, hash: policy.hash },
    rules: policy.rules.length,
    from_packs: policy.rules.filter((rule) => rule.ref.source.startsWith("builtin:")).length,
    observed: policy.rules.filter((rule) => rule.mode === "observe").length,
    tests: policy.tests.length,
    defaults: written,
    layers: policy.layers,
    files: policy.files,
  };
}

/** Every rule in force, for machines (`rules --json`). */
export function rulesJson(policy: CompiledPolicy) {
  return policy.rules.map((rule) => ({
    id: rule.ref.id,
    hook: rule.hook,
    decision: rule.decision,
    mode: rule.mode,
    source: rule.ref.source,
    ...(rule.ref.line ? { line: rule.ref.line } : {}),
    summary: ruleSummary(rule),
    ...(rule.overrides ? { overridden_by: rule.overrides.by } : {}),
  }));
}
