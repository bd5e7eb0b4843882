// Macro languages that run commands: m4's `syscmd(cmd)` and `esyscmd(cmd)`
// (and `include(file)` reads one), and rpm's macros, where `%(cmd)` is a
// shell command's output and `%{lua: …}` runs Lua (`rpm --eval`, `--define`).
import type { CodeReading } from "./code.ts";
import { emptyReading, readLine } from "./file-lines.ts";

export function readM4(text: string): CodeReading {
  const reading = emptyReading();
  for (const match of text.matchAll(/\b(e?syscmd|s?include)\s*\(/g)) {
    const argument = balancedFrom(text, match.index + match[0].length - 1, "(", ")");
    if (argument === undefined) continue;
    const value = argument.replace(/^\s*`([\s\S]*)'\s*$/, "$1");
    if (match[1]!.endsWith("include")) reading.lines.push({ line: readLine(value), label: match[1]! });
    else if (value.trim() !== "") reading.lines.push({ line: value, label: match[1]! });
  }
  return reading;
}

export function readRpmMacro(text: string): CodeReading {
  const reading = emptyReading();
  for (let index = text.indexOf("%"); index >= 0; index = text.indexOf("%", index + 1)) {
    const next = text[index + 1];
    if (next === "%") {
      index++;
      continue;
    }
    if (next === "(") {
      const command = balancedFrom(text, index + 1, "(", ")");
      if (command?.trim()) reading.lines.push({ line: command, label: "%(…)" });
    } else if (next === "{") {
      const body = balancedFrom(text, index + 1, "{", "}");
      const lua = body === undefined ? undefined : /^lua:([\s\S]*)$/.exec(body);
      if (lua) (reading.code ??= []).push({ language: "lua", text: lua[1]!, label: "%{lua:}" });
    }
  }
  return reading;
}

/** The text inside the group opening at `open`, or undefined when it never closes. */
function balancedFrom(text: string, open: number, opener: string, closer: string): string | undefined {
  let depth = 0;
  for (let index = open; index < text.length; index++) {
    if (text[index] === opener) depth++;
    else if (text[index] === closer && --depth === 0) return text.slice(open + 1, index);
  }
  return undefined;
}
