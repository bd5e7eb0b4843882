// Where the managed policy lives: a system location only an administrator can
// write. It is fixed per platform and deliberately not a setting: the
// manifest's config, the policy file and the environment are all the user's
// (or the host's, which the user starts), so a path read from any of them
// would let the person the managed file binds point it at an empty file.
// The one seam is a build-time constant (MANAGED_POLICY_FILE, set only by a
// test that compiles its own executable); a released binary has none.
import { join } from "node:path";

declare const MANAGED_POLICY_FILE: string | undefined;

/** The managed policy file for a platform. Windows: C:\ProgramData, not %ProgramData%, which a user can set. */
export function managedPolicyFile(platform: NodeJS.Platform = process.platform): string {
  if (typeof MANAGED_POLICY_FILE === "string") return MANAGED_POLICY_FILE;
  if (platform === "win32") return "C:\\ProgramData\\synaps-policy\\policy.toml";
  if (platform === "darwin") return join("/Library/Application Support/synaps-policy", "policy.toml");
  return "/etc/synaps-policy/policy.toml";
}
