// Where a publish or a blockchain send goes, for the programs whose everyday
// use is a trial run: a package uploaded to Python's test index, a transaction
// sent to a local node or a public testnet. Such a run passes only when EVERY
// place the command names for its destination is a trial one — each option
// given (a parser may keep the first or the last of a repeated option), and
// the variables the program reads in their place (`ETH_RPC_URL=…`,
// `TWINE_REPOSITORY_URL=…`). A stray argument that merely reads "test" names
// no destination; a URL counts by its host alone (a path or a query string is
// anyone's to write: `https://mainnet.example/v3/sepolia` is mainnet).
import type { AliasFormat } from "../languages/destination-aliases.ts";
import { CHAIN_TRANSACTION } from "./blockchain.ts";

/** On a command whose every destination (one at least) is a local node, a testnet or a test index. */
export const TRIAL_DESTINATION_TAG = "trial-destination";

type TrialKind = "chain" | "python-index" | "local-registry" | "image-copy";

type DestinationChoice = {
  kind: TrialKind;
  /** The options that name the destination (a URL, a network or a configured alias). */
  options: readonly string[];
  /** Variables the program reads for its destination when no option names one. */
  env?: readonly string[];
  /** Flags that name a trial network by themselves (`bitcoin-cli -regtest`). */
  trialFlags?: readonly string[];
  /** Every operand that is a URL names the destination too (`helm push chart.tgz oci://host/charts`). */
  urlOperands?: true;
  /**
   * The last word of these subcommands names the destination (`skopeo copy SRC DEST`); after an option word it may
   * be that option's value, and the destination is then unknown.
   */
  lastOperandIn?: readonly string[];
  /** Names this program alone takes for its test destination (`hatch publish -r test`). */
  trialNames?: readonly string[];
  /** Subcommands that send once one of `env` is set, as the options would make them (`ETH_RPC_URL=… cast send`). */
  sendsWithEnv?: readonly string[];
  /**
   * Files that define the names a destination option takes (`~/…` under home, others in the project), in the format
   * each is read in: a name is judged by where its definition points, when the file is known.
   */
  aliasFiles?: ReadonlyArray<{ path: string; format: AliasFormat }>;
};

/** cast's `-f` is `--from` (an address); forge's is `--fork-url`. */
const CAST_NETWORK = ["--rpc-url", "-r"] as const;
const FORGE_NETWORK = ["--rpc-url", "-r", "--fork-url", "-f"] as const;
const FOUNDRY_ENV = ["ETH_RPC_URL", "FOUNDRY_ETH_RPC_URL"] as const;
/** Foundry's RPC aliases (`[rpc_endpoints]`), in the project's foundry.toml. */
const FOUNDRY_ALIASES = [{ path: "foundry.toml", format: "foundry" }] as const;
/** Hardhat's networks, in the project's config file (one of these names). */
const HARDHAT_ALIASES = ["hardhat.config.ts", "hardhat.config.js", "hardhat.config.cjs", "hardhat.config.mjs", "hardhat.config.cts"].map((path) => ({
  path,
  format: "hardhat" as const,
}));
/** The index sections of ~/.pypirc, which twine and maturin read for `-r NAME`. */
const PYPIRC_ALIASES = [{ path: "~/.pypirc", format: "pypirc" }] as const;
const TWINE: DestinationChoice = {
  kind: "python-index",
  options: ["-r", "--repository", "--repository-url"],
  env: ["TWINE_REPOSITORY", "TWINE_REPOSITORY_URL"],
  aliasFiles: PYPIRC_ALIASES,
};

/** npm and the clients that read its settings: `--registry URL`, or the npm_config_registry variable. */
const NPM_REGISTRY: DestinationChoice = { kind: "local-registry", options: ["--registry"], env: ["npm_config_registry", "NPM_CONFIG_REGISTRY"] };

export const DESTINATION_CHOICES: Readonly<Record<string, DestinationChoice>> = {
  cast: { kind: "chain", options: CAST_NETWORK, env: FOUNDRY_ENV, sendsWithEnv: ["send", "s", "publish", "p"], aliasFiles: FOUNDRY_ALIASES },
  forge: { kind: "chain", options: FORGE_NETWORK, env: FOUNDRY_ENV, aliasFiles: FOUNDRY_ALIASES },
  hardhat: { kind: "chain", options: ["--network"], env: ["HARDHAT_NETWORK"], sendsWithEnv: ["run", "deploy", "ignition deploy"], aliasFiles: HARDHAT_ALIASES },
  truffle: { kind: "chain", options: ["--network"] },
  anchor: { kind: "chain", options: ["--provider.cluster"] },
  solana: { kind: "chain", options: ["-u", "--url"] },
  "bitcoin-cli": { kind: "chain", options: ["-chain"], trialFlags: ["-regtest", "-testnet", "-signet", "-testnet4"] },
  twine: TWINE,
  maturin: { kind: "python-index", options: ["-r", "--repository", "--repository-url"], env: ["MATURIN_REPOSITORY", "MATURIN_REPOSITORY_URL"], aliasFiles: PYPIRC_ALIASES },
  poetry: { kind: "python-index", options: ["-r", "--repository"] },
  hatch: { kind: "python-index", options: ["-r", "--repo"], env: ["HATCH_INDEX_REPO"], trialNames: ["test"] },
  flit: { kind: "python-index", options: ["--repository"], env: ["FLIT_INDEX_URL"] },
  pdm: { kind: "python-index", options: ["-r", "--repository"], env: ["PDM_PUBLISH_REPO"] },
  uv: { kind: "python-index", options: ["--publish-url", "--index"], env: ["UV_PUBLISH_URL", "UV_PUBLISH_INDEX"] },
  // A package or chart pushed to a registry on this machine (Verdaccio on localhost:4873, a registry:2 container on
  // localhost:5000) is a rehearsal of the release: nobody else installs from it.
  npm: NPM_REGISTRY,
  pnpm: NPM_REGISTRY,
  yarn: NPM_REGISTRY,
  bun: NPM_REGISTRY,
  helm: { kind: "local-registry", options: [], urlOperands: true },
  // An image copied into a directory, an OCI layout, an archive or this machine's own image store (`skopeo copy
  // docker://alpine dir:/tmp/alpine`) is a download; only a registry (`docker://…`) that is not this machine's is a push.
  skopeo: { kind: "image-copy", options: [], lastOperandIn: ["copy"] },
};

