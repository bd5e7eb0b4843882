// Every language a program's arguments or input can carry, and how each is
// read into the shell commands it amounts to. A language without a reader
// (sql, make, …) is still recorded on the command as code rules can match.
import { type CodeReading, hasCallTable, readCode } from "./code.ts";
import { readGitParameters, readGitSetting } from "./git-config.ts";
import { readMongo } from "./mongo.ts";
import { readRedis } from "./redis.ts";
import { readSed } from "./sed.ts";
import { readSql } from "./sql.ts";
import { readSshOption } from "./ssh-option.ts";

export type { CodeReading, Equivalent } from "./code.ts";

type Reader = (text: string, interpreter: string) => CodeReading;

const READERS: Record<string, Reader> = {
  "git-config": (text) => readGitSetting(text),
  "git-config-parameters": (text) => readGitParameters(text),
  "ssh-option": (text) => readSshOption(text),
  sed: (text) => readSed(text),
  sql: readSql,
  redis: (text) => readRedis(text),
  mongo: readMongo,
};

/**
 * Database languages are judged by their known structure even when a value
 * in them is only known at run time (`psql -c "DELETE FROM t WHERE id = $ID"`):
 * the reader reports a statement whose own verb is unknown as unresolved.
 */
const READS_TEMPLATES = new Set(["sql", "redis", "mongo"]);

export function readsTemplates(language: string): boolean {
  return READS_TEMPLATES.has(language);
}

/** The shell commands `text` in `language` amounts to, and what in it cannot be judged. */
export function readLanguage(language: string, text: string, interpreter: string): CodeReading {
  const reader = READERS[language];
  if (reader) return reader(text, interpreter);
  if (hasCallTable(language)) return readCode(language, text, interpreter);
  return { lines: [], unresolved: [] };
}

/** Languages whose code is shell itself (a shebang of bash, sh, …). */
export function isShellLanguage(language: string): boolean {
  return language === "shell";
}

/** The language a script's shebang names (`#!/usr/bin/env python3` → python), or shell. */
export function languageOfScript(content: string): string {
  const shebang = /^#!\s*(\S+)(?:\s+(\S+))?/.exec(content);
  if (!shebang) return "shell";
  const program = (shebang[1]!.endsWith("/env") ? shebang[2] ?? "" : shebang[1]!).replace(/^.*\//, "").replace(/[0-9.]+$/, "");
  if (["python", "node", "perl", "ruby", "php", "lua"].includes(program)) return program;
  return "shell";
}
