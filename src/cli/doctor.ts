// `synaps-policy doctor`: is this plugin folder in order? The folder, the
// manifest (its version against this binary's, the executable it names, the
// permissions it asks for — an unknown one makes the host refuse the plugin —
// the hooks and their permissions, whether tool output is redacted), the
// policy (valid, warnings), whether the audit log can be written, where the
// user's files live (and what moved there from an older install), and a
// project-local copy of the plugin that would replace this one.
// It reads and reports; it changes nothing.
import type { CliIo } from "./io.ts";
import { accessSync, constants, existsSync, readFileSync, realpathSync } from "node:fs";
import { homedir } from "node:os";
import { basename, dirname, isAbsolute, join, relative, resolve } from "node:path";
import { loadPolicyFile } from "../policy/load/load-file.ts";
import { auditPathProblem } from "../plugin/audit-path.ts";
import { HOST_PERMISSIONS } from "../plugin/host-permissions.ts";
import { describeMigration, lookAtLegacyFiles, recordedMoves, userFolder } from "../plugin/migration.ts";
import { PERMISSION_OF_HOOK } from "../plugin/subscriptions.ts";
import type { HookKind } from "../policy/engine/index.ts";
import { VERSION } from "../version.ts";
import { parseArgs, UsageError } from "./args.ts";
import { locateAuditLog } from "./audit-file.ts";
import { pluginSetting } from "./plugin-settings.ts";
import { locatePolicy, pluginRootOfExecutable } from "./policy-file.ts";
import { overrideLines } from "./validate.ts";
import { describedProject } from "./project-option.ts";
import { layerLines } from "../report/policy-report.ts";

type Check = { status: "ok" | "warn" | "fail"; what: string; detail?: string[] };

type ManifestShape = { version?: unknown; extension?: { command?: unknown; permissions?: unknown; hooks?: unknown; config?: unknown } };

