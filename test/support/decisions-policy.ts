// A policy with one rule for each decision `check` exits with, for the command
// line's tests in process (test/cli.test.ts) and through the binary
// (test/cli-process.e2e.ts): a small policy loads faster than the default's packs.
export const DECISIONS_POLICY = `version = 1
[[rule]]
id = "no-rm"
when = { command = "rm" }
decision = "block"
[[rule]]
id = "ask-push"
when = { command = "git", subcommand = "push" }
decision = "confirm"
[[rule]]
id = "timeout"
tool = "bash"
when = { command = "sleep" }
decision = "modify"
modify = { set = { timeout = 1000 } }
`;
