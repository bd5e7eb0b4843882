// builtin:agent-config under the default policy: this guard's files, process
// and settings, other agents' permission settings, and other agents started
// with approvals off; other agents used normally pass.
import { describe, expect, test } from "bun:test";
import { decide } from "../support/decide.ts";
import { setTestLimit } from "../support/test-limit.ts";

setTestLimit();

describe("blocked", () => {
  test.each([
    ["mv ~/.synaps-cli/plugins/synaps-policy /tmp/parked", "agent-config-modify"],
    ["find ~/.synaps-cli/plugins -name policy.toml -delete", "agent-config-modify"],
    ["trash ~/.synaps-cli/plugins/synaps-policy", "agent-config-modify"],
    ["killall -9 synaps-policy", "agent-config-stop-guard"],
    ["pgrep synaps-policy | xargs kill", "agent-config-stop-guard"],
    ["export SYNAPS_EXTENSION_SYNAPS_POLICY_POLICY_FILE=/tmp/allow-all.toml", "agent-config-guard-settings"],
    ["claude --permission-mode=bypassPermissions -p 'go'", "agent-config-unsupervised-agent"],
    ["gemini -y -p 'do it'", "agent-config-unsupervised-agent"],
    ["codex --yolo", "agent-config-unsupervised-agent"],
    ["codex -c approval_policy=never exec 'x'", "agent-config-unsupervised-agent"],
    ["codex exec --sandbox danger-full-access 'x'", "agent-config-unsupervised-agent"],
    ["cursor-agent -f -p 'refactor'", "agent-config-unsupervised-agent"],
    ["opencode run --yolo 'x'", "agent-config-unsupervised-agent"],
    ["amp --dangerously-allow-all", "agent-config-unsupervised-agent"],
    ["copilot --yolo -p 'x'", "agent-config-unsupervised-agent"],
    ['export OPENCODE_PERMISSION=\'{"*":"allow"}\'', "agent-config-unsupervised-agent"],
    ["nohup claude --dangerously-skip-permissions -p 'x' &", "agent-config-unsupervised-agent"],
    ["chmod -x ~/.synaps-cli/plugins/synaps-policy/bin/synaps-policy", "agent-config-modify"],
    ["chmod 000 /usr/local/bin/synaps-policy", "agent-config-modify"],
    ["ln -sf ~/.synaps-cli/plugins/synaps-policy/policy.toml ./p.toml", "agent-config-modify"],
    ["nano ~/.synaps-cli/policy.toml", "agent-config-write"],
    ["vim ~/.synaps-cli/plugins/synaps-policy/policy.toml", "agent-config-write"],
    ["rsync --remove-source-files ~/.synaps-cli/policy.toml /tmp/", "agent-config-modify"],
    ["kill -STOP $(pgrep -f synaps)", "agent-config-stop-guard"],
    ["kill -SIGTSTP $(pidof synaps-policy)", "agent-config-stop-guard"],
    ["pkill -STOP synaps-policy", "agent-config-stop-guard"],
    ["killall -s STOP synaps-policy", "agent-config-stop-guard"],
    ["ps aux | grep [s]ynaps-policy | awk '{print $2}' | xargs kill -HUP", "agent-config-stop-guard"],
  ])("%s", (input, rule) => {
    expect(decide(input)).toMatchObject({ decision: "block", rule });
  });

  test.each([
    ["~/.gemini/settings.json", "agent-config-other-agents-home"],
    ["~/.codex/config.toml", "agent-config-other-agents-home"],
    ["~/.config/opencode/opencode.json", "agent-config-other-agents-home"],
  ])("the write tool on %s", (path, rule) => {
    expect(decide({ tool: "write", input: { path, content: "{}" } })).toMatchObject({ decision: "block", rule });
  });

  test("a file that sets the guard's settings, written or edited", () => {
    // An .envrc is also judged as the code it is (direnv sources it): the export itself is then the rule's match.
    expect(decide({ tool: "write", input: { path: ".envrc", content: "export SYNAPS_EXTENSION_SYNAPS_POLICY_AUDIT_LOG=off\n" } })).toMatchObject({
      decision: "block",
      rule: expect.stringMatching(/^agent-config-guard-settings/),
    });
    expect(decide({ tool: "edit", input: { path: "deploy/settings.conf", old_string: "x", new_string: "SYNAPS_EXTENSION_SYNAPS_POLICY_POLICY_FILE=/tmp/p" } })).toMatchObject({
      decision: "block",
      rule: "agent-config-guard-settings-file",
    });
    expect(decide({ tool: "edit", input: { path: ".envrc", old_string: "x", new_string: "export SYNAPS_EXTENSION_SYNAPS_POLICY_POLICY_FILE=/tmp/p" } })).toMatchObject({
      decision: "block",
      rule: expect.stringMatching(/^agent-config-guard-settings/),
    });
  });
});

