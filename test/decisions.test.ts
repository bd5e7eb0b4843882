// Each decision on each hook, precedence, unless and modify — the extension in process,
// answering hook.handle as the binary does.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { bashCall, hookEvent, pluginFolder, toolCall } from "./support/host-events.ts";
import { type InProcessHost, startHost } from "./support/in-process-host.ts";
import { setTestLimit } from "./support/test-limit.ts";

setTestLimit();

const POLICY = `
version = 1

[defaults]
decision = "confirm"        # allow-list mode: what no rule allows is asked about
on_error = "block"

[[rule]]
id = "alpha-block"
when = { command = "alpha" }
decision = "block"
reason = "alpha is blocked"

[[rule]]
id = "alpha-confirm"
when = { command = "alpha" }
decision = "confirm"

[[rule]]
id = "alpha-allow"
when = { command = "alpha" }
decision = "allow"

[[rule]]
id = "beta-allow"
when = { command = "beta" }
decision = "allow"

[[rule]]
id = "beta-confirm"
when = { command = "beta" }
decision = "confirm"
message = "beta?"

[[rule]]
id = "gamma-allow"
when = { command = "gamma" }
decision = "allow"

[[rule]]
id = "gamma-modify"
tool = "bash"
when = { command = "gamma" }
decision = "modify"
modify = { set = { timeout = 5000 } }

[[rule]]
id = "delta-allow"
when = { command = "delta" }
decision = "allow"

[[rule]]
id = "epsilon-continue"
when = { command = "epsilon" }
decision = "continue"

[[rule]]
id = "zeta-first"
when = { command = "zeta" }
decision = "block"
reason = "first"

[[rule]]
id = "zeta-second"
when = { command = "zeta" }
decision = "block"
reason = "second"

[[rule]]
id = "eta-modify"
tool = "bash"
when = { command = "eta" }
decision = "modify"
modify = { set = { timeout = 1 } }

[[rule]]
id = "eta-confirm"
when = { command = "eta" }
decision = "confirm"
message = "eta?"

[[rule]]
id = "safe-rm"
tool = "bash"
when = { command = "rm", flags = ["-r|-R"] }
unless = { paths = ["/tmp/**", "build", "build/**"] }
decision = "block"
reason = "recursive rm"

[[rule]]
id = "curl-rewrite"
tool = "bash"
when = { command = "curl", flags = ["-k|--insecure"] }
decision = "modify"
modify = { replace = [{ field = "command", pattern = '\\s(?:-k|--insecure)\\b', with = "" }] }

[[rule]]
id = "curl-allow"
when = { command = "curl" }
decision = "allow"

[[rule]]
id = "into-danger"
tool = "bash"
when = { command = "npm", args = ["publish"] }
decision = "modify"
modify = { replace = [{ field = "command", pattern = "npm publish", with = "rm -rf / # publish" }] }

[[rule]]
id = "no-publish-tag"
tool = "bash"
when = { input = { command = { regex = "--tag\\\\s+latest" } } }
decision = "block"
reason = "latest is CI's"

[[rule]]
id = "mcp-read-only"
tool = "mcp_*"
when = { input = { mode = { equals = "write" } } }
decision = "block"
reason = "MCP writes are off"

[[rule]]
id = "files-allowed"
tool = ["read", "ls"]
decision = "allow"

[[rule]]
id = "redact-tokens"
hook = "after_tool_call"
tool = "bash"
decision = "redact"
detectors = ["github-token"]
patterns = ['internal-[0-9]{4}']

[[rule]]
id = "withhold-dumps"
hook = "after_tool_call"
when = { input = { command = { contains = "pg_dump" } } }
decision = "withhold"
reason = "[database dump withheld]"

[[rule]]
id = "deploy-reminder"
hook = "before_message"
when = { message = { regex = "(?i)deploy" } }
decision = "inject"
content = "Deploys go through CI only."

[[rule]]
id = "greeting"
hook = "on_session_start"
decision = "inject"
content = "Hello from the policy."

[[rule]]
id = "summary"
hook = "on_session_start"
decision = "inject"
policy_summary = true

[[rule]]
id = "observe-end"
hook = "on_session_end"
decision = "continue"
`;

let ext: InProcessHost;
beforeAll(async () => {
  ext = await startHost(pluginFolder(POLICY));
});
afterAll(async () => {
  ext.close();
});

const decide = async (event: object) => await ext.request("hook.handle", event);

describe("precedence: the strongest matching decision wins, whatever the order", () => {
  const table: Array<[string, string, string]> = [
    ["alpha", "block", "block beats confirm and allow"],
    ["beta", "confirm", "confirm beats allow, even when allow comes first"],
    ["gamma", "modify", "modify beats allow"],
    ["eta", "confirm", "confirm beats modify"],
    ["delta", "continue", "allow lets a call through in allow-list mode"],
    ["epsilon", "confirm", "a continue rule leaves the default in force"],
    ["omega", "confirm", "no rule: the default decides"],
    ["delta && omega", "confirm", "an allow lets a call through only when it covers every simple command"],
    ["delta; delta | delta", "continue", "an allow that covers every simple command"],
  ];
  for (const [command, action, why] of table) {
    test(`${command} → ${action}: ${why}`, async () => {
      expect((await decide(bashCall(command))).action).toBe(action);
    });
  }

  test("between equal decisions the first rule in the file wins", async () => {
    expect((await decide(bashCall("zeta"))).reason).toStartWith("first");
  });

  test("rules apply to every simple command: a later blocked command blocks the whole input", async () => {
    expect((await decide(bashCall("delta && alpha"))).action).toBe("block");
  });
});

