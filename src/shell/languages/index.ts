// Every language a program's arguments or input can carry, and how each is
// read into the shell commands it amounts to. A language without a reader
// (sql, …) is still recorded on the command as code rules can match.
import { readCheckpointAction, readNameTransform } from "./archive.ts";
import { readAwk } from "./awk.ts";
import { readDc, readGnuplot } from "./calculators.ts";
import { type CodeReading, hasCallTable, readCode } from "./code.ts";
import { readConsole } from "./console.ts";
import { readCrontab } from "./crontab.ts";
import { readGdb, readLldb } from "./debugger.ts";
import { readEd } from "./ed.ts";
import { readTransferCommands } from "./file-transfer.ts";
import { readFzfBindings, readFzfCommand } from "./fzf.ts";
import { readGitParameters, readGitSetting } from "./git-config.ts";
import { readM4, readRpmMacro } from "./macros.ts";
import { readMake } from "./make.ts";
import { readLessCommand, readLessOpen } from "./pager.ts";
import { readPowershell } from "./powershell.ts";
import { readPlaybook } from "./playbook.ts";
import { readPuppet } from "./puppet.ts";
import { readSed } from "./sed.ts";
import { readSocatAddress } from "./socat.ts";
import { readMongo } from "./mongo.ts";
import { readRedis } from "./redis.ts";
import { readSql } from "./sql.ts";
import { readSshOption } from "./ssh-option.ts";
import { readExpect, readTcl } from "./tcl.ts";
import { readTex } from "./tex.ts";
import { readIpython } from "./ipython.ts";
import {
  readAptOption,
  readCargoConfig,
  readCommaArgv,
  readDbusAddress,
  readHgSetting,
  readOutputFile,
  readRustcCodegen,
  readSshfsOptions,
  readCorePattern,
  readWireguardConfig,
  readApacheDirectives,
  readNginxDirectives,
  readRsyslogConfig,
  readFastfetchConfig,
} from "./tool-settings.ts";
import { readVim } from "./vim.ts";

export type { CodeReading } from "./code.ts";

type Reader = (text: string, interpreter: string) => CodeReading;

const READERS: Record<string, Reader> = {
  "git-config": (text) => readGitSetting(text),
  "git-config-parameters": (text) => readGitParameters(text),
  "ssh-option": (text) => readSshOption(text),
  sed: (text) => readSed(text),
  // Carriers: the small languages of programs that run commands for their options.
  vim: (text) => readVim(text),
  ed: (text) => readEd(text),
  less: (text) => readLessCommand(text),
  lessopen: (text) => readLessOpen(text),
  gdb: (text) => readGdb(text),
  lldb: (text) => readLldb(text),
  make: (text) => readMake(text),
  "tar-checkpoint": (text) => readCheckpointAction(text),
  "tar-transform": (text) => readNameTransform(text),
  "socat-address": (text) => readSocatAddress(text),
  awk: (text, interpreter) => readAwk(text, interpreter),
  powershell: (text) => readPowershell(text),
  tcl: (text) => readTcl(text),
  expect: (text) => readExpect(text),
  ftp: (text) => readTransferCommands(text),
  crontab: (text) => readCrontab(text),
  tex: (text) => readTex(text),
  m4: (text) => readM4(text),
  "rpm-macro": (text) => readRpmMacro(text),
  "fzf-bind": (text) => readFzfBindings(text),
  "fzf-command": (text) => readFzfCommand(text),
  "apt-option": (text) => readAptOption(text),
  "hg-config": (text) => readHgSetting(text),
  "sshfs-option": (text) => readSshfsOptions(text),
  "dbus-address": (text) => readDbusAddress(text),
  dc: (text) => readDc(text),
  gnuplot: (text, interpreter) => readGnuplot(text, interpreter),
  ipython: (text) => readIpython(text),
  "cargo-config": (text) => readCargoConfig(text),
  "rustc-codegen": (text) => readRustcCodegen(text),
  "comma-argv": (text) => readCommaArgv(text),
  "output-file": (text) => readOutputFile(text),
  console: (text) => readConsole(text),
  "wireguard-config": (text) => readWireguardConfig(text),
  "core-pattern": (text) => readCorePattern(text),
  apache: (text) => readApacheDirectives(text),
  nginx: (text) => readNginxDirectives(text),
  rsyslog: (text) => readRsyslogConfig(text),
  fastfetch: (text) => readFastfetchConfig(text),
  puppet: (text) => readPuppet(text),
  "ansible-playbook": (text) => readPlaybook(text),
  // Databases: statements classified, so a rule can say "DROP, or DELETE without WHERE".
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

/** Whether the guard can read `language` into what it does (a reader or a call table). */
export function hasReader(language: string): boolean {
  return language in READERS || hasCallTable(language);
}

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
  const program = (shebang[1]!.endsWith("/env") ? (shebang[2] ?? "") : shebang[1]!).replace(/^.*\//, "").replace(/[0-9.]+$/, "");
  if (["python", "node", "perl", "ruby", "php", "lua"].includes(program)) return program;
  if (program === "pwsh" || program === "powershell") return "powershell";
  return "shell";
}
