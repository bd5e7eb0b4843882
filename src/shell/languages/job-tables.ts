// Configuration files whose entries are shell commands a daemon runs for
// the user: logrotate's scripts (`postrotate` … `endscript`, and prerotate,
// firstaction, lastaction, preremove) run by /bin/sh when `logrotate CONFIG`
// rotates, and an anacrontab's jobs (`period delay id command`) run by
// `anacron -t FILE`. Settings and variable lines run nothing.
import type { CodeReading } from "./code.ts";
import { emptyReading } from "./file-lines.ts";

/** logrotate directives that open a script ended by `endscript`. */
const SCRIPT_DIRECTIVES = /^(?:prerotate|postrotate|firstaction|lastaction|preremove)$/;

export function readLogrotate(text: string): CodeReading {
  const reading = emptyReading();
  let script: { name: string; lines: string[] } | undefined;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (script) {
      if (line === "endscript") {
        if (script.lines.join("").trim() !== "") reading.lines.push({ line: script.lines.join("\n").trimEnd(), label: `logrotate ${script.name}` });
        script = undefined;
      } else script.lines.push(raw);
      continue;
    }
    if (SCRIPT_DIRECTIVES.test(line)) script = { name: line, lines: [] };
  }
  // A script never closed still runs what it holds as far as logrotate reads it: judged the same.
  if (script && script.lines.join("").trim() !== "") reading.lines.push({ line: script.lines.join("\n").trimEnd(), label: `logrotate ${script.name}` });
  return reading;
}

/** `period delay job-id command`, the period a number of days or `@daily`, `@weekly`, `@monthly`, `@yearly`. */
const ANACRON_JOB = /^(?:\d+|@\w+)\s+\d+\s+\S+\s+([\s\S]+)$/;

export function readAnacrontab(text: string): CodeReading {
  const reading = emptyReading();
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#") || /^[A-Za-z_][A-Za-z0-9_]*\s*=/.test(line)) continue;
    const job = ANACRON_JOB.exec(line);
    if (job) reading.lines.push({ line: job[1]!, label: "anacron job" });
    else reading.unresolved.push(`an anacrontab line the guard cannot read (${line.slice(0, 60)})`);
  }
  return reading;
}
