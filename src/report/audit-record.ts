// The audit log's record format: one JSON object per line. The extension
// writes it, `synaps-policy log` and `replay` read it, and the README's
// "Audit record" table is generated from AUDIT_FIELDS (a test fails when they
// differ). Every string is redacted before it is written.

/** Why a record exists: a hook event (or the model's dry run), or something about the log or the policy. */
export type AuditEventKind = "policy_reload" | "audit_gap";

/** What the model's `policy` tool did with a dry run. */
export type DryRunOutcome = "answered" | "refused" | "off";

export type AuditRecord = {
  time: string;
  event?: AuditEventKind;
  session_id?: string | null;
  hook?: string;
  tool?: string | null;
  decision?: string | null;
  rule?: string | null;
  rule_source?: string;
  reason?: string | null;
  matched?: string[];
  unseen_code?: string[];
  files?: string[];
  would_decision?: string;
  would_rule?: string;
  redactions?: Record<string, number>;
  policy_hash?: string | null;
  policy_error?: string;
  eval_us?: number;
  input?: string | null;
  tool_input?: Record<string, unknown>;
  tool_input_omitted?: string;
  dry_run?: DryRunOutcome;
  ok?: boolean;
  file?: string;
  problems?: string[];
  warnings?: string[];
  dropped?: number;
  since?: string;
  error?: string;
};

export type AuditField = { name: keyof AuditRecord; type: string; meaning: string };

/** Every field, in the order records carry them; the README documents exactly these. */
export const AUDIT_FIELDS: readonly AuditField[] = [
  { name: "time", type: "string", meaning: "When the record was written (ISO 8601, UTC)." },
  {
    name: "event",
    type: "string",
    meaning: "Only on records that are not about a call: `policy_reload` (a reload was tried) or `audit_gap` (records were lost and the log recovered).",
  },
  { name: "session_id", type: "string or null", meaning: "The host's session id (redacted); for a dry run, the session of the last hook seen." },
  { name: "hook", type: "string", meaning: "`before_tool_call`, `after_tool_call`, `on_session_start`, … or `policy_tool` for the model's dry run." },
  { name: "tool", type: "string or null", meaning: "The tool's API name (`bash`, `read`, `mcp_x`)." },
  { name: "decision", type: "string or null", meaning: "What was done: continue, allow, block, confirm, modify, redact, withhold, inject; null for a refused dry run." },
  { name: "rule", type: "string or null", meaning: "The id of the rule that decided; null when the default or an error decided." },
  { name: "rule_source", type: "string", meaning: "The file or `builtin:<pack>` of that rule, or `default`, or `error`." },
  { name: "reason", type: "string or null", meaning: "What the model or the person was told (block reason, confirm message), or why the call could not be judged." },
  { name: "matched", type: "string[]", meaning: "Every enforced rule whose conditions held, in precedence order." },
  {
    name: "unseen_code",
    type: "string[]",
    meaning:
      "Files the call runs that nobody could see or read (not written in the session, not readable under the project root); the decision then is `defaults.unseen_code`'s unless a rule decided.",
  },
  {
    name: "files",
    type: "string[]",
    meaning: "Files from the session's memory or the disk the verdict drew on, each with where it came from (`build.sh (written at step 2 (write))`).",
  },
  { name: "would_decision", type: "string", meaning: "Observe mode: what the policy would have decided with every rule enforced, when that differs from `decision`." },
  { name: "would_rule", type: "string", meaning: "Observe mode: the rule that would have decided." },
  { name: "redactions", type: "object", meaning: 'after_tool_call: secrets replaced, counted by detector (`{"github": 1}`).' },
  { name: "policy_hash", type: "string or null", meaning: "The first 12 hex digits of the SHA-256 of the policy's files; null while the policy is invalid." },
  { name: "policy_error", type: "string", meaning: "The first problem of an invalid policy (calls then get on_error)." },
  { name: "eval_us", type: "integer", meaning: "Time the engine took, in microseconds." },
  { name: "input", type: "string or null", meaning: "A short preview of the tool input or message (400 characters), for reading." },
  {
    name: "tool_input",
    type: "object",
    meaning: "before_tool_call and dry runs: the whole tool input, every string redacted, when its JSON is at most 64 KiB — what `replay` judges again.",
  },
  { name: "tool_input_omitted", type: "string", meaning: "Why `tool_input` is missing (too large, too deep)." },
  { name: "dry_run", type: "string", meaning: "`policy_tool` records: `answered`, `refused` (over the limit of stopped dry runs) or `off` (dry runs are not enabled)." },
  { name: "ok", type: "boolean", meaning: "`policy_reload`: whether the new policy is now in force." },
  { name: "file", type: "string", meaning: "`policy_reload`: the policy file." },
  { name: "problems", type: "string[]", meaning: "`policy_reload`: why the new policy was refused (file:line:column: …)." },
  { name: "warnings", type: "string[]", meaning: "`policy_reload`: rules that can never fire, overrides that change nothing." },
  { name: "dropped", type: "integer", meaning: "`audit_gap`: records that could not be written." },
  { name: "since", type: "string", meaning: "`audit_gap`: when writing first failed." },
  { name: "error", type: "string", meaning: "`audit_gap`: the last write error (disk full, read-only, file size limit)." },
];

/** The README's table of the record format. */
export function auditFieldTable(): string {
  const rows = AUDIT_FIELDS.map((field) => `| \`${field.name}\` | ${field.type} | ${field.meaning} |`);
  return ["| field | type | meaning |", "|---|---|---|", ...rows].join("\n");
}

/** A line of the log as a record, or undefined for a line that is not one (a torn write, another program's text). */
export function parseAuditLine(line: string): AuditRecord | undefined {
  if (!line.startsWith("{")) return undefined;
  try {
    const value: unknown = JSON.parse(line);
    if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
    const record = value as AuditRecord;
    return typeof record.time === "string" ? record : undefined;
  } catch {
    return undefined;
  }
}
