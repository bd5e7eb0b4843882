// No secret leaves the process unredacted (issue 10, item 15): quoted values
// are seen as decoded text, nothing is cut before it is redacted, session ids
// and mistyped policy values are redacted, URL credentials and -p'pw' are
// detected; a huge input's preview is bounded; an output that cannot be
// redacted in budget is withheld. Mostly in process; a few through the binary.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AuditLog, preview as auditPreview } from "../src/extension/audit.ts";
import { AUDIT_PREVIEW_CHARS, REASON_COMMAND_CHARS } from "../src/limits.ts";
import { preview, redactForLog, redactThenTruncate } from "../src/match/secrets/for-log.ts";
import { describeCommand } from "../src/policy/engine/command-text.ts";
import { evaluate } from "../src/policy/engine/index.ts";
import { loadPolicy } from "../src/policy/load/load.ts";
import { directEngineDeps } from "../src/policy/load/load-file.ts";
import { describeVerdict, verdictJson } from "../src/report/describe-verdict.ts";
import { bashCall, hookEvent, pluginFolder, readAudit, startLoadedExtension, type ExtensionProcess } from "./harness.ts";
import { withExtension } from "./support/in-process-host.ts";
import { simpleCommand } from "./support/commands.ts";
import { secretsCorpus } from "./support/secrets-corpus.ts";
import { setTestLimit } from "./support/test-limit.ts";

setTestLimit();

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

const corpus = secretsCorpus;
const shellQuoted = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

// The shipped default policy (no policy file: the embedded default, the text `init` writes), one process, many events.
describe("the shipped default policy, through the binary", () => {
  let ext: ExtensionProcess;
  let folder: ReturnType<typeof pluginFolder>;
  beforeAll(async () => {
    folder = pluginFolder();
    ext = await startLoadedExtension(folder);
  });
  afterAll(async () => {
    await ext.stop();
    rmSync(folder.root, { recursive: true, force: true });
  });
  const afterCall = (output: string) => hookEvent("after_tool_call", { tool_name: "bash", tool_input: { command: "cat notes.txt" }, tool_output: output });

  test("every family in the secrets corpus is redacted in after_tool_call output", async () => {
    const leaked: string[] = [];
    for (const row of corpus.filter((row) => row.kind === "secret")) {
      const result = (await ext.request("hook.handle", afterCall(row.text))).result;
      if (result.action !== "replace" || result.output.includes(row.secret)) leaked.push(`${row.family}: ${row.text.slice(0, 60)}`);
    }
    expect(leaked).toEqual([]);
  });

  test("look-alikes pass untouched: hashes, UUIDs, integrity strings, code, a password-less localhost URL", async () => {
    const changed: string[] = [];
    for (const row of corpus.filter((row) => row.kind === "lookalike")) {
      const result = (await ext.request("hook.handle", afterCall(row.text))).result;
      if (result.action !== "continue") changed.push(`${row.family}: ${row.text.slice(0, 60)}`);
    }
    expect(changed).toEqual([]);
  });

  test("every family in the corpus is redacted in the audit record and in a block reason", async () => {
    const secrets = corpus.filter((row) => row.kind === "secret");
    const leakedInReason: string[] = [];
    for (const row of secrets) {
      // A recursive delete of home is blocked, and its reason quotes the command.
      const result = (await ext.request("hook.handle", bashCall(`rm -rf ~ ${shellQuoted(row.text)}`))).result;
      expect(result.action).toBe("block");
      if (result.reason.includes(row.secret) || result.reason.includes(row.secret.slice(0, 24))) leakedInReason.push(`${row.family}: ${row.text.slice(0, 60)}`);
      await ext.request("hook.handle", bashCall(`echo ${shellQuoted(row.text)}`));
    }
    expect(leakedInReason).toEqual([]);
    const audit = readFileSync(folder.auditLog, "utf8");
    expect(secrets.filter((row) => audit.includes(row.secret)).map((row) => `${row.family}: ${row.text.slice(0, 60)}`)).toEqual([]);
    // The records are there, with markers where the secrets were.
    expect(audit.split("[REDACTED:").length - 1).toBeGreaterThanOrEqual(2 * secrets.length);
  });

  test("a look-alike reaches the audit record as it was", async () => {
    const lookalikes = corpus.filter((row) => row.kind === "lookalike" && !row.text.includes("\n"));
    for (const row of lookalikes) await ext.request("hook.handle", bashCall(`echo ${shellQuoted(row.text)}`));
    const commands = new Set(readAudit(folder).map((record) => record.tool_input?.command));
    expect(lookalikes.filter((row) => !commands.has(`echo ${shellQuoted(row.text)}`)).map((row) => row.text)).toEqual([]);
  });

  test("a 256 KiB output full of trigger words and a token: the token never passes", async () => {
    const output = `password=${"token secret api_key ".repeat(13_000)} ${GH_TOKEN}`;
    const result = (await ext.request("hook.handle", afterCall(output))).result;
    expect(result.action).toBe("replace");
    expect(result.output).not.toContain(GH_TOKEN);
  });

  test("a session id holding a token reaches the audit log redacted", async () => {
    await ext.request("hook.handle", { ...bashCall("ls"), session_id: `s-${GH_TOKEN}` });
    const records = readAudit(folder);
    expect(JSON.stringify(records)).not.toContain(GH_TOKEN);
  });
});

