// Blockchain developer tools: Foundry (cast, forge), Hardhat, Truffle, Anchor,
// the Solana CLI and Bitcoin Core's bitcoin-cli. A transaction or a deploy
// that reaches a network spends real money (or publishes code nobody can take
// back) unless that network is a local or test one: the verbs that do so
// carry CHAIN_TRANSACTION, with the option that names the network beside it,
// and builtin:publish asks unless the line names a local node or a testnet.
// Verbs that print a private key carry CREDENTIAL_OUTPUT; those that write a
// wallet's keys to a file carry WALLET_KEY_EXPORT (builtin:secrets blocks both).
import { CREDENTIAL_OUTPUT } from "./output-labels.ts";
import type { OptionRole, ProgramSpec } from "./spec.ts";

/** A transaction signed and sent, or a program/contract deployed, on the network the command names. */
export const CHAIN_TRANSACTION = "chain-transaction";
/** A wallet's private keys written to a file (bitcoin-cli dumpwallet): whoever reads the file holds the funds. */
export const WALLET_KEY_EXPORT = "wallet-key-export";

type Options = Readonly<Record<string, OptionRole>>;

const PRINTS_KEY = [CREDENTIAL_OUTPUT] as const;
const SENDS = [CHAIN_TRANSACTION] as const;
const values = (options: Options): ProgramSpec => ({ options, operands: ["value"] });
/** A verb that sends once one of `triggers` (an RPC URL, `--broadcast`, `--network`) is given. */
const sendsWith = (options: Options, triggers: readonly string[], operands: ProgramSpec["operands"] = ["value"]): ProgramSpec => ({
  options,
  operands,
  tagsWith: Object.fromEntries(triggers.map((trigger) => [trigger, SENDS])),
});
const named = <T>(list: readonly string[], value: T): Record<string, T> => Object.fromEntries(list.map((name) => [name, value]));

/** Foundry's signer and RPC options (cast send, forge script/create). Without an RPC URL Foundry talks to localhost:8545. */
const FOUNDRY_OPTIONS: Options = {
  "--rpc-url": "url",
  "-r": "url",
  "--fork-url": "url",
  "-f": "url",
  "--chain": "value",
  "--private-key": "value",
  "--mnemonic": "value",
  "--mnemonic-passphrase": "value",
  "--mnemonic-index": "value",
  "--keystore": "read",
  "--account": "value",
  "--password": "value",
  "--password-file": "read",
  "--from": "value",
  "--value": "value",
  "--gas-limit": "value",
  "--gas-price": "value",
  "--priority-gas-price": "value",
  "--nonce": "value",
  "--etherscan-api-key": "value",
  "--verifier-url": "url",
  "--constructor-args": "value",
  "--constructor-args-path": "read",
  "--sig": "value",
  "-s": "value",
  "--sender": "value",
  "--create": "value",
  "--auth": "value",
  "--blob": "flag",
};
const FOUNDRY_RPC = ["--rpc-url", "-r"] as const;

const CAST: ProgramSpec = {
  options: FOUNDRY_OPTIONS,
  operands: ["value"],
  subcommands: {
    // `cast send` signs and sends; `cast publish` sends a signed raw transaction. Without an RPC URL both go to
    // the local node (or ETH_RPC_URL, which the input does not show).
    ...named(["send", "s", "publish", "p"], sendsWith(FOUNDRY_OPTIONS, FOUNDRY_RPC)),
    wallet: {
      options: FOUNDRY_OPTIONS,
      operands: ["value"],
      subcommands: {
        // The private key derived from a mnemonic, or decrypted from a keystore, printed.
        ...named(["private-key", "pk", "derive-private-key", "decrypt-keystore", "dk"], { options: FOUNDRY_OPTIONS, operands: ["value"], tags: PRINTS_KEY }),
        "*": values(FOUNDRY_OPTIONS),
      },
    },
    "*": values(FOUNDRY_OPTIONS),
  },
};

const FORGE: ProgramSpec = {
  options: FOUNDRY_OPTIONS,
  operands: ["read"],
  subcommands: {
    // A script only simulates until `--broadcast` (or `--resume` of a broadcast) sends its transactions.
    script: sendsWith(FOUNDRY_OPTIONS, ["--broadcast", "--resume"], ["read"]),
    // forge create deploys with `--broadcast` (Foundry 1.0); older releases deployed whenever an RPC URL was given.
    create: sendsWith(FOUNDRY_OPTIONS, ["--broadcast", ...FOUNDRY_RPC], ["value"]),
    "*": { options: FOUNDRY_OPTIONS, operands: ["read"] },
  },
};

