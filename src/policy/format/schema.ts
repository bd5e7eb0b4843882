// The policy file, as one valibot schema: the TypeScript types, the
// validation (every issue, readable, with its place), and the JSON Schema
// editors use (`synaps-policy schema`) all come from here.
import * as v from "valibot";
import { MAX_INPUT_BYTES_CEILING } from "../../limits.ts";
import { isValidGlob } from "../../match/glob.ts";
import { regexProblem } from "../../match/regex.ts";
import { HOOK_KINDS } from "../engine/event.ts";
import { FORBIDDEN_FIELD_NAMES } from "../engine/field-path.ts";
import { ProgramSpecSchema } from "./program-schema.ts";
import { ALL_DECISIONS, type CommandKey, conditionList, DECISIONS_BY_HOOK, type RuleDecision } from "./rule-shape.ts";
import { DETECTOR_IDS } from "../../match/secrets/families.ts";
import { CATEGORY_NAMES, unknownCategories } from "../../shell/programs/categories.ts";
import { closest } from "../did-you-mean.ts";
import { STATEMENT_KIND_NAMES, STATEMENT_KINDS, type StatementKind } from "../../shell/view/statements.ts";

function oneOf<const T extends readonly string[]>(options: T) {
  return v.picklist(options, (issue) => `expected one of ${options.map((option) => JSON.stringify(option)).join(", ")}, got ${issue.received}`);
}

const RegexText = v.pipe(
  v.string("expected a regular expression (a string)"),
  v.check(
    (source) => regexProblem(source) === undefined,
    (issue) => `not a valid RE2 regular expression: ${regexProblem(String(issue.input))}`,
  ),
  v.description("A regular expression in RE2 syntax (linear time; no backreferences or lookaround). (?i) makes it case-insensitive."),
);

const GlobText = v.pipe(v.string("expected a glob pattern (a string)"), v.check(isValidGlob, "not a valid glob pattern"));

/** What is wrong with the `@category` names in a command list: one that names no category, with the closest that does. */
function categoryProblem(value: string | string[]): string | undefined {
  const unknown = (Array.isArray(value) ? value : [value]).flatMap(unknownCategories);
  if (unknown.length === 0) return undefined;
  const [name] = unknown as [string];
  const suggestion = closest(name.slice(1), CATEGORY_NAMES);
  return `no program category "${name}"${suggestion ? ` (did you mean "@${suggestion}"?)` : ""}; the categories are ${CATEGORY_NAMES.map((category) => `@${category}`).join(", ")}`;
}

const StringOrList = (description: string) => v.pipe(v.union([v.string(), v.array(v.string())], "expected a string or a list of strings"), v.description(description));

export const TextMatcher = v.pipe(
  v.strictObject(
    {
      equals: v.optional(v.pipe(v.string(), v.description("The whole text equals this."))),
      contains: v.optional(v.pipe(v.string(), v.description("The text contains this substring."))),
      glob: v.optional(v.pipe(GlobText, v.description("The whole text matches this glob."))),
      regex: v.optional(v.pipe(RegexText, v.description("The text contains a match of this RE2 regular expression."))),
    },
    "expected a table with equals, contains, glob or regex",
  ),
  v.check((matcher) => Object.keys(matcher).length > 0, "give at least one of equals, contains, glob, regex"),
  v.title("Text matcher"),
  v.description("Every test given must hold."),
);
export type TextMatcher = v.InferOutput<typeof TextMatcher>;

export const FieldMatcher = v.pipe(
  v.strictObject(
    {
      equals: v.optional(v.pipe(v.unknown(), v.description("The field equals this value (any JSON value)."))),
      contains: v.optional(v.pipe(v.string(), v.description("The field, as text, contains this substring."))),
      glob: v.optional(v.pipe(GlobText, v.description("The field, as text, matches this glob."))),
      regex: v.optional(v.pipe(RegexText, v.description("The field, as text, contains a match of this RE2 regular expression."))),
      exists: v.optional(v.pipe(v.boolean(), v.description("The field is present (true) or absent (false)."))),
    },
    "expected a table with equals, contains, glob, regex or exists",
  ),
  v.check((matcher) => Object.keys(matcher).length > 0, "give at least one of equals, contains, glob, regex, exists"),
  v.title("Input field matcher"),
);
export type FieldMatcher = v.InferOutput<typeof FieldMatcher>;

