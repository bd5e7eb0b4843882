// Reading what a person asks to check, the same way on the command line and
// in the TUI's `/policy check`: a tool, then its input as a JSON object or as
// plain text for the tool's main field; in the TUI the words are split the
// way a shell would, so `/policy check bash 'rm -rf ~'` means what it says.
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

/** The before_tool_call event for `check <tool> <input>`. */
export function checkEvent(policy: CompiledPolicy, tool: string, raw: string | JsonObject): PolicyEvent {
  return eventOf(policy, { hook: "before_tool_call", tool, input: typeof raw === "string" ? readCheckInput(raw) : raw });
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
