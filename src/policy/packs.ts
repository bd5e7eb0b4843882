// The built-in rule packs a policy can include by name. Their text is
// embedded in the executable; each is a policy file with its own tests.
import agentConfig from "./packs/agent-config.toml" with { type: "text" };
import database from "./packs/database.toml" with { type: "text" };
import destructiveFs from "./packs/destructive-fs.toml" with { type: "text" };
import git from "./packs/git.toml" with { type: "text" };
import network from "./packs/network.toml" with { type: "text" };
import persistence from "./packs/persistence.toml" with { type: "text" };
import publish from "./packs/publish.toml" with { type: "text" };
import remoteCode from "./packs/remote-code.toml" with { type: "text" };
import secrets from "./packs/secrets.toml" with { type: "text" };
import system from "./packs/system.toml" with { type: "text" };

const PACKS: Record<string, string> = {
  "destructive-fs": destructiveFs,
  git,
  secrets,
  "remote-code": remoteCode,
  "agent-config": agentConfig,
  database,
  publish,
  system,
  network,
  persistence,
};

export const BUILTIN_PACK_NAMES = Object.keys(PACKS);

export function builtinPackText(name: string): string | undefined {
  return PACKS[name];
}
