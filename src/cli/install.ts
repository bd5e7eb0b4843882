// `synaps-policy install [DIR] [--dry-run]`: lay out or upgrade a plugin
// folder from the running executable. The user's policy and audit logs are
// never touched; permissions and hooks the user added to the manifest are kept.
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { basename, join, resolve } from "node:path";
import { writeSync } from "node:fs";
import { expandHome } from "../match/path.ts";
import { defaultPolicyText } from "../policy/load-file.ts";
import { VERSION } from "../version.ts";
import { parseArgs, UsageError } from "./args.ts";
import { executablePath, manifestFor, manifestText, type Manifest } from "./manifest.ts";
import { policyJsonSchema } from "./schema.ts";

const DEFAULT_INSTALL_DIR = "~/.synaps-cli/plugins/synaps-policy";

type Step = { what: string; run?: () => void };

export function runInstall(argv: string[]): number {
  const args = parseArgs(argv, [], ["--dry-run"]);
  if (args.positional.length > 1) throw new UsageError("install takes at most one folder");
  const source = process.execPath;
  if (/^bun(\.exe)?$/.test(basename(source))) {
    writeSync(2, "synaps-policy: install copies the running executable; run it from the compiled binary (bun run build, then bin/synaps-policy install)\n");
    return 1;
  }
  const dir = resolve(expandHome(args.positional[0] ?? DEFAULT_INSTALL_DIR, homedir()));
  const steps = plan(dir, source);
  const dryRun = args.flags.has("--dry-run");
  writeSync(1, `${dryRun ? "would install" : "installing"} synaps-policy ${VERSION} into ${dir}\n`);
  for (const step of steps) {
    writeSync(1, `  ${step.what}\n`);
    if (!dryRun) step.run?.();
  }
  if (dryRun) {
    writeSync(1, "(dry run: nothing was changed)\n");
    return 0;
  }
  const binary = join(dir, executablePath(process.platform));
  writeSync(1, `\nnext:\n  start SynapsCLI: the plugin id is "${basename(dir)}"\n  edit ${join(dir, "policy.toml")} (changes apply at once)\n  try it: ${binary} check bash 'rm -rf ~'\n`);
  return 0;
}

function plan(dir: string, source: string): Step[] {
  const binary = join(dir, executablePath(process.platform));
  const manifestFile = join(dir, ".synaps-plugin", "plugin.json");
  const policyFile = join(dir, "policy.toml");
  const steps: Step[] = [{ what: `create ${dir}`, run: () => mkdirSync(join(dir, "bin"), { recursive: true }) }];
  if (resolve(source) === resolve(binary)) steps.push({ what: `keep ${binary} (it is the running executable)` });
  else steps.push({ what: `${existsSync(binary) ? "replace" : "copy"} ${binary}`, run: () => replaceExecutable(source, binary) });
  const manifest = mergedManifest(manifestFile);
  steps.push({
    what: `${existsSync(manifestFile) ? "update" : "write"} ${manifestFile}${manifest.kept.length > 0 ? ` (keeping your ${manifest.kept.join(", ")})` : ""}`,
    run: () => {
      mkdirSync(join(dir, ".synaps-plugin"), { recursive: true });
      writeFileSync(manifestFile, manifestText(manifest.value));
    },
  });
  steps.push({ what: `write ${join(dir, "policy.schema.json")}`, run: () => writeFileSync(join(dir, "policy.schema.json"), policyJsonSchema()) });
  if (existsSync(policyFile)) steps.push({ what: `keep your ${policyFile}` });
  else steps.push({ what: `write the starter ${policyFile}`, run: () => writeFileSync(policyFile, defaultPolicyText) });
  if (existsSync(join(dir, "logs"))) steps.push({ what: `keep ${join(dir, "logs")}` });
  return steps;
}

/** Copy beside the target, then rename over it: a running old binary is never half-written. */
function replaceExecutable(source: string, target: string) {
  const temporary = `${target}.new`;
  copyFileSync(source, temporary);
  chmodSync(temporary, 0o755);
  renameSync(temporary, target);
}

/** This version's manifest, plus permissions and hooks the user had added to the installed one. */
function mergedManifest(file: string): { value: Manifest; kept: string[] } {
  const fresh = manifestFor(process.platform, VERSION);
  if (!existsSync(file)) return { value: fresh, kept: [] };
  let old: Partial<Manifest>;
  try {
    old = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return { value: fresh, kept: [] };
  }
  const permissions = [...new Set([...fresh.extension.permissions, ...(old.extension?.permissions ?? [])])];
  const hookNames = new Set(fresh.extension.hooks.map((entry) => entry.hook));
  const extraHooks = (old.extension?.hooks ?? []).filter((entry) => !hookNames.has(entry.hook));
  const kept = [
    ...permissions.filter((permission) => !fresh.extension.permissions.includes(permission)).map((permission) => `permission ${permission}`),
    ...extraHooks.map((entry) => `hook ${entry.hook}`),
  ];
  return { value: { ...fresh, extension: { ...fresh.extension, permissions, hooks: [...fresh.extension.hooks, ...extraHooks] } }, kept };
}
