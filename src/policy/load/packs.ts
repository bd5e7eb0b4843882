// The built-in rule packs a policy can include by name. Their text is
// embedded in the executable; each is a policy file with its own tests.
import agentConfig from "../packs/agent-config.toml" with { type: "text" };
import database from "../packs/database.toml" with { type: "text" };
import destructiveFs from "../packs/destructive-fs.toml" with { type: "text" };
import git from "../packs/git.toml" with { type: "text" };
import network from "../packs/network.toml" with { type: "text" };
import persistence from "../packs/persistence.toml" with { type: "text" };
import publish from "../packs/publish.toml" with { type: "text" };
import remoteCode from "../packs/remote-code.toml" with { type: "text" };
import secrets from "../packs/secrets.toml" with { type: "text" };
// The remote-resource packs: one per category (issue 17), made from src/shell/programs/remote/.
import remoteApigateway from "../packs/remote-apigateway.toml" with { type: "text" };
import remoteBackup from "../packs/remote-backup.toml" with { type: "text" };
import remoteCdn from "../packs/remote-cdn.toml" with { type: "text" };
import remoteCicd from "../packs/remote-cicd.toml" with { type: "text" };
import cloud from "../packs/cloud.toml" with { type: "text" };
import remoteContainers from "../packs/remote-containers.toml" with { type: "text" };
import remoteDatabases from "../packs/remote-databases.toml" with { type: "text" };
import remoteDns from "../packs/remote-dns.toml" with { type: "text" };
import remoteEmail from "../packs/remote-email.toml" with { type: "text" };
import remoteFeatureflags from "../packs/remote-featureflags.toml" with { type: "text" };
import remoteHttp from "../packs/remote-http.toml" with { type: "text" };
import remoteInfrastructure from "../packs/remote-infrastructure.toml" with { type: "text" };
import remoteKubernetes from "../packs/remote-kubernetes.toml" with { type: "text" };
import remoteLoadbalancer from "../packs/remote-loadbalancer.toml" with { type: "text" };
import remoteMessaging from "../packs/remote-messaging.toml" with { type: "text" };
import remoteMonitoring from "../packs/remote-monitoring.toml" with { type: "text" };
import remotePayment from "../packs/remote-payment.toml" with { type: "text" };
import remotePlatform from "../packs/remote-platform.toml" with { type: "text" };
import remoteSearch from "../packs/remote-search.toml" with { type: "text" };
import remoteSecrets from "../packs/remote-secrets.toml" with { type: "text" };
import remoteStorage from "../packs/remote-storage.toml" with { type: "text" };
import remoteSync from "../packs/remote-sync.toml" with { type: "text" };
import system from "../packs/system.toml" with { type: "text" };

const PACKS: Record<string, string> = {
  "destructive-fs": destructiveFs,
  git,
  secrets,
  "remote-code": remoteCode,
  "agent-config": agentConfig,
  "remote-apigateway": remoteApigateway,
  "remote-backup": remoteBackup,
  "remote-cdn": remoteCdn,
  "remote-cicd": remoteCicd,
  cloud: cloud,
  "remote-containers": remoteContainers,
  "remote-databases": remoteDatabases,
  "remote-dns": remoteDns,
  "remote-email": remoteEmail,
  "remote-featureflags": remoteFeatureflags,
  "remote-http": remoteHttp,
  "remote-infrastructure": remoteInfrastructure,
  "remote-kubernetes": remoteKubernetes,
  "remote-loadbalancer": remoteLoadbalancer,
  "remote-messaging": remoteMessaging,
  "remote-monitoring": remoteMonitoring,
  "remote-payment": remotePayment,
  "remote-platform": remotePlatform,
  "remote-search": remoteSearch,
  "remote-secrets": remoteSecrets,
  "remote-storage": remoteStorage,
  "remote-sync": remoteSync,
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