const PathGlobs = (description: string) => v.pipe(v.array(GlobText), v.description(description));

const CodeMatcher = v.pipe(
  v.strictObject(
    {
      language: v.optional(StringOrList("The language of the code: python, node, perl, ruby, php, lua, awk, sed, sql, git-config, … (any of them when absent).")),
      equals: v.optional(v.pipe(v.string(), v.description("The code equals this."))),
      contains: v.optional(v.pipe(v.string(), v.description("The code contains this substring."))),
      glob: v.optional(v.pipe(GlobText, v.description("The code matches this glob."))),
      regex: v.optional(v.pipe(RegexText, v.description("The code contains a match of this RE2 regular expression."))),
    },
    "expected a table with language, equals, contains, glob or regex",
  ),
  v.check((matcher) => Object.keys(matcher).length > 0, "give at least one of language, equals, contains, glob, regex"),
  v.title("Code matcher"),
);

/** One statement kind, each with its own description (editors show it when completing). */
const StatementKindSchema = v.union(
  STATEMENT_KIND_NAMES.map((kind) => v.pipe(v.literal(kind as StatementKind), v.description(STATEMENT_KINDS[kind]))),
  (issue) => `expected one of ${STATEMENT_KIND_NAMES.map((kind) => JSON.stringify(kind)).join(", ")}, got ${issue.received}`,
);

