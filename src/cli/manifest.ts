// The plugin manifest as shipped: the repository's .synaps-plugin/plugin.json,
// with the version of this build, the executable's name on the platform, and
// tools.transform_output left out for hosts that refuse it.
import manifest from "../plugin/manifest.json" with { type: "json" };
import { TRANSFORM_OUTPUT_PERMISSION } from "../plugin/output-redaction.ts";
import { executablePath, type Platform } from "./plugin-folder.ts";

export type Manifest = typeof manifest & { extension: typeof manifest.extension & { prebuilt?: Record<string, { url: string; sha256: string }> } };

export type ManifestOptions = {
  /** false for SynapsCLI builds that refuse the permission: output redaction is then off. */
  transformOutput?: boolean;
};

/** The manifest for a plugin folder on `platform`. */
export function manifestFor(platform: Platform, version: string, { transformOutput = true }: ManifestOptions = {}): Manifest {
  const command = executablePath(platform);
  const permissions = manifest.extension.permissions.filter((permission) => transformOutput || permission !== TRANSFORM_OUTPUT_PERMISSION);
  return {
    ...manifest,
    version,
    extension: { ...manifest.extension, command, entry_point: command, permissions },
  };
}

export function manifestText(value: Manifest): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
