// A session judged as the extension judges it: tool calls in the order the
// host sent them, each with the files it runs found in what earlier calls
// wrote (and on disk under a project root, when one is given), each call's
// writes remembered for the calls after it. Used by `check --session`,
// `replay` and the scenario tests; the extension runs the same steps.
import { type CompiledPolicy, evaluate, isHookKind, type JsonObject, type PolicyEvent, type Verdict } from "../policy/engine/index.ts";
import { CallFiles, ROOT_FROM_WRITES } from "./call-files.ts";
import { SessionMemory } from "./memory.ts";
import { sharedDirectory } from "./shared-directory.ts";
import { ShellSessions } from "./shell-sessions.ts";

/** One line of a session file: a HookEvent as the host sends it (`kind`, `tool_name`, `tool_input`, `session_id`), or `{tool, input}`. */
export type SessionStep = { line: number; session: string | null; tool: string | null; event: PolicyEvent };

export type JudgedStep = SessionStep & { step: number; verdict: Verdict };

export type SessionOptions = { home: string; root?: string };

/** The steps of a JSONL session file, and the lines that are not steps. */
export function readSessionSteps(text: string, shellField: (tool: string) => string): { steps: SessionStep[]; problems: string[] } {
  const steps: SessionStep[] = [];
  const problems: string[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    if (raw.trim() === "" || raw.trimStart().startsWith("//")) return;
    const step = stepOf(raw, index + 1, shellField);
    if (typeof step === "string") problems.push(`line ${index + 1}: ${step}`);
    else steps.push(step);
  });
  return { steps, problems };
}

function stepOf(raw: string, line: number, shellField: (tool: string) => string): SessionStep | string {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return "not JSON";
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "expected a JSON object";
  const record = value as JsonObject;
  const session = typeof record.session_id === "string" ? record.session_id : null;
  const kind = record.kind ?? record.hook ?? "before_tool_call";
  if (!isHookKind(kind)) return `unknown hook ${JSON.stringify(kind)}`;
  if (kind !== "before_tool_call")
    return {
      line,
      session,
      tool: null,
      event:
        kind === "before_message"
          ? { hook: kind, message: String(record.message ?? "") }
          : kind === "after_tool_call"
            ? {
                hook: kind,
                tool: [String(record.tool_name ?? record.tool ?? "bash")],
                input: inputOf(record.tool_input ?? record.input, "command"),
                output: String(record.tool_output ?? ""),
              }
            : { hook: kind },
    };
  const tool = record.tool_name ?? record.tool;
  if (typeof tool !== "string" || tool === "") return "a tool call needs tool_name (or tool)";
  const names = typeof record.tool_runtime_name === "string" ? [tool, record.tool_runtime_name] : [tool];
  return { line, session, tool, event: { hook: "before_tool_call", tool: names, input: inputOf(record.tool_input ?? record.input, shellField(tool)) } };
}

function inputOf(value: unknown, field: string): JsonObject {
  if (typeof value === "string") return { [field]: value };
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as JsonObject) : {};
}

/** Judge the steps in order, each session with its own memory, as the extension would. */
export function judgeSession(policy: CompiledPolicy, steps: readonly SessionStep[], options: SessionOptions): JudgedStep[] {
  const root = options.root;
  const find = (writePaths: () => readonly string[]) => {
    if (root) return { path: root, source: "given" };
    const shared = sharedDirectory(writePaths(), options.home);
    return shared ? { path: shared, source: ROOT_FROM_WRITES } : undefined;
  };
  const files = new CallFiles(new SessionMemory(), { find }, options.home);
  // An interactive shell keeps its directory, variables and functions between sends, as in the extension.
  const shells = new ShellSessions();
  return steps.map((step) => {
    const number = step.event.hook === "before_tool_call" ? files.memory.step(step.session) : 0;
    const event = files.withFiles(policy, shells.withPendingLine(step.event, step.session), step.session);
    const verdict = evaluate(policy, event);
    shells.remember(event, verdict, step.session);
    files.record(event, verdict, step.session, number);
    if (step.event.hook === "on_session_end") {
      files.memory.forget(step.session);
      shells.forget(step.session);
    }
    return { ...step, step: number, verdict };
  });
}

/**
 * Calls judged each on its own, as the extension judges a session's first call in that project: the files each
 * runs read from disk under the root, and no call remembering another's writes (`check` and `check --file`).
 */
export function judgeAlone(policy: CompiledPolicy, events: readonly PolicyEvent[], options: SessionOptions): Verdict[] {
  const steps = events.map((event, index): SessionStep => ({ line: index + 1, session: `call ${index + 1}`, tool: null, event }));
  return judgeSession(policy, steps, options).map((step) => step.verdict);
}