/** The keys that hold for one simple command of a shell input (or the file a file tool names). */
const commandEntries = {
  command: v.optional(
    v.pipe(
      StringOrList(
        "Program name(s) run by a shell command, by basename, case-insensitive; `a|b` alternatives and globs allowed; `@category` stands for a program category's names (`@network-sender`, `synaps-policy programs --categories`).",
      ),
      v.check(
        (value) => categoryProblem(value) === undefined,
        (issue) => categoryProblem(issue.input as string | string[])!,
      ),
    ),
  ),
  subcommand: v.optional(StringOrList("The subcommand words as the program's grammar reads them, joined by spaces (`push`, `s3 rm`); `a|b` alternatives and globs allowed.")),
  args: v.optional(
    v.pipe(v.array(v.string()), v.description('Each entry (with `a|b` alternatives, globs; `""` for an empty argument) must match some positional argument or option value.')),
  ),
  flags: v.optional(
    v.pipe(
      v.array(v.string()),
      v.description("Each entry (`-r|-R|--recursive`) must be present, after `-rf` → `-r -f`, `--x=v` → `--x v`, and abbreviations (`--ha` → `--hard`) spelt out."),
    ),
  ),
  paths: v.optional(
    PathGlobs(
      "Path globs (`~`, `**`; `!glob` excludes; `!~` excludes home and every folder that holds it) against the files and directories the command works on. In `when`: some path matches. In `unless`: every path matches.",
    ),
  ),
  reads: v.optional(PathGlobs("Like paths, for files read: read operands, `< file` redirects, files named by options (`curl -d @file`).")),
  writes: v.optional(PathGlobs("Like paths, for files written: `>` redirects, tee, dd of=, cp/mv targets, `-o FILE` options.")),
  code: v.optional(v.pipe(CodeMatcher, v.description("Code handed to an interpreter or a database client (python -c, node -e, a heredoc, psql -c, sed scripts)."))),
  remote_code: v.optional(v.pipe(v.boolean(), v.description("true: the command runs content fetched from the network (curl … | sh, bash <(curl …), a downloaded file executed)."))),
  dynamic_args: v.optional(v.pipe(v.boolean(), v.description("true: some argument is only known at run time ($VAR, $(…), xargs input, find's {})."))),
  network: v.optional(v.pipe(v.boolean(), v.description("true: the command connects somewhere (a URL, a host, a /dev/tcp redirect)."))),
  output_shown: v.optional(
    v.pipe(
      v.boolean(),
      v.description(
        "true: what the command prints reaches the tool's result, which the agent reads (its output is not piped to another command, captured by $(…), or redirected to a file).",
      ),
    ),
  ),
  variables: v.optional(
    v.pipe(
      v.array(v.string()),
      v.description(
        "Globs on the names of variables whose values the input does not show (the environment's) that the command's arguments expand (`echo \"$GITHUB_TOKEN\"`) or name for it (`printenv GITHUB_TOKEN`), case-insensitive; `!glob` excludes. Some variable must match a glob and no exclusion.",
      ),
    ),
  ),
  hosts: v.optional(v.pipe(v.array(v.string()), v.description("Globs on the hosts the command connects to (`169.254.169.254`, `*.ngrok.io`); some destination must match."))),
  ports: v.optional(v.pipe(v.array(v.pipe(v.number(), v.integer())), v.description("Ports the command connects to; some destination must use one."))),
  tags: v.optional(
    v.pipe(
      v.array(v.string()),
      v.description(
        "Labels the program knowledge gives the command (every one must be present): built in, `publish` and `unpublish` on registry subcommands, `credential-output` on commands that print a stored credential and `access-token-output` on those that print a CLI's own access token, `runs-unknown-package` on a package runner (`bunx`, `uvx`, `pnpm dlx`, …) fetching a package that is no well-known tool, `runs-installed-package` on a command run after the same input installed a package that is no well-known tool as a command of its own (`go install MOD@VER && x`, `npm i -g p && p`, `pipx install p && p`), `repeated-at-scale` on a command inside a loop whose header spells out hundreds of runs or more (`seq 1 5000`, `{1..5000}`, `i < 5000`), `lookalike-package` on an install (pip, npm, yarn, gem, cargo, …) of a name one slip from a well-known package's (`reqeusts`), `fork-bomb` on a shell function that starts itself alongside itself, `hook-run` on a command a program runs because an option, an environment variable or a setting told it to (`tcpdump -z PROG`, `GIT_SSH_COMMAND`, `git -c core.fsmonitor=…`, vim's `:!`), and on everything under it, `code-run` on a command another language's code runs (python's `os.system`, php's `shell_exec`, awk's `system`, m4's `esyscmd`) and on everything under it, `switched-user` on a command run as another user (under sudo, doas, pkexec, run0 or su -c, however deep), `loads-library` on a program an option makes load a shared library from a file (`curl --engine ./x.so`, `ssh-keygen -D lib.so`), `upload` on forge verbs that send local files (`gh release upload`, `gh gist create`), `sends-secret-text` on a network sender, storage or sync copy to a remote, upload verb or `git push` whose data (arguments, stdin, an uploaded or pushed file whose text is known, what an archive or encoding was made from, a kubeconfig with user credentials) holds an issued credential's text and `presents-secret-text` on one that holds it only in a header or URL, and from a write into a file run as shell code (a start-up file, a git hook) whose text was judged: `code-judged` on the write, `start-up-code` or `git-hook-code` on each command the text runs, and `output-counted` on a command whose whole output goes through pipes only into programs that print a count, a checksum or a yes/no (`cat .env | grep -c KEY`), `env-names` on a command that prints only what lies left of each line's first `=` (a .env file's names: `cut -d= -f1`, `grep -o '^[A-Z_]*'`, `sed 's/=.*//'`, `awk -F= '{print $1}'`) and on a reader piping only into one, and `names-only` on jq given a filter that prints only key names, a length, or one metadata field of what a CLI's read verb printed (a ttl, an expiry time, policies, a type: `jq '.data | keys'`, `jq .data.ttl`), `public-field` on a command that prints one named value of a secret store whose name says it is an identifier or an address and nothing secret (`terraform output -json vpc_id`, `vault kv get -field=host …`), `new-files` on a copy or move whose written names under home the disk shows absent, or the existing folder they land in (`mv report.pdf ~/Documents/`: nothing replaced), `own-user` on a job scheduler's command whose user selector names only the user's own name (`scancel -u $USER`), and `unknown-program` on a command whose program no table describes (no shell builtin, no function of the input, no path to a file: those are judged by their text), with what its words say: `destroy-word` (a verb that deletes, drops, purges, wipes or resets: `delete`, `db:drop`, `--purge`), `remove-word` (a milder removal: `rm`, `remove`, `uninstall`, `prune`), `halt-word` (stops a service or a machine: `stop`, `shutdown`, `reboot`, `leave`, `disable`), `skips-confirmation` (`--force`, `--yes`, `-y`, `--no-confirm`), `shared-environment` (a word names production, staging or live, or the command runs on another machine through ssh) or `own-environment` (an environment selector such as `--env`, `-e`, `--target` or `APP_ENV=` names dev, test or local, and nothing names a shared one), `expose-word` (shows or exports secrets: `secrets dump`), `privilege-word` (makes someone admin: `grant-admin`), `disrupt-word` (`rotate-keys`, `kill-switch`), `ship-word` (`deploy`, `release`, `publish`), `production-word`, `all-scope` (`--all`, an operand `all`); the same reading, with `words-only` (on every command read so, unknown programs included), goes to a subcommand the program's spec does not describe (`undescribed-subcommand`), a program run by its path whose file is unread (`unread-program`) and a task runner's target whose body no known project file shows (`unread-target`: `make nuke`); `shared-environment` is put on a described program's command too when its line names production, staging or live (`--settings=shop.settings.prod`, `RAILS_ENV=production`).",
      ),
    ),
  ),
  sql: v.optional(
    v.pipe(
      v.array(StatementKindSchema),
      v.description(
        "Statements the command hands to a database (SQL to psql/mysql/sqlite3/…, redis commands, mongo shell code; from an option, an argument, stdin, a heredoc or a file the input wrote), by what they do. In `when`: some statement is of one of these kinds. In `unless`: every statement is. Kinds: " +
          STATEMENT_KIND_NAMES.map((kind) => `${kind} (${STATEMENT_KINDS[kind]})`).join("; "),
      ),
    ),
  ),
} satisfies Record<CommandKey, unknown>;

