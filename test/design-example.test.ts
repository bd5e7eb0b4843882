// The example policy of DESIGN.md, loaded as written, behaves as its comments say —
// through the extension (in process, answering as the binary does), as `check`
// judges it, and as `validate` loads it.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { evaluate } from "../src/policy/engine/engine.ts";
import { loadPolicyFile } from "../src/policy/load/load-file.ts";
import { checkEvent } from "../src/report/check-input.ts";
import { describeVerdict, exitCodeOf, verdictJson } from "../src/report/describe-verdict.ts";
import { bashCall, hookEvent, pluginFolder, toolCall, type PluginFolder } from "./support/host-events.ts";
import { type InProcessHost, startHost } from "./support/in-process-host.ts";
import { setTestLimit } from "./support/test-limit.ts";

setTestLimit();

const EXAMPLE = await Bun.file(`${import.meta.dir}/fixtures/design-example.toml`).text();
/**
 * The example's own `/tmp/**` exception is a plain glob (DESIGN.md: a user's
 * glob keeps its meaning), so its `cd ~ && rm -rf src` test holds only for a
 * home outside /tmp — the example's setting, whatever HOME the suite runs with.
 */
const HOME = "/home/design-example";
let folder: PluginFolder;
let ext: InProcessHost;

beforeAll(async () => {
  folder = pluginFolder(EXAMPLE);
  ext = await startHost(folder, {}, { home: HOME });
});
afterAll(async () => {
  ext.close();
});

const decide = async (event: object) => await ext.request("hook.handle", event);

describe("the DESIGN.md example policy, as the extension answers hooks", () => {
  test("cd ~ && rm -rf src is blocked with the rule's reason", async () => {
    const result = await decide(bashCall("cd ~ && rm -rf src"));
    expect(result.action).toBe("block");
    expect(result.reason).toContain("Recursive delete outside /tmp");
    expect(result.reason).toContain("rm-recursive-outside-tmp");
  });

  test("rm -rf /tmp/build continues: every path is under /tmp", async () => {
    expect(await decide(bashCall("rm -rf /tmp/build"))).toEqual({ action: "continue" });
  });

  test("one path outside /tmp is enough to block", async () => {
    expect((await decide(bashCall("rm -rf /tmp/build ~/work"))).action).toBe("block");
  });

  test("rm -fr, rm -r -f and rm --recursive are the same rm", async () => {
    for (const command of ["rm -fr /srv", "rm -r -f /srv", "rm --recursive /srv", "rm -R /srv"]) {
      expect((await decide(bashCall(command))).action).toBe("block");
    }
  });

  test("the rm rule is for the bash tool only", async () => {
    expect(await decide(toolCall("shell_start", { command: "rm -rf /srv" }))).toEqual({ action: "continue" });
  });

  test("git push --force asks for confirmation with the rule's message", async () => {
    const result = await decide(bashCall("git push --force origin main"));
    expect(result.action).toBe("confirm");
    expect(result.message).toStartWith("Force-push to the remote?");
  });

  test("git push without force continues", async () => {
    expect(await decide(bashCall("git push origin main"))).toEqual({ action: "continue" });
  });

  test("reading .env with the read tool is blocked", async () => {
    const result = await decide(toolCall("read", { path: "config/.env" }));
    expect(result).toMatchObject({ action: "block" });
    expect(result.reason).toContain("Secret files are off limits");
  });

  test("reading .env.example is the rule's exception", async () => {
    expect(await decide(toolCall("read", { path: ".env.example" }))).toEqual({ action: "continue" });
  });

  test("~/.ssh through cat in bash is blocked", async () => {
    expect((await decide(bashCall("cat ~/.ssh/id_rsa"))).action).toBe("block");
  });

  test("a write to ~/.aws through the write tool is blocked", async () => {
    expect((await decide(toolCall("write", { path: "~/.aws/credentials", content: "x" }))).action).toBe("block");
  });

  test("the secret-files rule does not apply to tools it does not name", async () => {
    expect(await decide(toolCall("grep", { pattern: "x", path: ".env" }))).toEqual({ action: "continue" });
  });

  test("tool output is redacted by detectors and by the user's pattern", async () => {
    const output = "id: AKIAIOSFODNN7EXAMPLE\npassword = hunter22\ntoken ghp_abcdefghijklmnopqrstuvwxyz0123456789";
    const result = await decide(hookEvent("after_tool_call", { tool_name: "bash", tool_output: output }));
    expect(result.action).toBe("replace");
    expect(result.output).toBe("id: [REDACTED:aws]\n[REDACTED:redact-output]\ntoken [REDACTED:github]");
  });

  test("the house rules are injected at session start", async () => {
    expect(await decide(hookEvent("on_session_start"))).toEqual({ action: "inject", content: "Run `bun test` before you commit." });
  });
});

describe("the DESIGN.md example policy, as check judges it (in process)", () => {
  function check(tool: string, input: string) {
    const loaded = loadPolicyFile({ file: folder.policyFile, explicit: true }, HOME);
    if (!loaded.ok) throw new Error(loaded.problems.join("\n"));
    const verdict = evaluate(loaded.policy, checkEvent(loaded.policy, tool, input));
    return { code: exitCodeOf(verdict), text: describeVerdict(loaded.policy, verdict, false), json: verdictJson(loaded.policy, verdict) };
  }

  test("check names the deciding rule with its file and line, and exits 2 for block", () => {
    const result = check("bash", "cd ~ && rm -rf src");
    expect(result.code).toBe(2);
    expect(result.text).toContain("decision: block");
    expect(result.text).toContain(`rm-recursive-outside-tmp (${folder.policyFile}:8)`);
    expect(result.text).toContain("rm -rf src");
  });

  test("check exits 3 for confirm and 0 for continue", () => {
    expect(check("bash", "git push -f").code).toBe(3);
    expect(check("bash", "rm -rf /tmp/build").code).toBe(0);
  });

  test("check takes a plain string as the read tool's path", () => {
    const result = check("read", "~/.ssh/id_rsa");
    expect(result.code).toBe(2);
    expect(result.json.decided_by).toMatchObject({ kind: "rule", id: "secret-files", line: 23 });
  });

  test("check --json lists the normalized commands with home expanded", () => {
    const { json } = check("bash", "cd ~ && rm -rf src");
    expect(json.commands?.map((command) => command.name)).toEqual(["cd", "rm"]);
    expect(json.commands?.[1]?.paths).toEqual([`${HOME}/src`]);
  });

  test("validate's load accepts the example and its two inline tests pass", () => {
    // What `validate FILE` runs: the loader, which refuses a policy whose inline tests fail.
    const loaded = loadPolicyFile({ file: folder.policyFile, explicit: true }, HOME);
    expect(loaded.ok ? [] : loaded.problems).toEqual([]);
    expect(loaded.ok && loaded.policy.tests.length).toBe(2);
  });
});