const DESTINATION_VARIABLES = new Set(Object.values(DESTINATION_CHOICES).flatMap((choice) => choice.env ?? []));

/** A variable some program reads for where it publishes or sends (`ETH_RPC_URL`, `TWINE_REPOSITORY_URL`). */
export function picksDestination(name: string): boolean {
  return DESTINATION_VARIABLES.has(name);
}

/** `python -m twine …` chooses its index as twine does. */
export const PYTHON_MODULE_CHOICES: Readonly<Record<string, DestinationChoice>> = { twine: TWINE };

/** The tag a program's sends carry, so a variable alone (`ETH_RPC_URL=… cast send`) can make a verb send. */
export const SEND_TAG: Readonly<Record<TrialKind, string>> = { chain: CHAIN_TRANSACTION, "python-index": "publish", "local-registry": "publish", "image-copy": "publish" };

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "0.0.0.0", "[::1]", "::1"]);
/** Local chains and public testnets by the names the tools and config files give them (Solana's `-u l|d|t` too). */
const CHAIN_TRIAL_NAMES = new Set(
  "anvil hardhat localhost localnet local ganache development l d t regtest signet test testnet testnet4 devnet sepolia holesky hoodi goerli amoy fuji chiado".split(" "),
);
const TESTNETS = "sepolia|holesky|hoodi|goerli|testnet|devnet|amoy|fuji|chiado";
/** A configured network's name ends in the testnet's (`base-sepolia`, `arbitrum_sepolia`): `testnet_but_mainnet` does not. */
const CHAIN_TRIAL_NAME = new RegExp(`(?:^|[-_])(?:${TESTNETS})$`);
/** A host label names the testnet anywhere among its words (`ethereum-sepolia-rpc`, `eth-sepolia`). */
const CHAIN_TRIAL_LABEL = new RegExp(`(?:^|[-_])(?:${TESTNETS})(?:$|[-_])`);
/** A variable named for a testnet or a local node (`$SEPOLIA_RPC_URL`, `${ANVIL_URL}`); its value is not shown. */
const CHAIN_TRIAL_VARIABLE = new RegExp(`^"?\\$\\{?[A-Za-z_]*(?:${TESTNETS}|local|anvil)[A-Za-z0-9_]*\\}?"?$`, "i");

/** Whether one destination value is a trial one for this program. */
export function isTrialDestination(choice: DestinationChoice, value: string): boolean {
  const lower = value.toLowerCase();
  const host = urlHost(lower);
  // Only this machine is a trial registry: a name or a host without a scheme says nothing about where it is.
  if (choice.kind === "local-registry") return host !== undefined && LOOPBACK_HOSTS.has(host);
  if (choice.kind === "image-copy") return LOCAL_IMAGE_TRANSPORT.test(lower) || (lower.startsWith("docker://") && LOOPBACK_HOSTS.has(imageRegistry(lower.slice(9))));
  if (choice.kind === "python-index") {
    if (host !== undefined) return host === "test.pypi.org";
    return lower === "testpypi" || (choice.trialNames ?? []).includes(lower);
  }
  if (host !== undefined) return LOOPBACK_HOSTS.has(host) || chainTrialHost(host);
  if (CHAIN_TRIAL_VARIABLE.test(value)) return true;
  const bare = lower.replace(/:\d+$/, "");
  return LOOPBACK_HOSTS.has(bare) || CHAIN_TRIAL_NAMES.has(lower) || CHAIN_TRIAL_NAME.test(lower);
}

/** containers-image transports that stay on this machine: a directory, an OCI layout or archive, a tarball, a local image store. */
const LOCAL_IMAGE_TRANSPORT = /^(?:dir|oci|oci-archive|docker-archive|docker-daemon|containers-storage):./;

/** The registry host of an image reference without its port (`localhost:5000/app` → localhost); `docker.io` when none is named. */
function imageRegistry(reference: string): string {
  const first = reference.split("/")[0]!;
  if (!reference.includes("/") || !/[.:]|^localhost$/.test(first)) return "docker.io";
  return first.replace(/:\d+$/, "");
}

/** The host of a `scheme://` URL without its user and port; undefined for a name. */
function urlHost(value: string): string | undefined {
  const match = /^[a-z][a-z0-9+.-]*:\/\/(?:[^/?#@]*@)?(\[[^\]]*\]|[^/?#:]*)/.exec(value);
  return match ? match[1] : undefined;
}

/**
 * A provider's testnet host names the network in a label below its own domain (`eth-sepolia.g.alchemy.com`,
 * `api.devnet.solana.com`); the domain itself is whoever registered it.
 */
function chainTrialHost(host: string): boolean {
  const labels = host.split(".");
  return labels.slice(0, -2).some((label) => CHAIN_TRIAL_LABEL.test(label));
}