const CommandCondition = v.pipe(v.strictObject(commandEntries, "expected a table of command conditions"), v.title("Command condition"));

const FlowCondition = v.pipe(
  v.strictObject(
    {
      from: v.optional(v.pipe(CommandCondition, v.description("The command the data comes from (e.g. one that reads a secret)."))),
      to: v.optional(v.pipe(CommandCondition, v.description("The command the data reaches (e.g. one that connects to the network)."))),
      through: v.optional(
        v.pipe(
          v.array(v.picklist(["pipe", "substitution", "variable", "file", "exec"], "expected pipe, substitution, variable, file or exec")),
          v.description("How the data may travel; any way when absent."),
        ),
      ),
      between: v.optional(
        v.pipe(
          CommandCondition,
          v.description(
            "Every command the data passes through on its way from `from` to `to` must match this (e.g. programs that print what they are given); any command when absent.",
          ),
        ),
      ),
    },
    "expected a table with from, to, through and between",
  ),
  v.title("Flow condition"),
  v.description("Data flows, directly or through other commands, from a command matching `from` to one matching `to`."),
);

const SingleCondition = v.pipe(
  v.strictObject(
    {
      ...commandEntries,
      flow: v.optional(FlowCondition),
      input: v.optional(v.pipe(v.record(v.string(), FieldMatcher), v.description("Matchers on named fields of the raw tool input (dotted names reach into objects)."))),
      message: v.optional(v.pipe(TextMatcher, v.description("before_message: the user's message."))),
      output: v.optional(v.pipe(TextMatcher, v.description("after_tool_call: the tool's output."))),
    },
    "expected a table of conditions",
  ),
  v.title("Condition"),
  v.description("Every key given must hold. For shell tools the command keys must hold for one and the same simple command."),
);
export type SingleCondition = v.InferOutput<typeof SingleCondition>;

/** One condition, or a list of them of which any may hold. */
export const Condition = v.pipe(
  v.union([SingleCondition, v.pipe(v.array(SingleCondition), v.minLength(1, "give at least one condition"))], "expected a table of conditions, or a list of them"),
  v.description("A table of conditions that must all hold, or a list of such tables of which any may hold."),
);
export type Condition = v.InferOutput<typeof Condition>;
export type CommandCondition = v.InferOutput<typeof CommandCondition>;

// rule-shape.ts lists the command keys (COMMAND_KEYS) without this schema: `satisfies` above holds the two to the same keys.
export type { RuleDecision } from "./rule-shape.ts";

const Modification = v.pipe(
  v.strictObject(
    {
      set: v.optional(v.pipe(v.record(v.string(), v.unknown()), v.description("Fields of the tool input to set (or overwrite)."))),
      replace: v.optional(
        v.pipe(
          v.array(
            v.strictObject(
              {
                field: v.pipe(v.string(), v.description("The input field to rewrite (a string field).")),
                pattern: RegexText,
                with: v.pipe(v.string(), v.description("Replacement text; $1, $2 … insert groups.")),
              },
              "expected a table with field, pattern and with",
            ),
          ),
          v.description("Pattern replacements in string fields of the input."),
        ),
      ),
    },
    "expected a table with set and/or replace",
  ),
  v.check((modify) => modify.set !== undefined || modify.replace !== undefined, "give set or replace"),
);

