// Reading what a person asks to check, the same way on the command line and
// in the TUI's `/policy check`: a tool, then its input as a JSON object or as
// plain text for the tool's main field; in the TUI the words are split the
// way a shell would, so `/policy check bash 'rm -rf ~'` means what it says.
import { BUILTIN_TOOL_NAMES, isPossibleToolName } from "../policy/checks/tools.ts";
import { closest } from "../policy/did-you-mean.ts";
import { type CompiledPolicy, type JsonObject, type PolicyEvent, eventOf } from "../policy/engine/index.ts";

/** The tool input from text: a JSON object, or a plain string for the main field. */
export function readCheckInput(raw: string): string | JsonObject {
  if (!raw.trimStart().startsWith("{")) return raw;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value === "object" && value !== null && !Array.isArray(value)) return value as JsonObject;
  } catch {
    // Not JSON: a shell group such as `{ rm -rf ~; }` is a command string.
  }
  return raw;
}

/** The before_tool_call event for `check <tool> <input>`, in the project directory when one is given (absolute). */
export function checkEvent(policy: CompiledPolicy, tool: string, raw: string | JsonObject, projectRoot?: string): PolicyEvent {
  const event = eventOf(policy, { hook: "before_tool_call", tool, input: typeof raw === "string" ? readCheckInput(raw) : raw });
  return projectRoot !== undefined && event.hook === "before_tool_call" ? { ...event, projectRoot } : event;
}

/**
 * Words as a shell splits a line: blanks separate, quotes group and are
 * removed, a backslash escapes. `check bash 'rm -rf ~'` → check, bash, rm -rf ~.
 */
export function splitWords(line: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  for (let index = 0; index < line.length; index++) {
    const char = line[index]!;
    if (/\s/.test(char)) {
      if (word !== undefined) words.push(word);
      word = undefined;
      continue;
    }
    word ??= "";
    if (char === "\\" && index + 1 < line.length) word += line[++index];
    else if (char === "'" || char === '"') {
      const end = line.indexOf(char, index + 1);
      const stop = end < 0 ? line.length : end;
      word += line.slice(index + 1, stop);
      index = stop;
    } else word += char;
  }
  if (word !== undefined) words.push(word);
  return words;
}

/**
 * Why a tool name given to `check` is not one the host would send, or
 * undefined when it can be: hosts send the API name as it is (`bash`), so
 * `Bash` — Claude Code's spelling — matches no `bash` rule and must not
 * quietly continue. A near miss of a known name gets a suggestion.
 */
export function toolNameProblem(policy: CompiledPolicy, tool: string): string | undefined {
  const known = [...new Set([...BUILTIN_TOOL_NAMES, ...Object.keys(policy.shellTools)])];
  if (known.includes(tool)) return undefined;
  // `Shell_Send` has the shape of another extension's tool, but it is a built-in one spelt in other case.
  const sameLetters = known.find((name) => name.toLowerCase() === tool.toLowerCase());
  if (!sameLetters && isPossibleToolName(tool, policy.shellTools)) return undefined;
  const suggestion = sameLetters ?? closest(tool, known);
  const hint = suggestion ? ` (did you mean "${suggestion}"?)` : `; the host's tools are ${BUILTIN_TOOL_NAMES.slice(0, 9).join(", ")}, …, and mcp_*/<plugin>_<tool> names`;
  return `unknown tool "${tool}": the host sends tool names exactly as they are spelled, so no rule for it would apply${hint}`;
}
