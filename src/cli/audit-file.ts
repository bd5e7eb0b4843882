// Which audit log the command line reads: the file named, else the one the
// extension would write (the host's env override, then logs/audit.jsonl in
// the plugin folder this executable sits in); undefined when it is "off".
import { homedir } from "node:os";
import { resolve } from "node:path";
import { expandHome } from "../match/path.ts";
import { DEFAULT_AUDIT_LOG } from "../plugin/defaults.ts";
import { pluginRootOfExecutable } from "./policy-file.ts";

export function locateAuditLog(named: string | undefined): string | undefined {
  if (named !== undefined) return resolve(expandHome(named, homedir()));
  const override = process.env.SYNAPS_EXTENSION_SYNAPS_POLICY_AUDIT_LOG;
  const setting = override?.trim() || DEFAULT_AUDIT_LOG;
  if (["off", "none", "false", "no", "0"].includes(setting.toLowerCase())) return undefined;
  return resolve(pluginRootOfExecutable(), expandHome(setting, homedir()));
}
