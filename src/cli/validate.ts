// `synaps-policy validate [file]`: every problem with file:line:column, the
// inline tests run, and warnings for rules that can never fire — the
// loader's (see policy/checks/lint.ts) and rules on hooks the manifest does not
// subscribe. Warnings exit 0 unless --strict.
import type { CliIo } from "./io.ts";
import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import type { CompiledPolicy } from "../policy/engine/index.ts";
import { EMBEDDED_POLICY_NAME, fileKind, loadPolicyFile } from "../policy/load/load-file.ts";
import { PERMISSION_OF_HOOK, SUBSCRIBED_HOOKS } from "../plugin/subscriptions.ts";
import { parseArgs, UsageError } from "./args.ts";
import { locatePolicy, pluginRootOfExecutable } from "./policy-file.ts";
import { describedProject } from "./project-option.ts";

export function runValidate(argv: string[], io: CliIo): number {
  const args = parseArgs(argv, ["--policy", "--project"], ["--strict", "--json"]);
  if (args.positional.length > 1) throw new UsageError("validate takes at most one file");
  const location = locatePolicy(args.positional[0] ?? args.values.get("--policy"));
  const loaded = loadPolicyFile(location, homedir(), undefined, undefined, describedProject(args.values.get("--project")));
  const file = location.file;
  const name = file !== undefined && fileKind(file).kind !== "absent" ? file : EMBEDDED_POLICY_NAME;
  const json = args.flags.has("--json");
  if (!loaded.ok) {
    if (json) {
      io.out(`${JSON.stringify({ file: name, valid: false, problems: loaded.problems, warnings: loaded.warnings }, null, 2)}\n`);
      return 1;
    }
    for (const warning of loaded.warnings) io.err(`warning: ${warning}\n`);
    io.err(`${loaded.problems.join("\n")}\n\n${name}: ${loaded.problems.length} problem${loaded.problems.length === 1 ? "" : "s"}; the policy is not valid\n`);
    return 1;
  }
  const policy = loaded.policy;
  const warnings = [...loaded.warnings, ...unsubscribedHookWarnings(policy)];
  const failing = warnings.length > 0 && args.flags.has("--strict") ? 1 : 0;
  const managed = policy.layers.find((layer) => layer.layer === "managed" && layer.present)?.file;
  const project = policy.layers.find((layer) => layer.layer === "project" && layer.present);
  const included = policy.files
    .slice(1)
    .map((file) => file.source)
    .filter((source) => source !== managed && source !== project?.file);
  const observed = policy.rules.filter((rule) => rule.mode === "observe").length;
  if (json) {
    const report = {
      file: name,
      valid: true,
      hash: policy.hash,
      rules: policy.rules.length,
      observed,
      tests: policy.tests.length,
      included,
      managed: managed ?? null,
      project: project ? { file: project.file, applied: project.ignored === undefined, ...(project.ignored ? { ignored: project.ignored } : {}) } : null,
      layers: policy.layers,
      overrides: loaded.overrides,
      warnings,
    };
    io.out(`${JSON.stringify(report, null, 2)}\n`);
    return failing;
  }
  for (const warning of warnings) io.err(`warning: ${warning}\n`);
  for (const line of overrideLines(loaded.overrides)) io.out(`${line}\n`);
  io.out(
    `${name}: valid — ${policy.rules.length} rules${included.length > 0 ? ` (${included.join(", ")} included)` : ""}${observed > 0 ? `, ${observed} in observe mode` : ""}, ${policy.tests.length} inline tests passed, hash ${policy.hash}${managed ? `, under the managed policy ${managed}` : ""}${project ? (project.ignored ? `; the project's policy ${project.file} is not applied (${project.ignored})` : `, with the project's policy ${project.file}`) : ""}${warnings.length > 0 ? `; ${warnings.length} warning${warnings.length === 1 ? "" : "s"}` : ""}\n`,
  );
  // Warnings do not make a policy invalid; --strict makes them fail a CI check.
  return failing;
}

/** Every override in force and the rules it changes: a `rules = "*"` says here what it reaches. */
export function overrideLines(overrides: ReadonlyArray<{ where: string; ids: readonly string[] }>): string[] {
  return overrides.map(
    ({ where, ids }) =>
      `override ${where} changes ${ids.length} rule${ids.length === 1 ? "" : "s"}: ${ids.length > 12 ? `${ids.slice(0, 12).join(", ")} and ${ids.length - 12} more` : ids.join(", ")}`,
  );
}

/** Hooks the installed manifest subscribes to (or the shipped defaults when there is none). */
function subscribedHooks(): { hooks: Set<string>; manifest: string | undefined } {
  const manifest = join(pluginRootOfExecutable(), ".synaps-plugin", "plugin.json");
  if (!existsSync(manifest)) return { hooks: new Set(SUBSCRIBED_HOOKS), manifest: undefined };
  try {
    const parsed = JSON.parse(readFileSync(manifest, "utf8")) as { extension?: { hooks?: Array<{ hook?: string }> } };
    return { hooks: new Set((parsed.extension?.hooks ?? []).map((entry) => entry.hook ?? "")), manifest };
  } catch {
    return { hooks: new Set(SUBSCRIBED_HOOKS), manifest };
  }
}

function unsubscribedHookWarnings(policy: CompiledPolicy): string[] {
  const { hooks, manifest } = subscribedHooks();
  const where = manifest ?? ".synaps-plugin/plugin.json";
  return policy.rules
    .filter((rule) => !hooks.has(rule.hook))
    .map(
      (rule) =>
        `${rule.ref.source}${rule.ref.line ? `:${rule.ref.line}` : ""}: rule "${rule.ref.id}" is for ${rule.hook}, which ${where} does not subscribe, so it never fires. Add {"hook": "${rule.hook}"} to extension.hooks and "${PERMISSION_OF_HOOK[rule.hook]}" to extension.permissions.`,
    );
}
