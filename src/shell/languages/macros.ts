// Macro languages that run commands: m4's `syscmd(cmd)` and `esyscmd(cmd)`
// (and `include(file)` reads one), and rpm's macros, where `%(cmd)` is a
// shell command's output and `%{lua: …}` runs Lua (`rpm --eval`, `--define`).
import type { CodeReading } from "./code.ts";
import { emptyReading, readLine } from "./file-lines.ts";
import { closingIndexes } from "./groups.ts";

export function readM4(text: string): CodeReading {
  const reading = emptyReading();
  const closes = closingIndexes(text, "(", ")");
  for (const match of text.matchAll(/\b(e?syscmd|s?include)\s*\(/g)) {
    const open = match.index + match[0].length - 1;
    const close = closes.get(open);
    if (close === undefined) continue;
    const value = text.slice(open + 1, close).replace(/^\s*`([\s\S]*)'\s*$/, "$1");
    if (match[1]!.endsWith("include")) reading.lines.push({ line: readLine(value), label: match[1]! });
    else if (value.trim() !== "") reading.lines.push({ line: value, label: match[1]! });
  }
  return reading;
}

export function readRpmMacro(text: string): CodeReading {
  const reading = emptyReading();
  const parens = closingIndexes(text, "(", ")");
  const braces = closingIndexes(text, "{", "}");
  for (let index = text.indexOf("%"); index >= 0; index = text.indexOf("%", index + 1)) {
    const next = text[index + 1];
    if (next === "%") {
      index++;
      continue;
    }
    const close = next === "(" ? parens.get(index + 1) : next === "{" ? braces.get(index + 1) : undefined;
    if (close === undefined) continue;
    const body = text.slice(index + 2, close);
    if (next === "(" && body.trim() !== "") reading.lines.push({ line: body, label: "%(…)" });
    const lua = next === "{" ? /^lua:([\s\S]*)$/.exec(body) : null;
    if (lua) reading.code = [...(reading.code ?? []), { language: "lua", text: lua[1]!, label: "%{lua:}" }];
  }
  return reading;
}