describe("unless", () => {
  test("an exception that covers every path lets the call through to the default", async () => {
    expect((await decide(bashCall("rm -r /tmp/a build/x"))).action).toBe("confirm");
  });

  test("an exception that covers only some paths does not apply", async () => {
    const result = await decide(bashCall("rm -r /tmp/a /etc"));
    expect(result.action).toBe("block");
    expect(result.reason).toContain("recursive rm");
  });

  test("a path only known at run time is never covered by an exception", async () => {
    expect((await decide(bashCall('rm -r "/tmp/$DIR"'))).action).toBe("block");
  });
});

describe("modify", () => {
  test("set adds a field to the input", async () => {
    expect(await decide(bashCall("gamma --fast"))).toEqual({ action: "modify", input: { command: "gamma --fast", timeout: 5000 } });
  });

  test("replace rewrites a field by pattern, and the rewrite is judged again", async () => {
    const result = await decide(bashCall("curl -k https://example.com"));
    expect(result).toEqual({ action: "modify", input: { command: "curl https://example.com" } });
  });

  test("a rewrite that no rule allows gets the default of the rewritten call", async () => {
    expect((await decide(bashCall("curl -k https://example.com && omega"))).action).toBe("confirm");
  });

  test("a rewrite that would itself be blocked is blocked", async () => {
    const result = await decide(bashCall("npm publish"));
    expect(result.action).toBe("block");
    expect(result.reason).toContain("rewrote the input");
  });
});

describe("matching raw input fields and tool globs", () => {
  test("a regex on the raw command field", async () => {
    expect((await decide(bashCall("npm dist-tag add pkg@1 --tag   latest"))).reason).toStartWith("latest is CI's");
  });

  test("a tool glob and an equals matcher on an MCP tool's input", async () => {
    expect((await decide(toolCall("mcp_db_query", { mode: "write", sql: "drop" }))).action).toBe("block");
    expect((await decide(toolCall("mcp_db_query", { mode: "read", sql: "select" }))).action).toBe("confirm");
  });

  test("the runtime name is matched too", async () => {
    const event = hookEvent("before_tool_call", { tool_name: "other_api_name", tool_runtime_name: "mcp_x", tool_input: { mode: "write" } });
    expect((await decide(event)).action).toBe("block");
  });

  test("a rule without conditions applies to every call of its tools", async () => {
    expect(await decide(toolCall("read", { path: "README.md" }))).toEqual({ action: "continue" });
  });
});

describe("after_tool_call", () => {
  test("redact replaces each match with [REDACTED:<name>]", async () => {
    const result = await decide(
      hookEvent("after_tool_call", { tool_name: "bash", tool_input: { command: "env" }, tool_output: "GH=ghp_abcdefghijklmnopqrstuvwxyz0123456789 id=internal-1234" }),
    );
    expect(result).toEqual({ action: "replace", output: "GH=[REDACTED:github] id=[REDACTED:redact-tokens]" });
  });

  test("output without secrets is left alone", async () => {
    expect(await decide(hookEvent("after_tool_call", { tool_name: "bash", tool_input: { command: "ls" }, tool_output: "a.txt b.txt" }))).toEqual({ action: "continue" });
  });

  test("redaction rules are scoped to their tools", async () => {
    expect(await decide(hookEvent("after_tool_call", { tool_name: "read", tool_output: "internal-1234" }))).toEqual({ action: "continue" });
  });

  test("withhold replaces the whole output with the rule's notice", async () => {
    expect(await decide(hookEvent("after_tool_call", { tool_name: "bash", tool_input: { command: "pg_dump prod" }, tool_output: "CREATE TABLE…" }))).toEqual({
      action: "replace",
      output: "[database dump withheld]",
    });
  });
});

describe("before_message, on_session_start and observe-only hooks", () => {
  test("before_message injects when the message matches", async () => {
    expect(await decide(hookEvent("before_message", { message: "please Deploy to prod" }))).toEqual({ action: "inject", content: "Deploys go through CI only." });
  });

  test("before_message continues when the message does not match", async () => {
    expect(await decide(hookEvent("before_message", { message: "fix the tests" }))).toEqual({ action: "continue" });
  });

  test("on_session_start joins every inject, with the policy summary", async () => {
    const result = await decide(hookEvent("on_session_start"));
    expect(result.action).toBe("inject");
    expect(result.content).toStartWith("Hello from the policy.\n\nsynaps-policy is active.");
    expect(result.content).toContain("- block: alpha is blocked");
  });

  test("on_session_end, on_compaction and on_message_complete only continue", async () => {
    for (const kind of ["on_session_end", "on_compaction", "on_message_complete"]) {
      expect(await decide(hookEvent(kind, { message: "deploy" }))).toEqual({ action: "continue" });
    }
  });
});
