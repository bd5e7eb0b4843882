// Where a plugin folder keeps its files unless the user says otherwise: the
// names the manifest's config defaults use, the extension resolves, and the
// command line looks for.
export const DEFAULT_POLICY_FILE = "policy.toml";
export const DEFAULT_AUDIT_LOG = "logs/audit.jsonl";
