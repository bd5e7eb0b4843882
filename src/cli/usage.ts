// Every subcommand's usage, written once: `synaps-policy <command> --help`
// prints it, a usage error prints it after the message, and the overall help
// is made of their first lines.
import { NAME } from "../version.ts";

/** The subcommands a person types (serving with no arguments and --version are main.ts's). */
export const COMMANDS = ["check", "validate", "status", "rules", "doctor", "log", "replay", "programs", "schema", "install", "init", "completion", "serve", "help"] as const;

export const USAGE: Record<string, string> = {
  check: `Usage: ${NAME} check <tool> <input> [--policy FILE] [--project DIR] [--json] [--explain]
       ${NAME} check [<tool>] --file FILE [--fail-on block,confirm] [--policy FILE] [--project DIR] [--json]
       ${NAME} check --session FILE.jsonl [--project DIR] [--policy FILE] [--json]
       ${NAME} check --hook on_session_start [--policy FILE]
       ${NAME} check --hook after_tool_call [<tool>] --output FILE [--policy FILE]

  <tool>       the tool's API name as the host sends it: bash, read, write, edit, …
               (bash with --file); Bash or a near miss is an error with a suggestion
  <input>      the tool input as a JSON object, or a plain string for the
               tool's main field (bash: the command; file tools: the path); - reads stdin
  --file       one input a line (plain text, a JSON input, or a JSONL tool call
               {"tool": …, "input": …}): a decision table and a summary; - is stdin
  --fail-on    with --file: exit 2 when some call gets one of these decisions
               (block, confirm, modify, allow, continue) — for a CI job
  --project    the project directory the call runs in (what the extension finds
               from the host): relative paths are inside it, its own policy
               (DIR/.synaps/policy.toml) applies, and the files a call runs are
               read from disk there, as the extension's would
  --session    a session's tool calls (one JSON a line, as the host sends them)
               judged in order with what earlier calls wrote: each step's verdict
               and the earlier step that wrote the file it came from
  --hook       preview another hook: what session start injects, or what
               after_tool_call would redact in --output FILE, and by which detector
  --explain    how each command was reached and what it touches; the policy's
               files; every [[override]] that changed the decision
  --json       machine output

Observe mode: the call goes on, and check prints "would: <decision>".
Exit code: 0 continue/allow, 2 block, 3 confirm, 4 modify, 1 usage or policy error
(with --file: 0, or 2 when --fail-on names a decision some call got; --hook: 0 unless an error).
`,
  validate: `Usage: ${NAME} validate [FILE] [--project DIR] [--strict] [--json]

Every problem with file:line:column, the inline tests run, and warnings for
rules that can never fire (unknown tools, a command with spaces, a modify of a
missing field or one that is not idempotent, a shadowed rule, an override that
matches nothing, an include that tried to loosen your rules, a path pattern
that can never match, rules for hooks the manifest does not subscribe), and
every [[override]] with the rules it changes. The project's own policy
(DIR/.synaps/policy.toml, DIR the current directory unless --project) is
loaded too, and what it may not do is named.
Exit 1 on a problem; warnings exit 0 unless --strict.
`,
  status: `Usage: ${NAME} status [--policy FILE] [--project DIR] [--json]

What /policy status shows: the policy in force, the files it is made of in
precedence order, its layers (managed, yours, the project's: DIR/.synaps/policy.toml,
DIR the current directory unless --project), its defaults and mode, warnings,
and the audit log.
`,
  rules: `Usage: ${NAME} rules [--policy FILE] [--project DIR] [--json]

The rules in force, by hook, with their mode, overrides and file:line.
`,
  doctor: `Usage: ${NAME} doctor [--policy FILE] [--project DIR] [--json]

A health check of the plugin folder this executable sits in: the manifest
(and whether its version matches this binary), the permissions it asks for,
whether tool output is redacted, the policy, and whether the audit log can be
written. Exit 1 when something is broken.
`,
  log: `Usage: ${NAME} log [FILE] [--since 2h] [--decision block,confirm] [--rule ID]
       [--tool NAME] [--session ID] [--hook NAME] [--limit N] [--follow] [--json] [--stats]

Reads the audit log (FILE, else $SYNAPS_EXTENSION_SYNAPS_POLICY_AUDIT_LOG, else
logs/audit.jsonl in the plugin folder) and the rotated files beside it, oldest
first. The table shows the newest --limit records (default 50).
  --since     2h, 30m, 7d, 90s, or a date (2026-05-01, 2026-05-01T12:00:00Z)
  --decision  decisions, comma-separated: continue, allow, block, confirm, modify,
              redact, withhold, inject (a misspelt one is an error)
  --rule      a rule id or a glob of ids (git-*); observed rules count too
  --hook      one hook: before_tool_call, after_tool_call, …
  --follow    keep printing records as they are written (Ctrl-C ends)
  --stats     counts by decision and rule, top stopped commands, observe mode,
              dry runs and refusals per session, records dropped (--json: as JSON)
`,
  replay: `Usage: ${NAME} replay [AUDIT_FILE] --policy FILE [--since 2h] [--json] [--all]

Judges the tool calls recorded in the audit log again under another policy and
prints the ones whose effect would change — runs, runs rewritten, asks, blocked
(continue → allow is no change: the call runs either way) — and counts them by
effect (--all: every call). Records keep the whole redacted input up to 64 KiB;
larger calls are skipped and counted.
`,
  programs: `Usage: ${NAME} programs NAME… | --categories

What the guard knows about a program: its entry as the [programs.NAME] table a
policy would write to teach it the same, and the categories it is in.
--categories: each category (what a rule's command = "@category" stands for),
what it means, and its programs.
`,
  schema: `Usage: ${NAME} schema

The JSON Schema of the policy file (for editor completion).
`,
  init: `Usage: ${NAME} init [FILE] [--force]
`,
  install: `Usage: ${NAME} install [DIR] [--dry-run] [--no-transform-output | --transform-output]

Lays out or upgrades a plugin folder (default ~/.synaps-cli/plugins/synaps-policy)
from this executable; your policy and logs are never overwritten.
  --dry-run               say what would be done, change nothing
  --no-transform-output   a manifest without tools.transform_output: tool output
                          is NOT redacted (for hosts that refuse the permission)
  --transform-output      ask for tools.transform_output again
`,
  completion: `Usage: ${NAME} completion bash|zsh|fish

A completion script for the shell:
  bash  eval "$(${NAME} completion bash)"            (in ~/.bashrc)
  zsh   ${NAME} completion zsh > "\${fpath[1]}/_${NAME}"
  fish  ${NAME} completion fish > ~/.config/fish/completions/${NAME}.fish
`,
  serve: `Usage: ${NAME} serve

Serve the SynapsCLI extension protocol on stdin/stdout (what the manifest runs;
with no arguments and a pipe on stdin the executable does the same).
`,
};
