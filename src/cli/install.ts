// `synaps-policy install [DIR] [--dry-run] [--no-transform-output | --transform-output]`:
// lay out or upgrade a plugin folder from the running executable. The user's
// files live outside it (src/plugin/defaults.ts): an older install's
// policy.toml and logs/ are copied there once, never deleted or overwritten;
// the settings file `config` is left alone; permissions and hooks the user
// added to the manifest are kept.
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import type { CliIo } from "./io.ts";
import { homedir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import licenseText from "../../LICENSE" with { type: "text" };
import readmeText from "../../README.md" with { type: "text" };
import setupScriptText from "../../scripts/setup.sh" with { type: "text" };
import { expandHome } from "../match/path.ts";
import { lookAtLegacyFiles, type Migration, migrateLegacyFiles } from "../plugin/migration.ts";
import { outputRedaction, TRANSFORM_OUTPUT_PERMISSION } from "../plugin/output-redaction.ts";
import { defaultPolicyText } from "../policy/load/load-file.ts";
import { VERSION } from "../version.ts";
import { parseArgs, UsageError } from "./args.ts";
import { manifestFor, manifestText, type Manifest } from "./manifest.ts";
import { executablePath, platformOf, SCHEMA_FILE, SETUP_SCRIPT, STARTER_POLICY_FILE } from "./plugin-folder.ts";
import { auditLogOf } from "./audit-file.ts";
import { policyFileOf } from "./policy-file.ts";
import { policyJsonSchema } from "./schema.ts";

const DEFAULT_INSTALL_DIR = "~/.synaps-cli/plugins/synaps-policy";

type Step = { what: string; run?: () => void };

/** Whether the manifest asks for tools.transform_output: said by a flag, else kept from the installed manifest. */
type TransformChoice = "on" | "off" | "keep";

export function runInstall(argv: string[], io: CliIo): number {
  const args = parseArgs(argv, [], ["--dry-run", "--no-transform-output", "--transform-output"]);
  if (args.positional.length > 1) throw new UsageError("install takes at most one folder");
  const source = process.execPath;
  if (/^bun(\.exe)?$/.test(basename(source))) {
    io.err("synaps-policy: install copies the running executable; run it from the compiled binary (bun run build, then bin/synaps-policy install)\n");
    return 1;
  }
  const dir = resolve(expandHome(args.positional[0] ?? DEFAULT_INSTALL_DIR, homedir()));
  const { steps, manifest } = plan(dir, source, transformChoice(args.flags), io);
  const dryRun = args.flags.has("--dry-run");
  io.out(`${dryRun ? "would install" : "installing"} synaps-policy ${VERSION} into ${dir}\n`);
  for (const step of steps) {
    if (step.what !== "") io.out(`  ${step.what}\n`);
    if (!dryRun) step.run?.();
  }
  const redaction = outputRedaction(manifest);
  if (redaction.kind === "off") io.err(redactionOffWarning(redaction.why));
  if (dryRun) {
    io.out("(dry run: nothing was changed)\n");
    return 0;
  }
  const binary = join(dir, executablePath(platformOf(process.platform)));
  io.out(
    `\nnext:\n  start SynapsCLI: the plugin id is "${basename(dir)}"\n  edit ${policyFileOf(dir).file} (changes apply at once; it lives outside the plugin folder, so updates keep it)\n  try it: ${binary} check bash 'rm -rf ~'\n`,
  );
  return 0;
}

function transformChoice(flags: Set<string>): TransformChoice {
  const off = flags.has("--no-transform-output");
  const on = flags.has("--transform-output");
  if (off && on) throw new UsageError("--no-transform-output and --transform-output contradict each other; give one");
  return off ? "off" : on ? "on" : "keep";
}

function plan(dir: string, source: string, choice: TransformChoice, io: CliIo): { steps: Step[]; manifest: Manifest } {
  const platform = platformOf(process.platform);
  const binary = join(dir, executablePath(platform));
  const manifestFile = join(dir, ".synaps-plugin", "plugin.json");
  const steps: Step[] = [{ what: `create ${dir}`, run: () => mkdirSync(join(dir, "bin"), { recursive: true }) }];
  if (resolve(source) === resolve(binary)) steps.push({ what: `keep ${binary} (it is the running executable)` });
  else steps.push({ what: `${existsSync(binary) ? "replace" : "copy"} ${binary}`, run: () => replaceExecutable(source, binary) });
  const manifest = mergedManifest(manifestFile, choice);
  const transform = manifest.value.extension.permissions.includes(TRANSFORM_OUTPUT_PERMISSION) ? "" : `; ${TRANSFORM_OUTPUT_PERMISSION} left out: redaction of tool output is OFF`;
  const kept = manifest.kept.length > 0 ? ` (keeping your ${manifest.kept.join(", ")})` : "";
  steps.push({ what: `${existsSync(manifestFile) ? "update" : "write"} ${manifestFile}${kept}${transform}`, run: () => writeText(manifestFile, manifestText(manifest.value)) });
  for (const [file, text] of shippedFiles()) steps.push({ what: `write ${join(dir, file)}`, run: () => writeText(join(dir, file), text) });
  steps.push(...userFileSteps(dir, io));
  return { steps, manifest: manifest.value };
}

/** Files that belong to this version and are rewritten by every install. */
function shippedFiles(): [string, string][] {
  return [
    [SCHEMA_FILE, policyJsonSchema()],
    [STARTER_POLICY_FILE, defaultPolicyText],
    ["README.md", readmeText],
    ["LICENSE", licenseText],
    [SETUP_SCRIPT, setupScriptText],
  ];
}

/**
 * The user's own files live outside the plugin folder (a /plugins update
 * deletes it): an older install's policy.toml and logs/ are copied there
 * once and left where they were; the starter is written there only when
 * there is no policy yet; the settings file `config` is the host's and is
 * left alone.
 */
function userFileSteps(dir: string, io: CliIo): Step[] {
  const policy = policyFileOf(dir);
  const auditLog = auditLogOf(dir);
  const places = { pluginRoot: dir, home: homedir(), policyFile: policy.file, auditLog };
  const pending = lookAtLegacyFiles(places);
  const steps: Step[] = pending.pending.map((move) => ({ what: `copy your ${move.from} to ${move.to} (the old copy stays)` }));
  if (pending.pending.length > 0) steps.push({ what: "", run: () => reportMigration(migrateLegacyFiles(places), io) });
  for (const move of pending.differ) steps.push({ what: `keep ${move.to} (it differs from ${move.from}, an older install's; ${move.to} is the one used)` });
  // A policy copied just above needs nothing more.
  if (!pending.pending.some((move) => move.to === policy.file)) steps.push(policyStep(policy));
  if (existsSync(join(dir, "config"))) steps.push({ what: `keep your settings in ${join(dir, "config")}` });
  return steps;
}

function policyStep(policy: { file: string; explicit: boolean }): Step {
  if (existsSync(policy.file)) return { what: `keep your ${policy.file}` };
  if (policy.explicit) return { what: `WARNING: the policy_file setting names ${policy.file}, which does not exist: the extension blocks tool calls until it does` };
  return { what: `write the starter ${policy.file}`, run: () => writeStarter(policy.file) };
}

function writeStarter(file: string) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, defaultPolicyText, { flag: "wx" });
  const schema = join(dirname(file), SCHEMA_FILE);
  if (!existsSync(schema)) writeFileSync(schema, policyJsonSchema());
}

