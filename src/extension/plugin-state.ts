// What the extension learns from the plugin folder when it starts: an older
// install's files to copy out of it (a /plugins update deletes the folder),
// and whether the manifest lets it replace tool output.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { logLine } from "../rpc/stderr.ts";
import { describeMigration, migrateLegacyFiles } from "../plugin/migration.ts";
import { outputRedaction } from "../plugin/output-redaction.ts";
import type { ExtensionConfig } from "./config.ts";

/** Copy policy.toml and logs/ of an older install to the user folder, saying so on stderr. */
export function moveLegacyFiles(config: ExtensionConfig) {
  try {
    const migration = migrateLegacyFiles({ pluginRoot: config.pluginRoot, home: config.home, policyFile: config.policyFile, auditLog: config.auditLog });
    for (const line of describeMigration(migration)) logLine(line);
  } catch (error) {
    logLine(`could not look for an older install's files in ${config.pluginRoot}: ${(error as Error).message}`);
  }
}

/**
 * The manifest the host loaded us by asks for tools.transform_output. With
 * no readable manifest (run outside a plugin folder) the answer is yes: a
 * host only starts us from a manifest it has parsed.
 */
export function hostLetsUsReplaceOutput(pluginRoot: string): boolean {
  let manifest: unknown;
  try {
    manifest = JSON.parse(readFileSync(join(pluginRoot, ".synaps-plugin", "plugin.json"), "utf8"));
  } catch {
    return true;
  }
  const redaction = outputRedaction(manifest);
  if (redaction.kind === "off") logLine(`tool output is NOT redacted: ${redaction.why}; after_tool_call is answered with continue (the host discards a replace it did not grant)`);
  return redaction.kind === "on";
}
