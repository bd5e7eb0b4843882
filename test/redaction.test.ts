// No secret leaves the process unredacted (issue 10, item 15): quoted values
// are seen as decoded text, nothing is cut before it is redacted, session ids
// and mistyped policy values are redacted, URL credentials and -p'pw' are
// detected; a huge input's preview is bounded; an output that cannot be
// redacted in budget is withheld. Mostly in process; a few through the binary.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AuditLog, preview as auditPreview } from "../src/extension/audit.ts";
import { AUDIT_PREVIEW_CHARS, REASON_COMMAND_CHARS } from "../src/limits.ts";
import { preview, redactForLog, redactThenTruncate } from "../src/match/secrets/for-log.ts";
import { describeCommand } from "../src/policy/engine/command-text.ts";
import { loadPolicy } from "../src/policy/load/load.ts";
import { directEngineDeps } from "../src/policy/load/load-file.ts";
import { bashCall, hookEvent, pluginFolder, readAudit, startExtension, type ExtensionProcess } from "./harness.ts";
import { simpleCommand } from "./support/commands.ts";

const AWS_SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYzK4a9Qx2Lm";
const GH_TOKEN = "ghp_16C7e42F292c6912E7710c838347Ae178B4a";
const PASSWORD = "S3cret!pw-42";

describe("quoted values are redacted as decoded text, not as JSON", () => {
  test.each([
    ['export AWS_SECRET_ACCESS_KEY="…" in a bash input', { command: `export AWS_SECRET_ACCESS_KEY="${AWS_SECRET}" && aws s3 ls` }, AWS_SECRET],
    ['--password="…" in a bash input', { command: `psql --password="${PASSWORD}" app` }, PASSWORD],
    ['PASSWORD="…" in a write tool\'s content', { path: ".env", content: `USER=ada\nPASSWORD="${PASSWORD}"\n` }, PASSWORD],
  ])("%s", (_label, input, secret) => {
    const shown = auditPreview(input)!;
    expect(shown).not.toContain(secret);
    expect(shown).toContain("[REDACTED:");
    // Still the JSON-ish shape a reader expects.
    expect(shown.startsWith("{")).toBe(true);
  });
});

