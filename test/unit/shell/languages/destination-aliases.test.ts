// Where a named network or index points, by the file that defines the name.
import { describe, expect, test } from "bun:test";
import { aliasDestination } from "../../../../src/shell/languages/destination-aliases.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

describe("destination aliases", () => {
  test("foundry.toml's rpc_endpoints: a URL, an interpolated variable, the table form; a broken file defines nothing", () => {
    const text =
      '[profile.default]\nsrc = "src"\n\n[rpc_endpoints]\nsepolia = "https://eth-mainnet.example/v2/k"\nholesky = "${HOLESKY_RPC_URL}"\nbase = { url = "https://base.example" }\n';
    expect(aliasDestination("foundry", text, "sepolia")).toBe("https://eth-mainnet.example/v2/k");
    expect(aliasDestination("foundry", text, "holesky")).toBe("$HOLESKY_RPC_URL");
    expect(aliasDestination("foundry", text, "base")).toBe("https://base.example");
    expect(aliasDestination("foundry", text, "mainnet")).toBeUndefined();
    expect(aliasDestination("foundry", "[rpc_endpoints\n", "sepolia")).toBeUndefined();
  });

  test("a Hardhat config's networks: a literal URL or an environment lookup", () => {
    const text =
      "export default {\n  networks: {\n    sepolia: { url: 'https://mainnet.example/rpc', accounts: [] },\n    'amoy': { chainId: 80002, url: process.env.AMOY_RPC_URL },\n    fuji: { url: vars.get(\"FUJI_URL\") },\n  },\n};\n";
    expect(aliasDestination("hardhat", text, "sepolia")).toBe("https://mainnet.example/rpc");
    expect(aliasDestination("hardhat", text, "amoy")).toBe("$AMOY_RPC_URL");
    expect(aliasDestination("hardhat", text, "fuji")).toBe("$FUJI_URL");
    expect(aliasDestination("hardhat", text, "mainnet")).toBeUndefined();
  });

  test("~/.pypirc: a section's repository, PyPI's upload URL for a section without one", () => {
    const text = "[distutils]\nindex-servers =\n  pypi\n  testpypi\n\n[pypi]\nusername = __token__\n\n[testpypi]\nrepository: https://upload.pypi.org/legacy/\n";
    expect(aliasDestination("pypirc", text, "testpypi")).toBe("https://upload.pypi.org/legacy/");
    expect(aliasDestination("pypirc", text, "pypi")).toBe("https://upload.pypi.org/legacy/");
    expect(aliasDestination("pypirc", text, "staging")).toBeUndefined();
  });
});