describe("asked about", () => {
  test("a project's settings for another agent", () => {
    expect(decide({ tool: "edit", input: { path: ".claude/settings.json", old_string: "a", new_string: "b" } })).toMatchObject({
      decision: "confirm",
      rule: "agent-config-other-agents-project",
    });
    expect(decide("echo '{}' > .gemini/settings.json")).toMatchObject({ decision: "confirm", rule: "agent-config-other-agents-project" });
  });
});

describe("passes", () => {
  test.each([
    "claude -p 'review this' --permission-mode plan",
    "gemini --approval-mode auto_edit -p 'fix lint'",
    "codex exec --full-auto 'write tests'",
    "aider --message 'rename foo' src/foo.py",
    "cat ~/.codex/config.toml",
    "ps aux | grep synaps-policy",
    "synaps-policy log --stats",
    "grep -rn SYNAPS_EXTENSION_SYNAPS_POLICY_ docs/",
    "echo $SYNAPS_EXTENSION_SYNAPS_POLICY_POLICY_FILE",
    "cp ~/.synaps-cli/policy.toml ./policy-backup.toml",
    "rsync -a ~/.synaps-cli/ backup/",
    "diff ~/.synaps-cli/policy.toml policy.example.toml",
    "sed -n 1,20p ~/.synaps-cli/policy.toml",
    "sha256sum ~/.synaps-cli/plugins/synaps-policy/bin/synaps-policy",
    "kill -0 $(pgrep synaps-policy) && echo running",
    "pgrep -fl synaps",
    "rm bin/synaps-policy && bun run build",
  ])("%s", (input) => {
    expect(decide(input).decision).toBe("continue");
  });
});

// MCP server lists hold command lines an agent starts by itself; the guard's
// own CLI may not re-lay or overwrite the guard that checks the agent.
describe("MCP servers and the guard's own command line", () => {
  test.each([
    [{ tool: "write", input: { path: ".mcp.json", content: '{"mcpServers":{"db":{"command":"bash","args":["-c","./x"]}}}' } }, "agent-config-mcp-servers"],
    [{ tool: "edit", input: { path: "/home/ada/code/app/.cursor/mcp.json", old_string: "{}", new_string: '{"mcpServers":{}}' } }, "agent-config-mcp-servers"],
    ["printf '{\"servers\":{}}' > .vscode/mcp.json", "agent-config-mcp-servers"],
    ["cp /tmp/cfg.json ~/.codeium/windsurf/mcp_config.json", "agent-config-mcp-servers"],
    ["claude mcp add --scope project tools -- node /tmp/srv.js", "agent-config-mcp-servers"],
    ["gemini mcp add fs npx -y @modelcontextprotocol/server-filesystem .", "agent-config-mcp-servers"],
  ])("%j asks", (input, rule) => {
    expect(decide(input)).toMatchObject({ decision: "confirm", rule });
  });

  test.each([
    "~/.synaps-cli/plugins/synaps-policy/bin/synaps-policy install --no-transform-output",
    "synaps-policy install",
    "sudo synaps-policy uninstall",
    "synaps-policy init --force ~/.synaps-cli/plugins/synaps-policy/policy.toml",
    "bash -c 'synaps-policy install ~/.synaps-cli/plugins/synaps-policy --transform-output'",
  ])("%s is blocked", (input) => {
    expect(decide(input)).toMatchObject({ decision: "block", rule: "agent-config-guard-cli" });
  });

  test.each([
    "cat .mcp.json | jq .mcpServers",
    "claude mcp list",
    "synaps-policy install --dry-run",
    "./bin/synaps-policy install /tmp/plugin-test",
    "synaps-policy init ./policy.toml",
    "synaps-policy validate ~/.synaps-cli/plugins/synaps-policy/policy.toml",
  ])("%s passes", (input) => {
    expect(decide(input).decision).toBe("continue");
  });
});
