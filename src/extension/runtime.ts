// Everything the extension needs beyond the handshake: the policy engine,
// the shell model, the audit log. Imported lazily so that `initialize` is
// answered before any of it is evaluated.
export { FIRST_POLICY_WAIT_MS } from "../limits.ts";
export { AuditLog } from "./audit.ts";
export { CallFiles } from "../session/call-files.ts";
export { hostWorkingDirectory, ProjectRootFinder } from "./project-root.ts";
export { SessionMemory } from "../session/memory.ts";
export { DryRuns } from "./dry-runs.ts";
export { extensionEngineDeps } from "./engine-deps.ts";
export { HookHandler } from "./hooks.ts";
export { PolicyStore } from "./policy-store.ts";
export { ProjectPolicies } from "./project-policies.ts";
export { runSlashCommand, slashWords } from "./slash-command.ts";
export { callPolicyTool } from "./tools/policy.ts";
export { hostLetsUsReplaceOutput, moveLegacyFiles } from "./plugin-state.ts";
export { redactStderrLines } from "./stderr-redaction.ts";
