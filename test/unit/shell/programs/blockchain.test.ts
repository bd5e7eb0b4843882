// The blockchain tools' grammar: which verbs send a transaction (and only
// once the option that names a network or broadcasts is there), which print
// or export a wallet's keys, and which option values are not files.
import { describe, expect, test } from "bun:test";
import { CHAIN_TRANSACTION, WALLET_KEY_EXPORT } from "../../../../src/shell/programs/blockchain.ts";
import { CREDENTIAL_OUTPUT } from "../../../../src/shell/programs/output-labels.ts";
import { commandNamed } from "../../../support/shell.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const tagsOf = (input: string) => commandNamed(input, input.split(" ")[0]!).tags;

describe("blockchain tools", () => {
  test.each([
    ["cast send 0x5FbDB2315678afecb367f032d93F642f64180aa3 'set(uint256)' 1 --rpc-url https://rpc.example.org", CHAIN_TRANSACTION],
    ["forge script script/Deploy.s.sol --rpc-url base --broadcast", CHAIN_TRANSACTION],
    ["forge create src/A.sol:A -r https://rpc.example.org", CHAIN_TRANSACTION],
    ["hardhat ignition deploy ignition/modules/A.ts --network polygon", CHAIN_TRANSACTION],
    ["truffle migrate --network live", CHAIN_TRANSACTION],
    ["anchor deploy --provider.cluster mainnet", CHAIN_TRANSACTION],
    ["solana program close 7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU", CHAIN_TRANSACTION],
    ["bitcoin-cli -rpcwallet=hot sendtoaddress bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh 0.1", CHAIN_TRANSACTION],
    ["cast wallet decrypt-keystore ops", CREDENTIAL_OUTPUT],
    ["bitcoin-cli dumpprivkey bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh", CREDENTIAL_OUTPUT],
    ["bitcoin-cli dumpwallet /tmp/keys.txt", WALLET_KEY_EXPORT],
  ])("%s is tagged %s", (input, tag) => {
    expect(tagsOf(input)).toContain(tag);
  });

  test.each([
    "cast send 0x5FbDB2315678afecb367f032d93F642f64180aa3 'set(uint256)' 1",
    "cast call 0x5FbDB2315678afecb367f032d93F642f64180aa3 'get()(uint256)' --rpc-url https://rpc.example.org",
    "forge script script/Deploy.s.sol --rpc-url base",
    "forge create src/A.sol:A",
    "hardhat run scripts/deploy.ts",
    "anchor deploy",
    "solana balance",
    "bitcoin-cli getbalance",
  ])("%s sends nothing", (input) => {
    expect(tagsOf(input)).not.toContain(CHAIN_TRANSACTION);
  });

  test("option values are values, keystores are files read, a wallet dump's target is written", () => {
    expect(commandNamed("cast send 0xab 'f()' --private-key 0xac09 --keystore ~/ks/ops.json", "cast").reads).toEqual(["/home/ada/ks/ops.json"]);
    expect(commandNamed("solana transfer 9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM 1 -u devnet", "solana").paths).toEqual([]);
    expect(commandNamed("bitcoin-cli dumpwallet /tmp/keys.txt", "bitcoin-cli").writes).toEqual(["/tmp/keys.txt"]);
  });
});