/** enforce: a rule's decision is applied. observe: it is only audited (would_decision) and the call goes on. */
export const MODES = ["enforce", "observe"] as const;
export type Mode = (typeof MODES)[number];

/** One example call for a rule: a string for the main field of the rule's tool (bash: the command), or a tool and its input. */
const RuleExample = v.union(
  [
    v.string(),
    v.strictObject({
      tool: v.optional(v.pipe(v.string(), v.description("The tool called (API name); default: the rule's first tool that is not a glob, else bash."))),
      input: v.union([v.string(), v.record(v.string(), v.unknown())], "expected the tool input: a table, or a string for the tool's main field"),
    }),
  ],
  'expected a command (a string) or a table { tool = "…", input = … }',
);

const RuleExamples = v.pipe(
  v.strictObject(
    {
      match: v.optional(v.pipe(v.array(RuleExample, "expected a list of examples"), v.description("Calls this rule must match (its conditions hold)."))),
      not_match: v.optional(v.pipe(v.array(RuleExample, "expected a list of examples"), v.description("Calls this rule must not match."))),
    },
    "expected examples = { match = [...], not_match = [...] }",
  ),
  v.title("Rule examples"),
  v.description(
    "Calls the rule must and must not match, checked on every load like [[test]]s (a failing example keeps the policy from loading). Whether the rule wins against other rules is a [[test]]'s to say.",
  ),
);
const RuleFields = v.strictObject({
  id: v.pipe(
    v.string("expected a rule id (a string)"),
    v.regex(/^[A-Za-z0-9][A-Za-z0-9._:-]*$/, "expected letters, digits, . _ : - (starting with a letter or digit)"),
    v.description("A unique name; it appears in block reasons, the audit log and `check`."),
  ),
  description: v.optional(v.pipe(v.string(), v.description("What the rule is for."))),
  enabled: v.optional(v.pipe(v.boolean(), v.description("false switches the rule off without deleting it.")), true),
  hook: v.optional(v.pipe(oneOf(HOOK_KINDS), v.description("The hook the rule applies to.")), "before_tool_call"),
  tool: v.optional(StringOrList("Tool name(s) or globs, against the API name (bash, read, mcp_x) and the runtime name.")),
  when: v.optional(Condition),
  unless: v.optional(Condition),
  decision: v.pipe(
    oneOf(ALL_DECISIONS),
    v.description("block > confirm > modify > allow > continue; redact/withhold on after_tool_call; inject on on_session_start and before_message."),
  ),
  reason: v.optional(
    v.pipe(
      v.string(),
      v.description("block: the reason the model is given. withhold: the notice that replaces the output. `{hosts}` becomes the hosts the matched command connects to."),
    ),
  ),
  message: v.optional(v.pipe(v.string(), v.description("confirm: the question the person is asked. `{hosts}` becomes the hosts the matched command connects to."))),
  modify: v.optional(Modification),
  detectors: v.optional(
    v.pipe(
      v.array(oneOf(DETECTOR_IDS)),
      v.description(
        "redact: only these built-in secret detector families (the thirteen original ids still work). Leave it out for every family; `[]` for none (your `patterns` only).",
      ),
    ),
  ),
  except: v.optional(
    v.pipe(
      v.array(oneOf(DETECTOR_IDS)),
      v.description("redact: every built-in detector family but these (when `detectors` is left out). Block reasons and the audit log still use every family."),
    ),
  ),
  patterns: v.optional(v.pipe(v.array(RegexText), v.description("redact: your own RE2 patterns; each match becomes [REDACTED:<rule id>]."))),
  content: v.optional(v.pipe(v.string(), v.description("inject: the text added to the system prompt or the message."))),
  policy_summary: v.optional(v.pipe(v.boolean(), v.description("inject: also add a short summary of the active before_tool_call rules."))),
  mode: v.optional(
    v.pipe(
      oneOf(MODES),
      v.description("observe: the decision is audited (would_decision) and shown by check, but the call goes on — the way to trial a rule. Default: [defaults] mode."),
    ),
  ),
  examples: v.optional(RuleExamples),
});

type RuleFields = v.InferOutput<typeof RuleFields>;

