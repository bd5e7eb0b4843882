// The built-in rule packs a policy can include by name. Their text is
// embedded in the executable; each is a policy file with its own tests.
// Embedded as files, read when asked for: a load uses the packs as the build
// validated them (packs-embedded.ts) and reads a text only to place a problem
// or to run a pack's tests. Imported as text, all 32 were made strings at
// every start (550 KB, held as 1.1 MB of UTF-16 in the executable) for
// nothing (issue 27).
import { readFileSync } from "node:fs";
import agentConfig from "../packs/agent-config.toml" with { type: "file" };
import database from "../packs/database.toml" with { type: "file" };
import destructiveFs from "../packs/destructive-fs.toml" with { type: "file" };
import git from "../packs/git.toml" with { type: "file" };
import network from "../packs/network.toml" with { type: "file" };
import persistence from "../packs/persistence.toml" with { type: "file" };
import publish from "../packs/publish.toml" with { type: "file" };
import remoteCode from "../packs/remote-code.toml" with { type: "file" };
import secrets from "../packs/secrets.toml" with { type: "file" };
// The remote-resource packs: one per category (issue 17), made from src/shell/programs/remote/.
import remoteApigateway from "../packs/remote-apigateway.toml" with { type: "file" };
import remoteBackup from "../packs/remote-backup.toml" with { type: "file" };
import remoteCdn from "../packs/remote-cdn.toml" with { type: "file" };
import remoteCicd from "../packs/remote-cicd.toml" with { type: "file" };
import cloud from "../packs/cloud.toml" with { type: "file" };
import remoteContainers from "../packs/remote-containers.toml" with { type: "file" };
import remoteDatabases from "../packs/remote-databases.toml" with { type: "file" };
import remoteDirectory from "../packs/remote-directory.toml" with { type: "file" };
import remoteDns from "../packs/remote-dns.toml" with { type: "file" };
import remoteEmail from "../packs/remote-email.toml" with { type: "file" };
import remoteFeatureflags from "../packs/remote-featureflags.toml" with { type: "file" };
import remoteHttp from "../packs/remote-http.toml" with { type: "file" };
import remoteIot from "../packs/remote-iot.toml" with { type: "file" };
import remoteInfrastructure from "../packs/remote-infrastructure.toml" with { type: "file" };
import remoteKubernetes from "../packs/remote-kubernetes.toml" with { type: "file" };
import remoteLoadbalancer from "../packs/remote-loadbalancer.toml" with { type: "file" };
import remoteModels from "../packs/remote-models.toml" with { type: "file" };
import remoteMessaging from "../packs/remote-messaging.toml" with { type: "file" };
import remoteMonitoring from "../packs/remote-monitoring.toml" with { type: "file" };
import remotePayment from "../packs/remote-payment.toml" with { type: "file" };
import remotePipelines from "../packs/remote-pipelines.toml" with { type: "file" };
import remotePlatform from "../packs/remote-platform.toml" with { type: "file" };
import remoteSearch from "../packs/remote-search.toml" with { type: "file" };
import remoteSecrets from "../packs/remote-secrets.toml" with { type: "file" };
import remoteStorage from "../packs/remote-storage.toml" with { type: "file" };
import remoteSync from "../packs/remote-sync.toml" with { type: "file" };
import remoteWebapp from "../packs/remote-webapp.toml" with { type: "file" };
import system from "../packs/system.toml" with { type: "file" };
import unknownPrograms from "../packs/unknown-programs.toml" with { type: "file" };

/** Each pack's embedded file, by name. */
const PACK_FILES: Record<string, string> = {
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
  "remote-directory": remoteDirectory,
  "remote-dns": remoteDns,
  "remote-email": remoteEmail,
  "remote-featureflags": remoteFeatureflags,
  "remote-http": remoteHttp,
  "remote-infrastructure": remoteInfrastructure,
  "remote-iot": remoteIot,
  "remote-kubernetes": remoteKubernetes,
  "remote-loadbalancer": remoteLoadbalancer,
  "remote-messaging": remoteMessaging,
  "remote-models": remoteModels,
  "remote-monitoring": remoteMonitoring,
  "remote-payment": remotePayment,
  "remote-pipelines": remotePipelines,
  "remote-platform": remotePlatform,
  "remote-search": remoteSearch,
  "remote-secrets": remoteSecrets,
  "remote-storage": remoteStorage,
  "remote-sync": remoteSync,
  "remote-webapp": remoteWebapp,
  database,
  publish,
  system,
  network,
  persistence,
  "unknown-programs": unknownPrograms,
};

export const BUILTIN_PACK_NAMES = Object.keys(PACK_FILES);

export function isBuiltinPack(name: string): boolean {
  return Object.hasOwn(PACK_FILES, name);
}

/** The pack's text, read from its embedded file now; undefined for a name no pack has. */
export function builtinPackText(name: string): string | undefined {
  return isBuiltinPack(name) ? readFileSync(PACK_FILES[name]!, "utf8") : undefined;
}
