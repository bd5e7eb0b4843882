// The plugin manifest as shipped: the repository's .synaps-plugin/plugin.json,
// with the version of this build and the executable's name on the platform.
import manifest from "../../.synaps-plugin/plugin.json" with { type: "json" };

export type Manifest = typeof manifest & { extension: typeof manifest.extension & { prebuilt?: Record<string, { url: string; sha256: string }> } };

const EXECUTABLE_BASENAME = "synaps-policy";

export function executablePath(platform: string): string {
  return platform === "win32" || platform === "windows" ? `bin/${EXECUTABLE_BASENAME}.exe` : `bin/${EXECUTABLE_BASENAME}`;
}

/** The manifest for a plugin folder on `platform` ("linux", "darwin", "windows"/"win32"). */
export function manifestFor(platform: string, version: string): Manifest {
  const command = executablePath(platform);
  return {
    ...manifest,
    version,
    extension: { ...manifest.extension, command, entry_point: command },
  };
}

export function manifestText(value: Manifest): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