describe("text is redacted before it is cut", () => {
  const straddling = (at: number) => `${"x".repeat(at - 10)} ${GH_TOKEN} tail`;

  test("a token straddling the 120-character cut of a block reason's command leaks no part", () => {
    const command = simpleCommand({ program: "echo", args: [straddling(REASON_COMMAND_CHARS)] });
    const shown = describeCommand(command);
    expect(shown).not.toContain(GH_TOKEN.slice(0, 12));
    expect(shown.length).toBeLessThanOrEqual(REASON_COMMAND_CHARS + 1);
  });

  test("redactThenTruncate never keeps the start of a secret, and never cuts a marker in half", () => {
    for (let cut = 90; cut < 140; cut++) {
      const shown = redactThenTruncate(straddling(100), cut);
      expect(shown).not.toContain("ghp_16C7");
      expect(shown).not.toMatch(/\[REDACTED:[a-z-]*…/);
    }
  });

  test("an audit preview redacts past its own cut", () => {
    const shown = auditPreview({ command: straddling(AUDIT_PREVIEW_CHARS) })!;
    expect(shown).not.toContain("ghp_16C7");
  });
});

describe("URL credentials and command-line passwords", () => {
  test.each([
    [`postgres://u:${PASSWORD}@h/db`, PASSWORD],
    [`redis://:${PASSWORD}@cache:6379`, PASSWORD],
    [`amqp://worker:${PASSWORD}@rabbit:5672/`, PASSWORD],
    [`mysql -uroot -p'${PASSWORD}' shop`, PASSWORD],
    [`mysql -uroot -p"${PASSWORD}" shop`, PASSWORD],
    [`mysqldump -uroot -p${PASSWORD} shop`, PASSWORD],
    [`tool --password="${PASSWORD}"`, PASSWORD],
    [`tool --password '${PASSWORD}'`, PASSWORD],
  ])("%s", (text, secret) => {
    expect(redactForLog(text)).not.toContain(secret);
  });

  test.each(["postgres://user:password@localhost/db", "mkdir -p build", "docker run -p8080:80 nginx", "http://localhost:8080/x@y"])("%s is left alone", (text) => {
    expect(redactForLog(text)).toBe(text);
  });
});

describe("every string of an audit record is redacted", () => {
  test("session_id and any other string field", () => {
    const path = join(mkdtempSync(join(tmpdir(), "synaps-policy-audit-")), "audit.jsonl");
    const log = new AuditLog({ path });
    log.write({ time: "2026-01-01T00:00:00.000Z", session_id: `sess-${GH_TOKEN}`, reason: `token=${GH_TOKEN}`, matched: [`rule ${GH_TOKEN}`], input: null });
    log.close();
    const text = readFileSync(path, "utf8");
    expect(text).not.toContain(GH_TOKEN);
    expect(JSON.parse(text).session_id).toBe("sess-[REDACTED:github]");
  });
});

describe("previews are bounded", () => {
  test("an input nested 50,000 levels deep gives a short preview, no exception", () => {
    let deep: unknown = "bottom";
    for (let level = 0; level < 50_000; level++) deep = { a: [deep] };
    const shown = preview(deep, AUDIT_PREVIEW_CHARS)!;
    expect(shown.length).toBeLessThanOrEqual(AUDIT_PREVIEW_CHARS + 1);
    expect(shown).toContain("{…}");
  });

  test("an array of a million strings is cut, not walked", () => {
    const shown = preview(
      Array.from({ length: 1_000_000 }, () => "item"),
      100,
    )!;
    expect(shown.length).toBeLessThanOrEqual(101);
    expect(shown.endsWith("…")).toBe(true);
  });
});

describe("a pattern too large for linear time is refused at validation", () => {
  test("[a-z]{1,1000}[0-9] names the rule and the limit", () => {
    const text = `version = 1\n[[rule]]\nid = "slow"\nhook = "after_tool_call"\ndecision = "redact"\npatterns = ['[a-z]{1,1000}[0-9]']\n`;
    const loaded = loadPolicy({ text, file: "policy.toml", home: "/home/ada", deps: directEngineDeps() });
    expect(loaded.ok).toBe(false);
    const problem = !loaded.ok ? loaded.problems.map((p) => `${p.where}: ${p.message}`).join("\n") : "";
    expect(problem).toContain('rule[1] "slow"');
    expect(problem).toContain("pattern too large for linear-time matching");
  });
});

describe("through the binary", () => {
  const DETECTORS = [
    "private-key",
    "aws-access-key",
    "github-token",
    "database-url",
    "huggingface",
    "gitlab",
    "hashicorp-vault",
    "sendgrid",
    "shopify",
    "databricks",
    "grafana",
    "linear",
    "notion",
    "url-credentials",
    "command-line-password",
  ];
  let ext: ExtensionProcess;
  let folder: ReturnType<typeof pluginFolder>;
  beforeAll(async () => {
    folder = pluginFolder(`version = 1\n[[rule]]\nid = "redact"\nhook = "after_tool_call"\ndecision = "redact"\ndetectors = ${JSON.stringify(DETECTORS)}\n`);
    ext = await startExtension(folder);
  });
  afterAll(async () => {
    await ext.stop();
  });

  test("every family named in issue 18 is redacted in after_tool_call output", async () => {
    const secrets = [
      "postgres://app:Sup3rS3cret@db.internal:5432/app",
      "hf_AbCdEfGhIjKlMnOpQrStUvWxYzAbCdEfGh",
      "glpat-Ab3dEf6hIj9lMn2pQr5t",
      `hvs.CAESIJ${"0a1b2c3d4e5f6g7h8i9j0kLmNoPqRsTuVwXyZ".repeat(2)}AbCdEfGhIjKl`,
      "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",
      "shpat_0123456789abcdef0123456789abcdef",
      "dapi0123456789abcdef0123456789abcdef",
      "glsa_AbCdEfGhIjKlMnOpQrStUvWxYz012345_0a1b2c3d",
      "lin_api_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789AbCd",
      "ntn_12345678901AbCdEfGhIjKlMnOpQrStUvWxYz012345678",
    ];
    const output = secrets.join("\n");
    const result = (await ext.request("hook.handle", hookEvent("after_tool_call", { tool_name: "bash", tool_input: { command: "env" }, tool_output: output }))).result;
    expect(result.action).toBe("replace");
    for (const line of result.output.split("\n")) expect(line).toContain("[REDACTED:");
    expect(result.output).toContain("postgres://app:[REDACTED:database-url]@db.internal");
  });

  test("a 256 KiB output full of trigger words is withheld, never passed on", async () => {
    const output = `password=${"token secret api_key ".repeat(13_000)} ${GH_TOKEN}`;
    const result = (await ext.request("hook.handle", hookEvent("after_tool_call", { tool_name: "bash", tool_input: { command: "cat x" }, tool_output: output }))).result;
    expect(result.action).toBe("replace");
    expect(result.output).not.toContain(GH_TOKEN);
  });

  test("a session id holding a token reaches the audit log redacted", async () => {
    await ext.request("hook.handle", { ...bashCall("ls"), session_id: `s-${GH_TOKEN}` });
    const records = readAudit(folder);
    expect(JSON.stringify(records)).not.toContain(GH_TOKEN);
  });
});

test("a mistyped policy value holding a secret is redacted in the block reason", async () => {
  const folder = pluginFolder(`version = 1\n[defaults]\ndecision = "${GH_TOKEN}"\n`);
  const ext = await startExtension(folder);
  try {
    const result = (await ext.request("hook.handle", bashCall("ls"))).result;
    expect(result.action).toBe("block");
    expect(result.reason).not.toContain(GH_TOKEN);
    expect(JSON.stringify(readAudit(folder))).not.toContain(GH_TOKEN);
  } finally {
    await ext.stop();
  }
});