/** Cross-field checks: a rule that could never do what it says is an error, not a silent no-op. */
function ruleProblems(rule: RuleFields): Array<{ key: keyof RuleFields; message: string }> {
  const problems: Array<{ key: keyof RuleFields; message: string }> = [];
  const allowed = DECISIONS_BY_HOOK[rule.hook];
  if (!allowed.includes(rule.decision)) {
    problems.push({ key: "decision", message: `"${rule.decision}" is not possible on ${rule.hook}; expected one of ${allowed.join(", ")}` });
  }
  const isToolHook = rule.hook === "before_tool_call" || rule.hook === "after_tool_call";
  if (rule.tool !== undefined && !isToolHook) problems.push({ key: "tool", message: `only before_tool_call and after_tool_call rules have a tool, not ${rule.hook}` });
  const fieldsFor: Array<[keyof RuleFields, readonly RuleDecision[]]> = [
    ["reason", ["block", "withhold"]],
    ["message", ["confirm"]],
    ["modify", ["modify"]],
    ["detectors", ["redact"]],
    ["except", ["redact"]],
    ["patterns", ["redact"]],
    ["content", ["inject"]],
    ["policy_summary", ["inject"]],
  ];
  for (const [key, decisions] of fieldsFor) {
    if (rule[key] !== undefined && !decisions.includes(rule.decision)) {
      problems.push({ key, message: `only used with decision ${decisions.join(" or ")}, but this rule's decision is ${rule.decision}` });
    }
  }
  for (const field of [...Object.keys(rule.modify?.set ?? {}), ...(rule.modify?.replace ?? []).map((replacement) => replacement.field)]) {
    const forbidden = field.split(".").find((key) => FORBIDDEN_FIELD_NAMES.has(key));
    if (forbidden) problems.push({ key: "modify", message: `"${field}": the name "${forbidden}" is not allowed in a field path` });
  }
  for (const side of ["when", "unless"] as const) {
    for (const condition of conditionList(rule[side])) {
      const forbidden = Object.keys(condition.input ?? {}).find((field) => field.split(".").some((key) => FORBIDDEN_FIELD_NAMES.has(key)));
      if (forbidden) problems.push({ key: side, message: `input."${forbidden}": __proto__, constructor and prototype are not allowed in a field path` });
    }
  }
  if (rule.examples !== undefined && rule.hook !== "before_tool_call")
    problems.push({ key: "examples", message: `examples are tool calls, so only before_tool_call rules have them; use [[test]] for ${rule.hook}` });
  if (rule.decision === "modify" && !rule.modify) problems.push({ key: "modify", message: "a modify rule needs modify = { set = {…} } or { replace = […] }" });
  if (rule.detectors !== undefined && rule.except !== undefined)
    problems.push({ key: "except", message: "give detectors (only these families) or except (every family but these), not both" });
  if (rule.decision === "redact" && rule.detectors?.length === 0 && !rule.patterns?.length)
    problems.push({ key: "detectors", message: "detectors = [] switches every family off, so this rule needs patterns (or leave detectors out for every family)" });
  if (rule.decision === "inject" && rule.content === undefined && !rule.policy_summary)
    problems.push({ key: "content", message: "an inject rule needs content (or policy_summary = true)" });
  for (const side of ["when", "unless"] as const) {
    for (const condition of conditionList(rule[side])) {
      if (condition.message && rule.hook !== "before_message") problems.push({ key: side, message: `message is only known on before_message, not ${rule.hook}` });
      if (condition.output && rule.hook !== "after_tool_call") problems.push({ key: side, message: `output is only known on after_tool_call, not ${rule.hook}` });
    }
  }
  return problems;
}

export const Rule = v.pipe(
  RuleFields,
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    for (const problem of ruleProblems(dataset.value)) {
      addIssue({
        message: problem.message,
        path: [{ type: "object", origin: "value", input: dataset.value as Record<string, unknown>, key: problem.key, value: dataset.value[problem.key] }],
      });
    }
  }),
  v.title("Rule"),
);
export type Rule = v.InferOutput<typeof Rule>;