export function runDoctor(argv: string[], io: CliIo): number {
  const args = parseArgs(argv, ["--policy", "--project"], ["--json"]);
  if (args.positional.length > 0) throw new UsageError("doctor takes no arguments");
  const root = pluginRootOfExecutable();
  const checks = [
    folderCheck(root),
    shadowCheck(root, process.cwd()),
    ...manifestChecks(root),
    policyCheck(args.values.get("--policy"), root, describedProject(args.values.get("--project"))),
    auditCheck(root),
    ...userFileChecks(root),
  ];
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
  return [versionCheck(file, manifest.version), commandCheck(root, extension.command), permissionCheck(permissions, hooks), redactionCheck(permissions, hooks), dryRunCheck(root)];
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

function dryRunCheck(root: string): Check {
  const setting = pluginSetting("model_dry_run", root);
  const on = ["true", "yes", "on", "1"].includes(setting.value.trim().toLowerCase());
  const from = setting.from === "default" ? "the manifest's default" : setting.where;
  return { status: "ok", what: `model dry runs: ${on ? "on" : "off"} by ${from} (a SynapsCLI setting extension.synaps-policy.model_dry_run may override the default)` };
}

function policyCheck(named: string | undefined, root: string, project: string): Check {
  const location = locatePolicy(named);
  const loaded = loadPolicyFile(location, homedir(), undefined, undefined, project);
  const origin = named === undefined ? settingOrigin("policy_file", root) : "named with --policy";
  if (!loaded.ok)
    return { status: "fail", what: `policy: ${location.file ?? "embedded default"} is INVALID — tool calls get on_error`, detail: [origin, ...loaded.problems.slice(0, 5)] };
  const policy = loaded.policy;
  const missing =
    policy.source !== location.file && location.file !== undefined
      ? [`${location.file} does not exist yet: the embedded default applies (synaps-policy init writes your own copy there)`]
      : [];
  // An include that tried to loosen the user's rules is among the warnings, whatever else there is.
  const refused = loaded.warnings.filter((warning) => warning.includes("may tighten, never loosen") || warning.includes("project's policy"));
  const others = loaded.warnings.filter((warning) => !refused.includes(warning));
  const detail = [
    origin,
    ...missing,
    `files: ${policy.files.map((file) => file.source).join(", ")}`,
    ...layerLines(policy),
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
  if (path === undefined) return { status: "warn", what: "audit log: off (audit_log = off)", detail: [settingOrigin("audit_log", root)] };
  const problem = auditPathProblem(path, root);
  if (problem) return { status: "fail", what: `audit log: ${path} ${problem}`, detail: ["the extension turns auditing off and says so on stderr"] };
  const target = existsSync(path) ? path : nearestExisting(dirname(path));
  try {
    accessSync(target, constants.W_OK);
    return { status: "ok", what: `audit log: ${path} can be written`, detail: [settingOrigin("audit_log", root)] };
  } catch {
    return { status: "fail", what: `audit log: ${path} cannot be written (${target} is not writable)` };
  }
}

/** Where a path setting came from, as a doctor line. */
function settingOrigin(key: "policy_file" | "audit_log", root: string): string {
  const setting = pluginSetting(key, root);
  const from = setting.from === "env" ? `the host's env override ${setting.where}` : setting.from === "config" ? `the settings file ${setting.where}` : "the manifest's default";
  return `${key} = ${setting.value} (from ${from}; a SynapsCLI setting extension.synaps-policy.${key} would win over the default)`;
}

/** The user's files: outside the plugin folder, what an older install left there, what moved. */
function userFileChecks(root: string): Check[] {
  const home = homedir();
  const places = { pluginRoot: root, home, policyFile: locatePolicy(undefined).file, auditLog: locateAuditLog(undefined) };
  const checks: Check[] = [];
  const insideFolder = [places.policyFile, places.auditLog].filter((path): path is string => path !== undefined && isInside(path, root));
  if (insideFolder.length > 0)
    checks.push({
      status: "warn",
      what: `user files inside the plugin folder: ${insideFolder.join(", ")}`,
      detail: ["a /plugins update deletes the plugin folder and everything in it; name a place under ~ (the default is ~/.synaps-cli/synaps-policy/)"],
    });
  const moved = recordedMoves(home).flatMap((entry) => entry.moves.map((move) => `${entry.time}: copied ${move.from} to ${move.to}`));
  if (moved.length > 0) checks.push({ status: "ok", what: `moved from an older install's plugin folder to ${userFolder(home)}`, detail: moved });
  const look = lookAtLegacyFiles(places);
  if (look.pending.length > 0) checks.push({ status: "warn", what: "an older install's files are still only in the plugin folder", detail: describeMigration(look) });
  else if (look.differ.length > 0)
    checks.push({ status: "warn", what: "an older install's files in the plugin folder differ from yours; yours (outside the folder) are used", detail: describeMigration(look) });
  return checks;
}

/**
 * The host prefers a project's `.synaps/plugins/<id>/` over the user's plugin
 * of the same name, so a cloned repository can replace the guard with its
 * own copy. The host's SYNAPS_DISABLE_PROJECT_PLUGINS=1 turns that off.
 */
function shadowCheck(root: string, project: string): Check {
  const copy = join(project, ".synaps", "plugins", basename(root));
  if (!existsSync(copy) || sameFolder(copy, root)) return { status: "ok", what: `no project-local copy of the plugin in ${join(project, ".synaps", "plugins")}` };
  const disabled = process.env.SYNAPS_DISABLE_PROJECT_PLUGINS === "1";
  return {
    status: disabled ? "ok" : "warn",
    what: `project-local plugin ${copy} ${disabled ? "is ignored (SYNAPS_DISABLE_PROJECT_PLUGINS=1)" : "REPLACES this one in this project"}`,
    detail: disabled
      ? undefined
      : [
          "SynapsCLI loads a project's .synaps/plugins/<id>/ instead of your plugin of the same name: this project's copy, with its own rules, guards the agent here",
          "start SynapsCLI with SYNAPS_DISABLE_PROJECT_PLUGINS=1 to load only your own plugins, or remove the copy if you did not put it there",
        ],
  };
}

function sameFolder(a: string, b: string): boolean {
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return false;
  }
}

function isInside(path: string, folder: string): boolean {
  const rel = relative(resolve(folder), resolve(path));
  return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel);
}

function nearestExisting(folder: string): string {
  let current = folder;
  while (!existsSync(current) && dirname(current) !== current) current = dirname(current);
  return current;
}
