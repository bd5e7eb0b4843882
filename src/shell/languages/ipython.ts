// IPython input (`ipython -c CODE`, a notebook cell): lines starting with
// `!` run a shell command, `%system`/`%sx` and the cell magics `%%bash`,
// `%%sh`, `%%script sh` run shell code; everything else is Python.
import { type CodeReading, readCode } from "./code.ts";
import { addReading, emptyReading } from "./file-lines.ts";

export function readIpython(text: string): CodeReading {
  const reading = emptyReading();
  const shellCell = /^\s*%%(?:bash|sh|zsh|system|script\s+(?:ba|z)?sh)\b[^\n]*\n([\s\S]*)$/.exec(text);
  if (shellCell) {
    reading.lines.push({ line: shellCell[1]!, label: "%%bash" });
    return reading;
  }
  const python: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const shell = /^\s*(?:!!?|%(?:system|sx)\s+)([\s\S]*)$/.exec(line) ?? /=\s*!([\s\S]*)$/.exec(line);
    if (shell) reading.lines.push({ line: shell[1]!, label: "!" });
    else python.push(line);
  }
  addReading(reading, readCode("python", python.join("\n"), "ipython"));
  return reading;
}
