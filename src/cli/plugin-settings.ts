// The settings the live extension would get, for the command line: the host
// resolves each `extension.config` key from its env override
// (SYNAPS_EXTENSION_SYNAPS_POLICY_<KEY>), then the plugin's config store —
// the `config` file of `key = value` lines the settings editor writes in the
// plugin folder — then the manifest's default (PROTOCOL.md). `check`,
// `status`, `doctor` and `log` read them in that order, so they agree with
// the hook. (The host's own `extension.synaps-policy.<key>` settings are not
// read here; `doctor` says so when the answer may differ.)
import { readFileSync } from "node:fs";
import { join } from "node:path";
import manifest from "../plugin/manifest.json" with { type: "json" };

export type SettingKey = "policy_file" | "audit_log" | "model_dry_run";

/** A setting's value and where it came from (for `doctor`). */
export type Setting = { value: string; from: "env" | "config" | "default"; where: string };

const ENV_PREFIX = "SYNAPS_EXTENSION_SYNAPS_POLICY_";

export function pluginSetting(key: SettingKey, pluginRoot: string, env: NodeJS.ProcessEnv = process.env): Setting {
  const envName = `${ENV_PREFIX}${key.toUpperCase().replace(/-/g, "_")}`;
  const fromEnv = env[envName]?.trim();
  if (fromEnv) return { value: fromEnv, from: "env", where: envName };
  const file = join(pluginRoot, "config");
  const fromFile = configFileValues(file).get(key);
  if (fromFile !== undefined && fromFile !== "") return { value: fromFile, from: "config", where: file };
  return { value: manifestDefault(key), from: "default", where: "the manifest's default" };
}

/** `key = value` lines; `#` starts a comment line; a value may be quoted. */
export function parseConfigFile(text: string): Map<string, string> {
  const values = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed === "" || trimmed.startsWith("#")) continue;
    const equals = trimmed.indexOf("=");
    if (equals <= 0) continue;
    values.set(trimmed.slice(0, equals).trim(), unquote(trimmed.slice(equals + 1).trim()));
  }
  return values;
}

function configFileValues(file: string): Map<string, string> {
  try {
    return parseConfigFile(readFileSync(file, "utf8"));
  } catch {
    return new Map();
  }
}

function unquote(value: string): string {
  const quoted = /^"(.*)"$/.exec(value) ?? /^'(.*)'$/.exec(value);
  return quoted ? quoted[1]! : value;
}

function manifestDefault(key: SettingKey): string {
  const entry = manifest.extension.config.find((item) => item.key === key);
  return String(entry?.default ?? "");
}
