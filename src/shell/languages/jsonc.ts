// JSON as the tools that read project files take it: VS Code, deno and
// devcontainers read JSONC (comments and trailing commas allowed); a file
// that does not parse is one the tool refuses, so nothing of it runs.

/** JSON (or JSONC, with `comments`) as an object; undefined when it is not one. */
export function parsedJson(text: string, comments: boolean): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(comments ? withoutComments(text) : text);
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** JSONC's comments and trailing commas out, strings left alone. */
function withoutComments(text: string): string {
  return text.replace(/("(?:[^"\\]|\\.)*")|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (_match, string: string | undefined) => string ?? "").replace(/,(\s*[}\]])/g, "$1");
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
