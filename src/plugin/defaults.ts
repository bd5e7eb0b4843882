// Where the user's files live unless the user says otherwise, and where
// older versions kept them.
//
// Not in the plugin folder: SynapsCLI owns that folder, and a /plugins update
// clones the repository afresh, swaps the folders and deletes the old one
// (PROTOCOL.md). So the policy, its includes and the audit log live in
// SynapsCLI's own directory, beside `plugins/`, in a folder no update
// touches. Not under $XDG_CONFIG_HOME / $XDG_STATE_HOME: the extension's
// environment holds only PATH, HOME, LANG, TERM and XDG_RUNTIME_DIR, and the
// setup script's only PATH, HOME, USER, SHELL, so an XDG variable set in the
// user's shell would send the command line and the live hook to different
// files. `~` is the one thing every process agrees on, on every platform.
// The manifest's config defaults name the same paths (a test says so).

/** The user's own synaps-policy folder, as the manifest writes it. */
export const USER_FOLDER = "~/.synaps-cli/synaps-policy";
export const DEFAULT_POLICY_FILE = `${USER_FOLDER}/policy.toml`;
export const DEFAULT_AUDIT_LOG = `${USER_FOLDER}/logs/audit.jsonl`;

/** Where older versions kept the user's files: inside the plugin folder. */
export const LEGACY_POLICY_FILE = "policy.toml";
export const LEGACY_AUDIT_LOG = "logs/audit.jsonl";

/** What the copy from an older install records (in the user folder), so `doctor` can say what moved where. */
export const MIGRATION_RECORD = "moved-from-plugin-folder.json";