/** Hardhat and Truffle pick the network by name from their config; without `--network` Hardhat runs an in-process chain. */
const NETWORK_OPTIONS: Options = { "--network": "value", "--config": "read", "--parameters": "read", "--deployment-id": "value", "--tags": "value" };
const NETWORK_SENDS = sendsWith(NETWORK_OPTIONS, ["--network"], ["read"]);
const HARDHAT: ProgramSpec = {
  options: NETWORK_OPTIONS,
  operands: ["read"],
  subcommands: {
    ...named(["run", "deploy"], NETWORK_SENDS),
    ignition: { options: NETWORK_OPTIONS, operands: ["read"], subcommands: { deploy: NETWORK_SENDS, "*": { options: NETWORK_OPTIONS, operands: ["read"] } } },
    "*": { options: NETWORK_OPTIONS, operands: ["read"] },
  },
};
const TRUFFLE: ProgramSpec = {
  options: NETWORK_OPTIONS,
  operands: ["read"],
  subcommands: { ...named(["migrate", "deploy", "exec"], NETWORK_SENDS), "*": { options: NETWORK_OPTIONS, operands: ["read"] } },
};

/** Anchor deploys to `--provider.cluster`, else to the cluster its Anchor.toml names (a local validator in new projects). */
const ANCHOR_OPTIONS: Options = { "--provider.cluster": "value", "--provider.wallet": "read", "--program-name": "value", "-p": "value", "--program-keypair": "read" };
const ANCHOR: ProgramSpec = {
  options: ANCHOR_OPTIONS,
  operands: ["value"],
  subcommands: {
    ...named(["deploy", "upgrade", "migrate", "idl"], sendsWith(ANCHOR_OPTIONS, ["--provider.cluster"], ["value"])),
    "*": values(ANCHOR_OPTIONS),
  },
};

/**
 * The Solana CLI sends to the cluster `--url` names, else to its config's, which is mainnet-beta unless the user
 * changed it: every verb that moves funds or changes a program sends.
 */
const SOLANA_OPTIONS: Options = {
  "-u": "value",
  "--url": "value",
  "-k": "read",
  "--keypair": "read",
  "-C": "read",
  "--config": "read",
  "--fee-payer": "read",
  "--from": "read",
  "--commitment": "value",
  "--with-compute-unit-price": "value",
  "--program-id": "value",
  "--upgrade-authority": "read",
  "--new-upgrade-authority": "value",
  "--buffer": "value",
  "--recipient": "value",
  "--output": "value",
  "--ws": "url",
};
const SOLANA_SENDS: ProgramSpec = { options: SOLANA_OPTIONS, operands: ["value"], tags: SENDS };
const SOLANA: ProgramSpec = {
  options: SOLANA_OPTIONS,
  operands: ["value"],
  subcommands: {
    ...named(
      [
        "transfer",
        "pay",
        "withdraw-stake",
        "withdraw-from-vote-account",
        "withdraw-from-nonce-account",
        "close-vote-account",
        "deactivate-stake",
        "delegate-stake",
        "stake-authorize",
        "vote-authorize-withdrawer",
        "deploy",
      ],
      SOLANA_SENDS,
    ),
    // Deploying, upgrading or closing a program, making it immutable (`set-upgrade-authority --final`).
    program: {
      options: SOLANA_OPTIONS,
      operands: ["value"],
      subcommands: { ...named(["deploy", "upgrade", "close", "set-upgrade-authority", "extend"], SOLANA_SENDS), "*": values(SOLANA_OPTIONS) },
    },
    "*": values(SOLANA_OPTIONS),
  },
};

/** bitcoin-cli: options are single-dash words (`-regtest`, `-chain=test`, `-rpcwallet=NAME`). */
const BITCOIN_OPTIONS: Options = {
  "-chain": "value",
  "-rpcwallet": "value",
  "-rpcconnect": "host",
  "-rpcport": "port",
  "-rpcuser": "value",
  "-rpcpassword": "value",
  "-datadir": "path",
  "-conf": "read",
};
const BITCOIN_CLI: ProgramSpec = {
  options: BITCOIN_OPTIONS,
  operands: ["value"],
  singleDashWords: true,
  subcommands: {
    ...named(["sendtoaddress", "sendmany", "send", "sendall", "sendrawtransaction", "bumpfee"], { options: BITCOIN_OPTIONS, operands: ["value"], tags: SENDS }),
    dumpprivkey: { options: BITCOIN_OPTIONS, operands: ["value"], tags: PRINTS_KEY },
    // The whole wallet (every private key, or the wallet file itself) written where anyone can read it.
    ...named(["dumpwallet", "backupwallet"], { options: BITCOIN_OPTIONS, operands: ["write"], tags: [WALLET_KEY_EXPORT] }),
    "*": values(BITCOIN_OPTIONS),
  },
};

export const BLOCKCHAIN_PROGRAMS: Record<string, ProgramSpec> = {
  cast: CAST,
  forge: FORGE,
  hardhat: HARDHAT,
  truffle: TRUFFLE,
  anchor: ANCHOR,
  solana: SOLANA,
  "bitcoin-cli": BITCOIN_CLI,
};
