// Every built-in detector on realistic fake secrets, and the look-alikes it
// must leave alone — through the binary's after_tool_call.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { hookEvent, pluginFolder, startExtension, type ExtensionProcess } from "./harness.ts";

const ALL = ["private-key", "aws-access-key", "aws-secret-key", "github-token", "slack-token", "stripe-live-key", "google-api-key", "openai-key", "anthropic-key", "npm-token", "jwt", "bearer-token", "password-assignment"];

let ext: ExtensionProcess;
beforeAll(async () => {
  ext = await startExtension(pluginFolder(`version = 1\n[[rule]]\nid = "redact"\nhook = "after_tool_call"\ndecision = "redact"\ndetectors = ${JSON.stringify(ALL)}\n`));
});
afterAll(async () => {
  await ext.stop();
});

async function redacted(output: string): Promise<string> {
  const result = (await ext.request("hook.handle", hookEvent("after_tool_call", { tool_name: "bash", tool_input: { command: "cat x" }, tool_output: output }))).result;
  if (result.action === "continue") return output;
  expect(result.action).toBe("replace");
  return result.output;
}

const PEM = [
  "-----BEGIN RSA PRIVATE KEY-----",
  "MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun",
  "VTLw7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u+qKhbwKfBstIs+bMY2Zkp18gnTxK",
  "-----END RSA PRIVATE KEY-----",
].join("\n");

const SECRETS: Array<[string, string, string]> = [
  ["private-key", `key:\n${PEM}\ndone`, "key:\n[REDACTED:private-key]\ndone"],
  ["private-key (OpenSSH, cut off by the output cap)", "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW", "[REDACTED:private-key]"],
  ["aws-access-key", "aws_access_key_id = AKIAIOSFODNN7EXAMPLE", "aws_access_key_id = [REDACTED:aws-access-key]"],
  ["aws-secret-key", "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "aws_secret_access_key = [REDACTED:aws-secret-key]"],
  ["github-token (classic)", "GITHUB_TOKEN=ghp_16C7e42F292c6912E7710c838347Ae178B4a", "GITHUB_TOKEN=[REDACTED:github-token]"],
  ["github-token (fine-grained)", "github_pat_11ABCDEFG0123456789abc_defghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTU0123", "[REDACTED:github-token]"],
  ["slack-token", "SLACK_BOT_TOKEN: xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx", "SLACK_BOT_TOKEN: [REDACTED:slack-token]"],
  ["slack webhook", "curl https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX", "curl [REDACTED:slack-token]"],
  ["stripe-live-key", "stripe.api_key = 'sk_live_4eC39HqLyjWDarjtT1zdp7dc'", "stripe.api_key = '[REDACTED:stripe-live-key]'"],
  ["google-api-key", "const maps = \"AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY\";", 'const maps = "[REDACTED:google-api-key]";'],
  ["openai-key", "OPENAI_API_KEY=sk-proj-abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMN", "OPENAI_API_KEY=[REDACTED:openai-key]"],
  ["anthropic-key", "ANTHROPIC_API_KEY=sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789ABCD", "ANTHROPIC_API_KEY=[REDACTED:anthropic-key]"],
  ["npm-token", "//registry.npmjs.org/:_authToken=npm_abcdefghijklmnopqrstuvwxyz0123456789", "//registry.npmjs.org/:_authToken=[REDACTED:npm-token]"],
  ["jwt", "session=eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U", "session=[REDACTED:jwt]"],
  ["bearer-token", "Authorization: Bearer 7f3b9a1c2d4e5f60718293a4b5c6d7e8", "Authorization: Bearer [REDACTED:bearer-token]"],
  ["password-assignment", "DB_PASSWORD=s3cr3t-P4ss", "DB_PASSWORD=[REDACTED:password-assignment]"],
  ["secret= assignment (quoted)", 'client_secret: "9f8e7d6c5b4a"', 'client_secret: "[REDACTED:password-assignment]"'],
  ["token= assignment", "token=abc123def456", "token=[REDACTED:password-assignment]"],
];

describe("every built-in detector redacts a realistic secret", () => {
  for (const [name, output, expected] of SECRETS) {
    test(name, async () => {
      expect(await redacted(output)).toBe(expected);
    });
  }

  test("several secrets in one output are each redacted, the rest is kept", async () => {
    const output = "user=ada\nAKIAIOSFODNN7EXAMPLE and ghp_16C7e42F292c6912E7710c838347Ae178B4a\nbye";
    expect(await redacted(output)).toBe("user=ada\n[REDACTED:aws-access-key] and [REDACTED:github-token]\nbye");
  });
});

describe("look-alikes are left alone", () => {
  const LOOK_ALIKES = [
    "AKIAIOSFODNN7EXAMPL",                                  // one character short
    "ghp_short",
    "sk_test_4eC39HqLyjWDarjtT1zdp7dc",                     // test keys are not live keys
    "function login(password: string, token: Token) {}",    // types, not values
    "const password = getPassword();",
    "secret: ${SECRET}",
    "the password is strong; the token expired",
    "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----",
    "-----BEGIN PUBLIC KEY-----\nMFkw\n-----END PUBLIC KEY-----",
    "Bearer auth is configured",
    "git commit 3f2a9b1c4d5e6f708192a3b4c5d6e7f809102a3b",
    "eyJhbGciOiJIUzI1NiJ9 alone is just base64",
    "AIza is a prefix",
    "xoxb-short",
  ];
  for (const text of LOOK_ALIKES) {
    test(JSON.stringify(text.slice(0, 50)), async () => {
      expect(await redacted(text)).toBe(text);
    });
  }
});
