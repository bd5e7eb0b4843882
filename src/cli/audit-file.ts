// Which audit log the command line reads: the file named, else the one the
// extension would write (the audit_log setting, read as the host resolves
// it: plugin-settings.ts); undefined when it is "off".
import { homedir } from "node:os";
import { resolve } from "node:path";
import { expandHome } from "../match/path.ts";
import { pluginSetting } from "./plugin-settings.ts";
import { pluginRootOfExecutable, settingPath } from "./policy-file.ts";

const OFF = ["off", "none", "false", "no", "0"];

export function locateAuditLog(named: string | undefined): string | undefined {
  if (named !== undefined) return resolve(expandHome(named, homedir()));
  return auditLogOf(pluginRootOfExecutable());
}

/** The audit log the extension in this plugin folder writes; undefined when it is off. */
export function auditLogOf(root: string): string | undefined {
  const setting = pluginSetting("audit_log", root).value;
  if (OFF.includes(setting.toLowerCase())) return undefined;
  return settingPath(setting, root);
}
