// An older install's policy.toml and logs/ in the plugin folder, copied to
// the user folder the first time any of synaps-policy starts (here: a
// command that reads the policy or the log), so the command line and the
// live hook read the same files. Said on stderr once, when it happens.
import { writeSync } from "node:fs";
import { homedir } from "node:os";
import { describeMigration, migrateLegacyFiles } from "../plugin/migration.ts";
import { locateAuditLog } from "./audit-file.ts";
import { locatePolicy, pluginRootOfExecutable } from "./policy-file.ts";

export function moveLegacyFiles() {
  const migration = migrateLegacyFiles({ pluginRoot: pluginRootOfExecutable(), home: homedir(), policyFile: locatePolicy(undefined).file, auditLog: locateAuditLog(undefined) });
  for (const line of describeMigration({ ...migration, differ: [] })) writeSync(2, `synaps-policy: ${line}\n`);
}
