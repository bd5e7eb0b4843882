// Commands sent to a running terminal multiplexer. screen's `-X CMD`:
// `stuff TEXT` types TEXT into the window's shell (`\n` or `^M` runs it),
// `exec`/`screen` start a program, `logfile F`/`hardcopy F` write a file.
import type { CodeReading } from "./code.ts";
import { emptyReading, writeLine } from "./file-lines.ts";

export function readScreenCommand(command: string): CodeReading {
  const reading = emptyReading();
  const match = /^\s*(\S+)\s*([\s\S]*)$/.exec(command);
  if (!match) return reading;
  const [, name, args] = match as unknown as [string, string, string];
  const text = args.replace(/^(['"])([\s\S]*)\1$/, "$2");
  if (name === "stuff") reading.lines.push({ line: text.replace(/\\n|\^M|\\r/g, "\n"), label: "stuff" });
  else if (name === "exec" || name === "screen") reading.lines.push({ line: text.replace(/^(?:[!.|:]+\s*)|(?:-\S+\s+)*/, ""), label: name });
  else if ((name === "logfile" || name === "hardcopy" || name === "bufferfile") && text.trim() !== "") reading.lines.push({ line: writeLine(text), label: name });
  return reading;
}
