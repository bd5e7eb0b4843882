// Everything the extension needs beyond the handshake: the policy engine,
// the shell grammar, the audit log. Imported lazily so that `initialize`
// is answered before any of it is evaluated.
export { AuditLog } from "./audit.ts";
export { HookHandler } from "./hooks.ts";
export { PolicyStore } from "./policy-store.ts";
export { callPolicyTool } from "./tools/policy.ts";
export { loadBashParser, warmUpBashParser } from "../match/shell/parser.ts";
export { runSlashCommand, splitArgs } from "./slash-command.ts";
