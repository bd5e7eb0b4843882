import { NAME, VERSION } from "../version.ts";

export const HELP = `${NAME} ${VERSION} — policy guard for SynapsCLI coding agents

Usage:
  ${NAME}                          serve the SynapsCLI extension protocol on stdin/stdout
                                   (what .synaps-plugin/plugin.json runs; on a terminal
                                   it prints this help instead)
  ${NAME} check <tool> <input>     evaluate one tool call: decision, rule and file:line,
                                   matching rules, the commands it runs
                                   [--policy FILE] [--json] [--explain]
                                   exit 0 continue/allow, 2 block, 3 confirm, 4 modify, 1 error
  ${NAME} check --file FILE        a decision table for many inputs (one a line, or JSONL)
  ${NAME} check --session FILE.jsonl
                                   a session's tool calls judged in order, as the host sends
                                   them: each step's verdict and the earlier step that wrote
                                   the file it came from [--project-root DIR] [--json]
  ${NAME} check --hook on_session_start | after_tool_call --output FILE
                                   what session start injects; what output would be redacted
  ${NAME} validate [FILE]          validate a policy, run its inline tests, warn about rules
                                   that can never fire [--strict: warnings exit 1]
  ${NAME} status | rules           what /policy status and /policy rules show
  ${NAME} doctor                   health check of the plugin folder, manifest, policy, audit log
  ${NAME} log [FILE]               the audit log as a table: --since 2h --decision block,confirm
                                   --rule ID --tool NAME --session ID --follow --json --stats
  ${NAME} replay [FILE] --policy NEW
                                   judge recorded calls under another policy: what would change
  ${NAME} schema                   print the JSON Schema of the policy file
  ${NAME} init [FILE] [--force]    write a commented starter policy.toml (and its schema)
  ${NAME} install [DIR] [--dry-run]
                                   lay out or upgrade a plugin folder from this executable
                                   (default ~/.synaps-cli/plugins/synaps-policy); your
                                   policy and logs are never overwritten
  ${NAME} serve                    serve the protocol even when stdin is a terminal
  ${NAME} <command> --help         that command's options
  ${NAME} --version | --help

The policy is --policy FILE, else $SYNAPS_EXTENSION_SYNAPS_POLICY_POLICY_FILE, else
policy.toml in the plugin folder, else the embedded default (what init writes).
A --policy FILE that does not exist is an error, never a silent fallback.

Examples:
  ${NAME} check bash 'sudo rm -rf ~'
  ${NAME} check read ~/.ssh/id_rsa
  ${NAME} check bash '{"command": "git push --force", "timeout": 60}' --json
  ${NAME} log --since 1d --decision block,confirm
  ${NAME} log --stats
`;
