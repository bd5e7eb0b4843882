// The permission strings a SynapsCLI host accepts in a manifest (PROTOCOL.md):
// an unknown one makes the host refuse the whole plugin. Some 2026 builds
// lack tools.transform_output and context_providers.register.
export const HOST_PERMISSIONS: readonly string[] = [
  "tools.intercept",
  "tools.transform_output",
  "privacy.llm_content",
  "session.lifecycle",
  "tools.register",
  "providers.register",
  "context_providers.register",
  "memory.read",
  "memory.write",
  "config.write",
  "config.subscribe",
  "audio.input",
  "audio.output",
];
