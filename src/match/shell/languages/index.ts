// Every language a program's arguments or input can carry, and how each is
// read into the shell commands it amounts to. A language without a reader
// (sql, make, …) is still recorded on the command as code rules can match.
import { type CodeReading, hasCallTable, readCode } from "./code.ts";
import { readGitParameters, readGitSetting } from "./git-config.ts";
import { readSed } from "./sed.ts";
import { readSshOption } from "./ssh-option.ts";

export type { CodeReading } from "./code.ts";

type Reader = (text: string, interpreter: string) => CodeReading;

const READERS: Record<string, Reader> = {
  "git-config": (text) => readGitSetting(text),
  "git-config-parameters": (text) => readGitParameters(text),
  "ssh-option": (text) => readSshOption(text),
  sed: (text) => readSed(text),
};

/** The shell commands `text` in `language` amounts to, and what in it cannot be judged. */
export function readLanguage(language: string, text: string, interpreter: string): CodeReading {
  const reader = READERS[language];
  if (reader) return reader(text, interpreter);
  if (hasCallTable(language)) return readCode(language, text, interpreter);
  return { lines: [], unresolved: [] };
}

/** The language a script's shebang names (`#!/usr/bin/env python3` → python), or shell. */
export function languageOfScript(content: string): string {
  const shebang = /^#!\s*(\S+)(?:\s+(\S+))?/.exec(content);
  if (!shebang) return "shell";
  const program = (shebang[1]!.endsWith("/env") ? shebang[2] ?? "" : shebang[1]!).replace(/^.*\//, "").replace(/[0-9.]+$/, "");
  if (["python", "node", "perl", "ruby", "php", "lua"].includes(program)) return program;
  return "shell";
}
