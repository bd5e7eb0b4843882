// `synaps-policy doctor`: is this plugin folder in order? The folder, the
// manifest (its version against this binary's, the executable it names, the
// permissions it asks for — an unknown one makes the host refuse the plugin —
// the hooks and their permissions, whether tool output is redacted), the
// policy (valid, warnings), and whether the audit log can be written.
// It reads and reports; it changes nothing.
import type { CliIo } from "./io.ts";
import { accessSync, constants, existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { basename, dirname, join } from "node:path";
import { loadPolicyFile } from "../policy/load/load-file.ts";
import { auditPathProblem } from "../plugin/audit-path.ts";
import { HOST_PERMISSIONS } from "../plugin/host-permissions.ts";
import { PERMISSION_OF_HOOK } from "../plugin/subscriptions.ts";
import type { HookKind } from "../policy/engine/index.ts";
import { VERSION } from "../version.ts";
import { parseArgs, UsageError } from "./args.ts";
import { locateAuditLog } from "./audit-file.ts";
import { locatePolicy, pluginRootOfExecutable } from "./policy-file.ts";
import { overrideLines } from "./validate.ts";

type Check = { status: "ok" | "warn" | "fail"; what: string; detail?: string[] };

type ManifestShape = { version?: unknown; extension?: { command?: unknown; permissions?: unknown; hooks?: unknown; config?: unknown } };

export function runDoctor(argv: string[], io: CliIo): number {
  const args = parseArgs(argv, ["--policy"], ["--json"]);
  if (args.positional.length > 0) throw new UsageError("doctor takes no arguments");
  const root = pluginRootOfExecutable();
  const checks = [folderCheck(root), ...manifestChecks(root), policyCheck(args.values.get("--policy")), auditCheck(root)];
  if (args.flags.has("--json")) {
    const failedCount = checks.filter((check) => check.status === "fail").length;
    io.out(`${JSON.stringify({ folder: root, checks, failed: failedCount, warnings: checks.filter((check) => check.status === "warn").length }, null, 2)}\n`);
    return failedCount > 0 ? 1 : 0;
  }
  const mark = { ok: "ok  ", warn: "warn", fail: "FAIL" } as const;
  const lines = checks.flatMap((check) => [`${mark[check.status]}  ${check.what}`, ...(check.detail ?? []).map((line) => `        ${line}`)]);
  const failed = checks.filter((check) => check.status === "fail").length;
  const warned = checks.filter((check) => check.status === "warn").length;
  lines.push(
    "",
    failed > 0
      ? `${failed} problem${failed === 1 ? "" : "s"} to fix${warned > 0 ? `, ${warned} warning${warned === 1 ? "" : "s"}` : ""}`
      : warned > 0
        ? `no problems, ${warned} warning${warned === 1 ? "" : "s"}`
        : "all good",
  );
  io.out(`${lines.join("\n")}\n`);
  return failed > 0 ? 1 : 0;
}

function folderCheck(root: string): Check {
  const inBin = basename(dirname(process.execPath)) === "bin";
  if (!inBin) return { status: "warn", what: `plugin folder: ${root}`, detail: ["this executable is not in a plugin folder's bin/; `synaps-policy install` lays one out"] };
  return { status: "ok", what: `plugin folder: ${root} (the plugin id is "${basename(root)}")` };
}

function manifestChecks(root: string): Check[] {
  const file = join(root, ".synaps-plugin", "plugin.json");
  if (!existsSync(file)) return [{ status: "fail", what: `manifest: ${file} is missing`, detail: ["SynapsCLI does not load the plugin without it; run `synaps-policy install`"] }];
  let manifest: ManifestShape;
  try {
    manifest = JSON.parse(readFileSync(file, "utf8")) as ManifestShape;
  } catch (error) {
    return [{ status: "fail", what: `manifest: ${file} is not valid JSON`, detail: [(error as Error).message] }];
  }
  const extension = manifest.extension ?? {};
  const permissions = Array.isArray(extension.permissions) ? extension.permissions.map(String) : [];
  const hooks = Array.isArray(extension.hooks) ? extension.hooks.map((entry) => String((entry as { hook?: unknown }).hook)) : [];
  return [
    versionCheck(file, manifest.version),
    commandCheck(root, extension.command),
    permissionCheck(permissions, hooks),
    redactionCheck(permissions, hooks),
    dryRunCheck(extension.config),
  ];
}

function versionCheck(file: string, version: unknown): Check {
  if (version === VERSION) return { status: "ok", what: `manifest: ${file} (version ${VERSION}, as this binary)` };
  return {
    status: "warn",
    what: `manifest: ${file} says version ${String(version)}, this binary is ${VERSION}`,
    detail: ["run this binary's `install` to update the manifest, then restart SynapsCLI (it reads manifests at start)"],
  };
}

function commandCheck(root: string, command: unknown): Check {
  if (typeof command !== "string" || command === "") return { status: "fail", what: "manifest: extension.command is missing" };
  const path = command.includes("/") ? join(root, command) : command;
  if (!command.includes("/")) return { status: "ok", what: `command: ${command} (looked up on PATH)` };
  try {
    accessSync(path, constants.X_OK);
    return { status: "ok", what: `command: ${path} is executable` };
  } catch {
    return { status: "fail", what: `command: ${path} is missing or not executable`, detail: ["the host fails to start the plugin"] };
  }
}

function permissionCheck(permissions: readonly string[], hooks: readonly string[]): Check {
  const unknown = permissions.filter((permission) => !HOST_PERMISSIONS.includes(permission));
  const missing = hooks
    .filter((hook): hook is HookKind => hook in PERMISSION_OF_HOOK && !permissions.includes(PERMISSION_OF_HOOK[hook as HookKind]))
    .map((hook) => `${hook} needs ${PERMISSION_OF_HOOK[hook]}`);
  const detail = [`asks for: ${permissions.join(", ") || "nothing"}`, `hooks: ${hooks.join(", ") || "none"}`];
  if (unknown.length > 0) return { status: "fail", what: `permissions: ${unknown.join(", ")} unknown to the host, which then refuses the whole plugin`, detail };
  if (missing.length > 0) return { status: "fail", what: `permissions: ${missing.join("; ")}`, detail };
  return { status: "ok", what: "permissions: every one is known to the host, every hook has its permission", detail };
}

/** Tool output is redacted only when the host lets the plugin replace it (the release work has a shared helper for this; this is the same rule). */
function redactionCheck(permissions: readonly string[], hooks: readonly string[]): Check {
  if (!permissions.includes("tools.transform_output"))
    return {
      status: "warn",
      what: "redaction of tool output: OFF — the manifest does not ask for tools.transform_output",
      detail: ["secrets in tool output reach the model; add the permission if your SynapsCLI build knows it"],
    };
  if (!hooks.includes("after_tool_call")) return { status: "warn", what: "redaction of tool output: OFF — the manifest does not subscribe after_tool_call" };
  return { status: "ok", what: "redaction of tool output: on" };
}

function dryRunCheck(config: unknown): Check {
  const entry = Array.isArray(config) ? (config as Array<{ key?: unknown; default?: unknown }>).find((item) => item.key === "model_dry_run") : undefined;
  const on = entry !== undefined && String(entry.default).toLowerCase() === "true";
  return { status: "ok", what: `model dry runs: ${on ? "on" : "off"} by the manifest's default (SynapsCLI settings may override it: extension.synaps-policy.model_dry_run)` };
}

function policyCheck(named: string | undefined): Check {
  const location = locatePolicy(named);
  const loaded = loadPolicyFile(location, homedir());
  if (!loaded.ok) return { status: "fail", what: `policy: ${location.file ?? "embedded default"} is INVALID — tool calls get on_error`, detail: loaded.problems.slice(0, 5) };
  const policy = loaded.policy;
  // An include that tried to loosen the user's rules is among the warnings, whatever else there is.
  const refused = loaded.warnings.filter((warning) => warning.includes("may tighten, never loosen"));
  const others = loaded.warnings.filter((warning) => !refused.includes(warning));
  const detail = [
    `files: ${policy.files.map((file) => file.source).join(", ")}`,
    ...overrideLines(loaded.overrides),
    ...[...refused, ...others].slice(0, Math.max(5, refused.length)).map((warning) => `warning: ${warning}`),
  ];
  const what = `policy: ${policy.source} valid — ${policy.rules.length} rules, ${policy.tests.length} inline tests passed`;
  return {
    status: loaded.warnings.length > 0 ? "warn" : "ok",
    what: loaded.warnings.length > 0 ? `${what}, ${loaded.warnings.length} warning${loaded.warnings.length === 1 ? "" : "s"}` : what,
    detail,
  };
}

function auditCheck(root: string): Check {
  const path = locateAuditLog(undefined);
  if (path === undefined) return { status: "warn", what: "audit log: off (audit_log = off)" };
  const problem = auditPathProblem(path, root);
  if (problem) return { status: "fail", what: `audit log: ${path} ${problem}`, detail: ["the extension turns auditing off and says so on stderr"] };
  const target = existsSync(path) ? path : nearestExisting(dirname(path));
  try {
    accessSync(target, constants.W_OK);
    return { status: "ok", what: `audit log: ${path} can be written` };
  } catch {
    return { status: "fail", what: `audit log: ${path} cannot be written (${target} is not writable)` };
  }
}

function nearestExisting(folder: string): string {
  let current = folder;
  while (!existsSync(current) && dirname(current) !== current) current = dirname(current);
  return current;
}