function reportMigration(migration: Migration, io: CliIo) {
  for (const problem of migration.problems) io.err(`synaps-policy: ${problem}\n`);
}

function writeText(file: string, text: string) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  if (file.endsWith(".sh")) chmodSync(file, 0o755);
}

/** Copy beside the target, then rename over it: a running old binary is never half-written. */
function replaceExecutable(source: string, target: string) {
  const temporary = `${target}.new`;
  copyFileSync(source, temporary);
  chmodSync(temporary, 0o755);
  renameSync(temporary, target);
}

/** This version's manifest, plus permissions and hooks the user had added to the installed one. */
function mergedManifest(file: string, choice: TransformChoice): { value: Manifest; kept: string[] } {
  const old = readManifest(file);
  const transformOutput = choice === "keep" ? old === undefined || hasTransformOutput(old) : choice === "on";
  const fresh = manifestFor(platformOf(process.platform), VERSION, { transformOutput });
  if (old === undefined) return { value: fresh, kept: [] };
  // tools.transform_output follows the choice above, never the old list.
  const oldPermissions = (old.extension?.permissions ?? []).filter((permission) => permission !== TRANSFORM_OUTPUT_PERMISSION);
  const permissions = [...new Set([...fresh.extension.permissions, ...oldPermissions])];
  const hookNames = new Set(fresh.extension.hooks.map((entry) => entry.hook));
  const extraHooks = (old.extension?.hooks ?? []).filter((entry) => !hookNames.has(entry.hook));
  const kept = [
    ...permissions.filter((permission) => !fresh.extension.permissions.includes(permission)).map((permission) => `permission ${permission}`),
    ...extraHooks.map((entry) => `hook ${entry.hook}`),
  ];
  return { value: { ...fresh, extension: { ...fresh.extension, permissions, hooks: [...fresh.extension.hooks, ...extraHooks] } }, kept };
}

function hasTransformOutput(manifest: Partial<Manifest>): boolean {
  return (manifest.extension?.permissions ?? []).includes(TRANSFORM_OUTPUT_PERMISSION);
}

/** The installed manifest, or undefined when there is none or it does not parse (then it is replaced). */
function readManifest(file: string): Partial<Manifest> | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

function redactionOffWarning(why: string): string {
  return `
WARNING: redaction of tool output is OFF (${why}).
  SynapsCLI will not let synaps-policy replace tool output, so secrets in command
  output and in files reach the model as they are. Blocking, confirming and the
  audit log still work. Use this only with a SynapsCLI build that refuses
  ${TRANSFORM_OUTPUT_PERMISSION}; to turn redaction back on, run install again
  with --transform-output.
`;
}
