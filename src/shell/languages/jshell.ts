// jshell's input: Java snippets and its own slash commands. `/save FILE`
// writes the snippets typed so far (or, with -history, every line) to a
// file, `/open FILE` reads a file and runs it as more input; the other
// slash commands (`/list`, `/vars`, `/exit`) only show or end. Every other
// line is Java, handed on to be read as Java.
import type { CodeReading } from "./code.ts";
import { emptyReading, readLine, writeLine } from "./file-lines.ts";

const FILE_COMMAND = /^\/(save|open)\s+(?:-(?:all|history|start)\s+)*(\S[\s\S]*)$/;

export function readJshell(text: string): CodeReading {
  const reading = emptyReading();
  const java: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const command = FILE_COMMAND.exec(line);
    if (command) {
      const [, name, file] = command as unknown as [string, string, string];
      reading.lines.push({ line: name === "save" ? writeLine(file) : readLine(file), label: `/${name}` });
      continue;
    }
    if (!line.startsWith("/")) java.push(raw);
  }
  if (java.some((line) => line.trim() !== "")) reading.code = [{ language: "java", text: java.join("\n"), label: "jshell snippet" }];
  return reading;
}
