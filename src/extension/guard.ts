// The tutorial's hard-wired guard: a recursive forced delete outside /tmp is
// blocked. The configurable policy engine replaces this function.
import type { HookEvent, HookResult } from "./wire.ts";

export function guard(event: HookEvent): HookResult {
  if (event.kind !== "before_tool_call" || event.tool_name !== "bash") return { action: "continue" };
  const input = event.tool_input as { command?: unknown } | null;
  if (typeof input?.command !== "string") return { action: "continue" };
  for (const segment of input.command.split(/&&|\|\||[;|&\n]/)) {
    const words = segment.trim().split(/\s+/);
    if (words[0]?.split("/").pop() !== "rm") continue;
    const flags = words.filter((w) => /^-[a-zA-Z]+$/.test(w)).join("");
    const recursive = /[rR]/.test(flags) || words.includes("--recursive");
    const forced = flags.includes("f") || words.includes("--force");
    const targets = words.slice(1).filter((w) => !w.startsWith("-"));
    if (recursive && forced && targets.some((t) => !t.startsWith("/tmp/"))) {
      return { action: "block", reason: `Recursive forced delete outside /tmp: ${segment.trim()}` };
    }
  }
  return { action: "continue" };
}
