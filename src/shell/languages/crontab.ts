// crontab lines (`crontab FILE` written above, `echo … | crontab -`): each
// entry is a schedule (five fields, or `@reboot`, `@daily`, …) and a command
// the shell runs; `%` ends the command (what follows is its input).
// Variable settings and comments run nothing.
import type { CodeReading } from "./code.ts";
import { emptyReading } from "./file-lines.ts";

export function readCrontab(text: string): CodeReading {
  const reading = emptyReading();
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#") || /^[A-Za-z_][A-Za-z0-9_]*\s*=/.test(line)) continue;
    const entry = /^(?:@\w+|(?:\S+\s+){4}\S+)\s+([\s\S]+)$/.exec(line);
    if (!entry) {
      reading.unresolved.push(`a crontab line the guard cannot read (${line.slice(0, 60)})`);
      continue;
    }
    const command = entry[1]!.split(/(?<!\\)%/)[0]!.replaceAll("\\%", "%");
    if (command.trim() !== "") reading.lines.push({ line: command, label: "cron entry" });
  }
  return reading;
}
