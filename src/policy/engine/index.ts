// What the rest of the program needs of the engine, and nothing more: judge
// an event under a compiled policy, describe what was decided. How a policy
// is compiled and matched stays behind this file (the layering test says so).
export type { CompiledPolicy, CompiledRule, EngineDeps, PolicyLayer, ShellAnalyzer } from "./compile.ts";
export { describeCommand } from "./command-text.ts";
export { evaluate, filesNeeded, onErrorVerdict, ruleSummary } from "./engine.ts";
export { eventOf, mainField } from "./event-of.ts";
export { type FileNeed, HOOK_KINDS, type HookKind, isHookKind, type JsonObject, type KnownFile, type PolicyEvent, type ToolCallEvent } from "./event.ts";
export type { WrittenEntry } from "../../shell/view/files.ts";
export { type Decision, describeRule, type Observed, type Verdict } from "./verdict.ts";
export { type OverrideEffect, overrideEffects } from "./override-effects.ts";
export { startedShellLines } from "./subject.ts";
