// A publish or a chain send is tagged trial-destination only when every
// destination it names (each option given, each variable set for it) is a
// local node, a testnet or Python's test index.
import { describe, expect, test } from "bun:test";
import { TRIAL_DESTINATION_TAG } from "../../../../src/shell/programs/trial-destinations.ts";
import { neededBy, projectView } from "../../../support/project-view.ts";
import { viewOf } from "../../../support/shell.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const tagged = (input: string) => viewOf(input).commands.some((command) => command.tags.includes(TRIAL_DESTINATION_TAG));
const sends = (input: string) => viewOf(input).commands.some((command) => command.tags.includes("chain-transaction"));

describe("trial destinations", () => {
  test("every destination named must be a trial one", () => {
    const trial = [
      "cast send 0x5FbDB2315678afecb367f032d93F642f64180aa3 'inc()' --rpc-url http://127.0.0.1:8545",
      "forge script script/Deploy.s.sol --fork-url http://localhost:8545 --broadcast",
      "forge create src/A.sol:A --rpc-url https://eth-sepolia.g.alchemy.com/v2/$KEY --broadcast",
      'forge script script/Deploy.s.sol --rpc-url "$HOLESKY_RPC_URL" --broadcast',
      "npx hardhat run scripts/deploy.ts --network base-sepolia",
      "solana program deploy target/deploy/p.so -ul",
      "twine upload -r testpypi dist/*",
      "python3 -m twine upload --repository-url https://test.pypi.org/legacy/ dist/*",
      "hatch publish --repo test",
    ];
    const real = [
      // A stray argument that reads like a testnet names no destination.
      "cast send 0xabc 'f(string)' sepolia --rpc-url https://rpc.example-mainnet.io",
      "forge script script/D.s.sol --rpc-url https://eth.example-rpc.io --broadcast --sig 'run(string)' local",
      // A repeated option: parsers differ on which one wins.
      "cast send 0xabc 'f()' --rpc-url http://localhost:8545 --rpc-url https://rpc.example-mainnet.io",
      "npx hardhat run scripts/deploy.ts --network mainnet --network sepolia",
      "solana transfer Abc 1 -u devnet --url mainnet-beta",
      "poetry publish -r pypi -r testpypi",
      "twine upload --repository testpypi --repository-url https://upload.pypi.org/legacy/ dist/*",
      // A URL counts by its host: the path, the query, a longer domain are anyone's to write.
      "cast send 0xabc 'f()' --rpc-url https://rpc.example-mainnet.io/v3/sepolia",
      "cast send 0xabc 'f()' --rpc-url https://localhost.example.net/rpc",
      "twine upload --repository-url https://upload.pypi.org/legacy/?test.pypi.org dist/*",
      "twine upload --repository-url https://test.pypi.org.example.net/legacy/ dist/*",
      "npx hardhat run scripts/deploy.ts --network testnet_then_mainnet",
      // A variable set for the command names the destination too.
      "TWINE_REPOSITORY_URL=https://upload.pypi.org/legacy/ twine upload -r testpypi dist/*",
      "ETH_RPC_URL=https://rpc.example-mainnet.io forge script script/D.s.sol --broadcast",
      "bitcoin-cli -regtest -chain=main sendtoaddress bcrt1q 1",
    ];
    expect(trial.filter((input) => !tagged(input))).toEqual([]);
    expect(real.filter(tagged)).toEqual([]);
  });

  test("a package or chart registry on this machine is a trial one; a name or another host is not", () => {
    for (const input of [
      "npm publish --registry http://localhost:4873",
      "pnpm publish --registry=http://127.0.0.1:4873/ --no-git-checks",
      "helm push shop-0.1.0.tgz oci://localhost:5000/charts",
    ])
      expect(tagged(input)).toBe(true);
    for (const input of [
      "npm publish",
      "npm publish --registry https://registry.npmjs.org",
      "npm publish --registry http://localhost:4873 --registry https://registry.npmjs.org",
      "npm publish --registry http://localhost@evil.example/",
      "yarn publish --registry localhost:4873",
      "helm push shop-0.1.0.tgz oci://ghcr.io/acme/charts",
      "helm push shop-0.1.0.tgz oci://localhost.example.net/charts",
    ])
      expect(tagged(input)).toBe(false);
  });

  test("a destination variable set for a verb that sends makes it send", () => {
    expect(sends("ETH_RPC_URL=https://rpc.example-mainnet.io cast send 0xabc 'f()'")).toBe(true);
    expect(sends("env HARDHAT_NETWORK=polygon npx hardhat run scripts/deploy.ts")).toBe(true);
    expect(sends("cast send 0xabc 'f()' --unlocked --from 0xf39F")).toBe(false);
    // Set earlier on the line (exported or not), or to a value only the run knows: never taken for a trial one.
    expect(sends("export ETH_RPC_URL=https://rpc.example-mainnet.io; cast send 0xabc 'f()'")).toBe(true);
    expect(tagged("export ETH_RPC_URL=https://rpc.example-mainnet.io; forge script s.sol --rpc-url http://127.0.0.1:8545 --broadcast")).toBe(false);
    expect(tagged("ETH_RPC_URL=$(cat .rpc) forge script s.sol --rpc-url http://127.0.0.1:8545 --broadcast")).toBe(false);
  });

  test("a name is judged by where the file that defines it points: an alias named for a testnet may be mainnet", () => {
    const foundry = '[rpc_endpoints]\nsepolia = "https://eth-mainnet.g.alchemy.com/v2/abc"\nholesky = "${HOLESKY_RPC_URL}"\ngoerli = "${MAINNET_RPC_URL}"\n';
    const hardhat = 'module.exports = { networks: {\n  sepolia: { url: "https://mainnet.infura.io/v3/abc" },\n  amoy: { url: process.env.AMOY_RPC_URL },\n} };\n';
    const pypirc = "[testpypi]\nrepository = https://upload.pypi.org/legacy/\n\n[staging]\nrepository = https://test.pypi.org/legacy/\n";
    const files = { "foundry.toml": foundry, "hardhat.config.js": hardhat, "/home/ada/.pypirc": pypirc };
    const trialWith = (input: string) => projectView(input, files).commands.some((command) => command.tags.includes(TRIAL_DESTINATION_TAG));
    for (const real of [
      "forge script script/Deploy.s.sol --rpc-url sepolia --broadcast",
      "forge script script/Deploy.s.sol --rpc-url goerli --broadcast",
      "npx hardhat run scripts/deploy.js --network sepolia",
      "npx hardhat --network sepolia run scripts/deploy.js",
      "twine upload -r testpypi dist/*",
      "python -m twine upload --repository testpypi dist/*",
    ]) {
      expect(trialWith(real)).toBe(false);
    }
    for (const trial of [
      "forge script script/Deploy.s.sol --rpc-url holesky --broadcast",
      "npx hardhat --network amoy run scripts/deploy.js",
      "npx hardhat run scripts/deploy.js --network localhost",
      "twine upload -r staging dist/*",
    ]) {
      expect(trialWith(trial)).toBe(true);
    }
    // Not known yet: asked of the extension, and the name judged as a name meanwhile.
    expect(neededBy("forge script script/Deploy.s.sol --rpc-url sepolia --broadcast")).toContain("foundry.toml?");
    expect(neededBy("twine upload -r testpypi dist/*")).toContain("/home/ada/.pypirc?");
    expect(neededBy("forge build")).not.toContain("foundry.toml?");
    expect(tagged("forge script script/Deploy.s.sol --rpc-url sepolia --broadcast")).toBe(true);
  });
});