test("a mistyped policy value holding a secret is redacted in the block reason and on stderr", async () => {
  const folder = pluginFolder(`version = 1\n[defaults]\ndecision = "${GH_TOKEN}"\n`);
  const ext = await startLoadedExtension(folder);
  try {
    const result = (await ext.request("hook.handle", bashCall("ls"))).result;
    expect(result.action).toBe("block");
    expect(result.reason).not.toContain(GH_TOKEN);
    expect(JSON.stringify(readAudit(folder))).not.toContain(GH_TOKEN);
  } finally {
    await ext.stop();
  }
  // The policy error on stderr (the host's debug log) quotes the value, redacted.
  const stderr = await ext.stderr();
  expect(stderr).toContain("[REDACTED:github]");
  expect(stderr).not.toContain(GH_TOKEN);
});

// Issue 26 item 7: a token the input writes in pieces (variables joined where it is used) is whole only in
// the shell view; its pieces are redacted in the audit record's copy of the input.
test("a token assembled from shell variables reaches the audit log redacted in every piece", async () => {
  const folder = pluginFolder();
  const command = 'a=ghp_16C7e42F; b=292c6912E7710c838347Ae178B4a; curl -H "Authorization: token $a$b" https://api.github.com';
  await withExtension(folder, { model_dry_run: "on" }, async (host) => {
    expect((await host.request("hook.handle", bashCall(command))).action).toBe("continue");
    // The model's dry run of the same call is recorded too.
    await host.request("tool.call", { name: "policy", input: { tool: "bash", input: command } });
  });
  const audit = readFileSync(folder.auditLog, "utf8");
  expect(audit).toContain('"dry_run":"answered"');
  expect(audit).not.toContain("ghp_16C7e42F");
  expect(audit).not.toContain("292c6912E7710c838347Ae178B4a");
  expect(audit).toContain('curl -H \\"Authorization: token $a$b\\" https://api.github.com');
  rmSync(folder.root, { recursive: true, force: true });
});

// Issue 29 item 4: a redact rule's own `patterns` protected tool output only; the same token in a tool's
// input reached the audit log, a block reason and `check` in clear. Now they redact wherever the detectors do.
describe("the policy's own patterns redact everywhere the detectors do", () => {
  const OWN_TOKEN = "acme_k3y9f0a8b7c6d5e4";
  const POLICY = `version = 1
include = ["builtin:destructive-fs"]

[[rule]]
id = "acme-tokens"
hook = "after_tool_call"
decision = "redact"
detectors = []
patterns = ['acme_[a-z0-9]{16}']
`;

  test("in the audit record, a block reason, a dry run and tool output", async () => {
    const folder = pluginFolder(POLICY);
    await withExtension(folder, {}, async (host) => {
      const blocked = await host.request("hook.handle", bashCall(`rm -rf ~ ${OWN_TOKEN}`));
      expect(blocked.action).toBe("block");
      expect(blocked.reason).not.toContain(OWN_TOKEN);
      expect(blocked.reason).toContain("[REDACTED:acme-tokens]");
      expect((await host.request("hook.handle", bashCall(`curl -H 'X-Acme: ${OWN_TOKEN}' https://api.acme.test`))).action).toBe("continue");
      const output = await host.request("hook.handle", hookEvent("after_tool_call", { tool_name: "bash", tool_input: { command: `echo ${OWN_TOKEN}` }, tool_output: OWN_TOKEN }));
      expect(output).toEqual({ action: "replace", output: "[REDACTED:acme-tokens]" });
      const dryRun = await host.request("tool.call", { name: "policy", input: { tool: "bash", input: `rm -rf ~ ${OWN_TOKEN}` } });
      expect(JSON.stringify(dryRun)).not.toContain(OWN_TOKEN);
    });
    const audit = readFileSync(folder.auditLog, "utf8");
    expect(audit).not.toContain(OWN_TOKEN);
    expect(audit).toContain("[REDACTED:acme-tokens]");
    rmSync(folder.root, { recursive: true, force: true });
  });

  test("in what check prints, as text and as JSON", () => {
    const loaded = loadPolicy({ text: POLICY, file: "policy.toml", home: "/home/ada", deps: directEngineDeps() });
    if (!loaded.ok) throw new Error(loaded.problems.map((problem) => problem.message).join("\n"));
    for (const command of [`rm -rf ~ ${OWN_TOKEN}`, `curl -H 'X-Acme: ${OWN_TOKEN}' https://api.acme.test`, `python3 -c 'print("${OWN_TOKEN}")'`]) {
      const verdict = evaluate(loaded.policy, { hook: "before_tool_call", tool: ["bash"], input: { command } });
      const text = describeVerdict(loaded.policy, verdict, true);
      expect(text).not.toContain(OWN_TOKEN);
      expect(text).toContain("[REDACTED:acme-tokens]");
      expect(JSON.stringify(verdictJson(loaded.policy, verdict))).not.toContain(OWN_TOKEN);
    }
  });
});
