// The overall help: one row per command, its description in one column
// (measured, so it stays aligned whatever the program's name).
import { NAME, VERSION } from "../version.ts";

const ROWS: ReadonlyArray<readonly [string, readonly string[]]> = [
  [`${NAME}`, ["serve the SynapsCLI extension protocol on stdin/stdout", "(what .synaps-plugin/plugin.json runs; on a terminal", "it prints this help instead)"]],
  [
    `${NAME} check <tool> <input>`,
    [
      "evaluate one tool call: decision, rule and file:line,",
      "matching rules, the commands it runs",
      "[--policy FILE] [--project DIR] [--json] [--explain]",
      "exit 0 continue/allow, 2 block, 3 confirm, 4 modify, 1 error",
    ],
  ],
  [`${NAME} check --file FILE`, ["a decision table for many inputs (one a line, or JSONL)", "[--fail-on block,confirm]"]],
  [`${NAME} check --hook HOOK`, ["what session start injects (on_session_start); what", "output would be redacted (after_tool_call --output FILE)"]],
  [`${NAME} validate [FILE]`, ["validate a policy, run its inline tests, warn about rules", "that can never fire [--strict: warnings exit 1] [--json]"]],
  [`${NAME} status | rules`, ["what /policy status and /policy rules show [--json]"]],
  [`${NAME} doctor`, ["health check of the plugin folder, manifest, policy,", "audit log [--json]"]],
  [`${NAME} log [FILE]`, ["the audit log as a table: --since 2h --decision block,confirm", "--rule ID --tool NAME --session ID --follow --json --stats"]],
  [`${NAME} replay [FILE] --policy F`, ["judge recorded calls under another policy: what would change"]],
  [`${NAME} schema`, ["print the JSON Schema of the policy file"]],
  [`${NAME} init [FILE] [--force]`, ["write a commented starter policy.toml (and its schema)"]],
  [`${NAME} install [DIR]`, ["lay out or upgrade a plugin folder from this executable", "[--dry-run] [--no-transform-output]; your policy and logs", "are never overwritten"]],
  [`${NAME} completion SHELL`, ["a completion script for bash, zsh or fish"]],
  [`${NAME} serve`, ["serve the protocol even when stdin is a terminal"]],
  [`${NAME} <command> --help`, ["that command's options"]],
  [`${NAME} --version | --help`, []],
];

function usageLines(): string {
  const width = Math.max(...ROWS.map(([usage]) => usage.length)) + 2;
  return ROWS.flatMap(([usage, description]) => {
    const [first = "", ...more] = description;
    return [`  ${usage.padEnd(width)}${first}`.trimEnd(), ...more.map((line) => `  ${" ".repeat(width)}${line}`)];
  }).join("\n");
}

/** The help text, made when it is shown: a start that serves the protocol never needs it. */
export function helpText(): string {
  return `${NAME} ${VERSION} — policy guard for SynapsCLI coding agents

Usage:
${usageLines()}

The policy is --policy FILE, else $SYNAPS_EXTENSION_SYNAPS_POLICY_POLICY_FILE, else
policy.toml in the plugin folder, else the embedded default (what init writes).
A --policy FILE that does not exist is an error, never a silent fallback.
Colour on a terminal; NO_COLOR=1 or a pipe turns it off.

Examples:
  ${NAME} check bash 'sudo rm -rf ~'
  ${NAME} check read ~/.ssh/id_rsa
  ${NAME} check bash '{"command": "git push --force", "timeout": 60}' --json
  echo 'rm -rf build' | ${NAME} check bash - --project ~/code/webapp
  ${NAME} log --since 1d --decision block,confirm
  ${NAME} log --stats
`;
}