export const TestCase = v.pipe(
  v.strictObject(
    {
      name: v.optional(v.pipe(v.string(), v.description("Shown when the test fails."))),
      hook: v.optional(oneOf(HOOK_KINDS), "before_tool_call"),
      tool: v.optional(v.pipe(v.string(), v.description("The tool called (API name)."))),
      input: v.optional(
        v.pipe(
          v.union([v.string(), v.record(v.string(), v.unknown())], "expected the tool input: a table, or a string for the tool's main field"),
          v.description("The tool input, or a string for its main field (bash: command, read: path)."),
        ),
      ),
      output: v.optional(v.pipe(v.string(), v.description("after_tool_call: the tool output."))),
      message: v.optional(v.pipe(v.string(), v.description("before_message: the user's message."))),
      expect: v.pipe(oneOf(ALL_DECISIONS), v.description('The decision expected. "continue" is also satisfied by allow.')),
      rule: v.optional(v.pipe(v.string(), v.description("The id of the rule expected to decide."))),
    },
    "expected a test table",
  ),
  v.title("Inline test"),
  v.description("Checked on every load: a policy whose tests fail does not become active."),
);
export type TestCase = v.InferOutput<typeof TestCase>;

/** Decisions an override may give a rule without anything more (modify, redact and inject need fields of their own). */
const OVERRIDE_DECISIONS = ["off", "continue", "allow", "block", "confirm", "withhold"] as const;

export const Override = v.pipe(
  v.strictObject(
    {
      rules: StringOrList("The ids of the rules to change: exact ids or globs of ids (`git-*`, `remote-*-aws`)."),
      decision: v.optional(v.pipe(oneOf(OVERRIDE_DECISIONS), v.description('The decision the rules take instead; "off" switches them off.'))),
      mode: v.optional(v.pipe(oneOf(MODES), v.description("observe: the rules are only audited; enforce: they are applied."))),
      reason: v.optional(v.pipe(v.string(), v.description("block: the reason the model is given instead of the rule's own."))),
      message: v.optional(v.pipe(v.string(), v.description("confirm: the question the person is asked instead of the rule's own."))),
      unless: v.optional(
        v.pipe(
          Condition,
          v.description(
            "More exceptions for the rules, added to their own `unless` (paths, commands, any condition a rule's `unless` takes): a narrow exception to a built-in rule without copying it. Only in the file that includes the rules; an included file cannot add exceptions to what its includer brings in.",
          ),
        ),
      ),
    },
    "expected an override table with rules and decision, mode and/or unless",
  ),
  v.check((override) => override.decision !== undefined || override.mode !== undefined || override.unless !== undefined, "give decision, mode or unless"),
  v.title("Override"),
  v.description("Changes rules of included files and packs by id, without copying them: switch them off, give them another decision, or observe them."),
);
export type Override = v.InferOutput<typeof Override>;

const WrapperSpec = v.strictObject(
  {
    value_options: v.optional(v.pipe(v.array(v.string()), v.description("Options that take a value (`-u USER`), so the value is not taken for the command."))),
    leading_operands: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.description("Operands before the command (`timeout 5 cmd` has 1)."))),
  },
  "expected a table with value_options and/or leading_operands",
);

