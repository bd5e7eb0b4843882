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
  ${NAME} validate [FILE]          validate a policy and run its inline tests
  ${NAME} schema                   print the JSON Schema of the policy file
  ${NAME} init [FILE] [--force]    write a commented starter policy.toml (and its schema)
  ${NAME} install [DIR] [--dry-run]
                                   lay out or upgrade a plugin folder from this executable
                                   (default ~/.synaps-cli/plugins/synaps-policy); your
                                   policy and logs are never overwritten
  ${NAME} serve                    serve the protocol even when stdin is a terminal
  ${NAME} --version | --help

The policy is --policy FILE, else $SYNAPS_EXTENSION_SYNAPS_POLICY_POLICY_FILE, else
policy.toml in the plugin folder, else the embedded default (what init writes).

Examples:
  ${NAME} check bash 'sudo rm -rf ~'
  ${NAME} check read ~/.ssh/id_rsa
  ${NAME} check bash '{"command": "git push --force", "timeout": 60}' --json
`;
