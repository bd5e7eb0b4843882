// Whether a plugin manifest lets synaps-policy redact tool output. The host
// honours an after_tool_call `replace` only when the manifest asks for
// tools.transform_output, and some SynapsCLI builds refuse a plugin that asks
// for it, so `install --no-transform-output` leaves it out. Everything that
// reports on a plugin folder (install, `/policy status`, `doctor`) asks here,
// so they all say the same thing. A leaf module: it imports nothing.

export const TRANSFORM_OUTPUT_PERMISSION = "tools.transform_output";

export type OutputRedaction = { kind: "on" } | { kind: "off"; why: string };

/** Read from a parsed plugin.json (any shape: a broken manifest means off). */
export function outputRedaction(manifest: unknown): OutputRedaction {
  const extension = objectField(manifest, "extension");
  const permissions = extension === undefined ? undefined : objectField(extension, "permissions");
  const hooks = extension === undefined ? undefined : objectField(extension, "hooks");
  if (!Array.isArray(permissions) || !Array.isArray(hooks)) return { kind: "off", why: "the manifest has no extension.permissions or extension.hooks list" };
  if (!permissions.includes(TRANSFORM_OUTPUT_PERMISSION)) return { kind: "off", why: `the manifest does not ask for ${TRANSFORM_OUTPUT_PERMISSION}` };
  if (!hooks.some((entry) => objectField(entry, "hook") === "after_tool_call")) return { kind: "off", why: "the manifest does not subscribe the after_tool_call hook" };
  return { kind: "on" };
}

function objectField(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}