export const PolicyFile = v.pipe(
  v.strictObject(
    {
      $schema: v.optional(v.string()),
      version: v.pipe(v.literal(1, "expected version = 1"), v.description("The policy format version.")),
      description: v.optional(v.pipe(v.string(), v.description("What this policy (or pack) is for; shown in summaries."))),
      include: v.optional(
        v.pipe(
          v.array(v.pipe(v.string('expected a file name or "builtin:<pack>"'), v.minLength(1, 'expected a file name or "builtin:<pack>"'))),
          v.description(
            'Built-in rule packs ("builtin:git") and policy files to add: relative to this file, ~ for the home directory, globs allowed ("team/*.toml"). This file\'s rules come first, then its includes in order, built-in packs last.',
          ),
        ),
      ),
      defaults: v.optional(
        v.pipe(
          v.strictObject(
            {
              decision: v.optional(v.pipe(oneOf(["continue", "confirm", "block"] as const), v.description("For a tool call no rule matches.")), "continue"),
              on_error: v.optional(
                v.pipe(oneOf(["block", "confirm", "continue"] as const), v.description("When a call cannot be analysed (dynamic program, syntax error, over a limit).")),
                "block",
              ),
              mode: v.optional(
                v.pipe(
                  oneOf(MODES),
                  v.description(
                    "observe: every tool-call rule, the default decision and on_error are only audited (would_decision) and calls go on; redaction and injection still apply. A rule's own mode wins.",
                  ),
                ),
                "enforce",
              ),
              confirmed: v.optional(
                v.pipe(
                  oneOf(["ask-again", "session"] as const),
                  v.description(
                    'A call the person confirmed (the host ran it): "ask-again" asks every time; "session" lets exactly the same call (same tool, same input) through without asking again until the session ends. Only confirmations are remembered, never a block.',
                  ),
                ),
                "ask-again",
              ),
              project_roots: v.optional(
                v.pipe(
                  v.array(v.pipe(v.string("expected a directory or a glob of directories"), v.minLength(1, "expected a directory or a glob of directories"))),
                  v.description(
                    'Where your projects live: directories, or globs of directories (`~/code/*`), each of which is one project. Inside one, every built-in notion of "inside the project" applies (`cd ~/code/webapp && rm -rf build` deletes a project subdirectory) and relative patterns match the absolute spelling of a path too; a root itself (`rm -rf ~/code/webapp`) and what holds it (`~/code`) are not inside.',
                  ),
                ),
              ),
              project_policy: v.optional(
                v.pipe(
                  oneOf(["on", "off"] as const),
                  v.description(
                    'A project\'s own policy, `.synaps/policy.toml` in the project root: "on" adds its rules to yours (it can only tighten: no allow, modify or inject rules, no [defaults], [shell] or [programs], no file includes, and no override that loosens a rule of yours); "off" ignores every project\'s file.',
                  ),
                ),
                "on",
              ),
              unseen_code: v.optional(
                v.pipe(
                  oneOf(["continue", "confirm", "block"] as const),
                  v.description(
                    "When a call runs code the guard can neither see nor read (a script not written in this session and not readable under the project root): continue, ask, or block. The audit record says so either way.",
                  ),
                ),
                "continue",
              ),
            },
            "expected a table with decision, on_error, mode, confirmed, project_roots, project_policy and unseen_code",
          ),
          v.description(
            "What a call gets when no rule decides or when it cannot be analysed, and whether tool-call decisions are enforced or only observed. Only the user's own file's [defaults] apply to calls.",
          ),
        ),
        { decision: "continue", on_error: "block", mode: "enforce", confirmed: "ask-again", project_policy: "on", unseen_code: "continue" },
      ),
      shell: v.optional(
        v.pipe(
          v.strictObject(
            {
              tools: v.optional(
                v.pipe(
                  v.record(
                    v.string(),
                    v.string('expected the name of the input field that holds the command, e.g. "command"'),
                    'expected a table of tool name → input field, e.g. tools = { my_shell = "command" }',
                  ),
                  v.description("More tools whose input holds a shell command: tool name → input field (bash, shell_start and shell_send are built in)."),
                ),
              ),
              wrappers: v.optional(v.pipe(v.record(v.string(), WrapperSpec), v.description("More programs that run the command after their options (like sudo or nice)."))),
              max_input_bytes: v.optional(
                v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_INPUT_BYTES_CEILING), v.description("Commands longer than this get the on_error decision.")),
              ),
            },
            "expected a table with tools, wrappers, max_input_bytes",
          ),
          v.description("How shell commands are read: more tools that take a command, more wrapper programs, the size limit."),
        ),
      ),
      programs: v.optional(
        v.pipe(
          v.record(v.string(), ProgramSpecSchema),
          v.description("What programs' arguments mean, added to (or replacing) the built-in knowledge: which options and operands are files, commands, code or hosts."),
        ),
      ),
      rule: v.optional(
        v.pipe(
          v.array(Rule, "expected [[rule]] tables"),
          v.description(
            "The rules. Order does not decide precedence; it breaks ties (the including file's rules first, then its includes in order, built-in packs last). Rule ids are unique across all of them.",
          ),
        ),
        [],
      ),
      override: v.optional(v.pipe(v.array(Override, "expected [[override]] tables"), v.description("Changes to rules of included files and packs, by id.")), []),
      test: v.optional(v.pipe(v.array(TestCase, "expected [[test]] tables"), v.description("Inline tests, run on every load.")), []),
    },
    "expected a policy table",
  ),
  v.title("synaps-policy policy file"),
  v.description("Rules that synaps-policy enforces on what a SynapsCLI agent does. See https://github.com/synaps-policy/synaps-policy#policy."),
);
export type PolicyFile = v.InferOutput<typeof PolicyFile>;

/** What a call that cannot be analysed gets. */
export type OnError = PolicyFile["defaults"]["on_error"];
