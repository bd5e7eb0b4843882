// Every language a program's arguments or input can carry, and how each is
// read into the shell commands it amounts to. A language without a reader
// (sql, …) is still recorded on the command as code rules can match.
import { countingBudget, type WorkBudget } from "../budget.ts";
import { type CodeReading, hasCallTable, readCode } from "./code.ts";
import { readClojure } from "./clojure-calls.ts";
import { readGitParameters, readGitSetting } from "./git-config.ts";
import { readPowershell } from "./powershell.ts";
import { readSql } from "./sql.ts";
import { readSshOption } from "./ssh-option.ts";
import { nuAsShell } from "./nu-lines.ts";
import { xonshAsShell } from "./xonsh-lines.ts";
import type * as Archive from "./archive.ts";
import type * as Awk from "./awk.ts";
import type * as Calculators from "./calculators.ts";
import type * as Console from "./console.ts";
import type * as Crontab from "./crontab.ts";
import type * as Debugger from "./debugger.ts";
import type * as Ed from "./ed.ts";
import type * as FileTransfer from "./file-transfer.ts";
import type * as Fzf from "./fzf.ts";
import type * as Ipython from "./ipython.ts";
import type * as JobTables from "./job-tables.ts";
import type * as Jshell from "./jshell.ts";
import type * as Macros from "./macros.ts";
import type * as Make from "./make.ts";
import type * as Mongo from "./mongo.ts";
import type * as Notebooks from "./notebooks.ts";
import type * as Pager from "./pager.ts";
import type * as Playbook from "./playbook.ts";
import type * as Puppet from "./puppet.ts";
import type * as Redis from "./redis.ts";
import type * as RuleFiles from "./rule-files.ts";
import type * as Cypher from "./cypher.ts";
import type * as Sed from "./sed.ts";
import type * as Socat from "./socat.ts";
import type * as Tcl from "./tcl.ts";
import type * as Tex from "./tex.ts";
import type * as ToolSettings from "./tool-settings.ts";
import type * as Vim from "./vim.ts";

export type { CodeReading } from "./code.ts";

/** `budget` is the analysis's: a reader of files as large as a project file (a manifest, a playbook) charges its work to it. */
type Reader = (text: string, interpreter: string, budget: WorkBudget) => CodeReading;

// Readers of the rarer languages are loaded by require() when a command first carries their text: evaluating
// their modules was part of every start, though most sessions never meet a vim script or a crontab (issue 27).
// The languages other modules import anyway (code, git-config, powershell, sql, ssh-option) are imported here too.
const archiveModule = (): typeof Archive => require("./archive.ts");
const awkModule = (): typeof Awk => require("./awk.ts");
const calculatorsModule = (): typeof Calculators => require("./calculators.ts");
const consoleModule = (): typeof Console => require("./console.ts");
const crontabModule = (): typeof Crontab => require("./crontab.ts");
const debuggerModule = (): typeof Debugger => require("./debugger.ts");
const edModule = (): typeof Ed => require("./ed.ts");
const fileTransferModule = (): typeof FileTransfer => require("./file-transfer.ts");
const fzfModule = (): typeof Fzf => require("./fzf.ts");
const ipythonModule = (): typeof Ipython => require("./ipython.ts");
const jobTablesModule = (): typeof JobTables => require("./job-tables.ts");
const jshellModule = (): typeof Jshell => require("./jshell.ts");
const macrosModule = (): typeof Macros => require("./macros.ts");
const makeModule = (): typeof Make => require("./make.ts");
const mongoModule = (): typeof Mongo => require("./mongo.ts");
const notebooksModule = (): typeof Notebooks => require("./notebooks.ts");
const pagerModule = (): typeof Pager => require("./pager.ts");
const playbookModule = (): typeof Playbook => require("./playbook.ts");
const puppetModule = (): typeof Puppet => require("./puppet.ts");
const redisModule = (): typeof Redis => require("./redis.ts");
const ruleFilesModule = (): typeof RuleFiles => require("./rule-files.ts");
const cypherModule = (): typeof Cypher => require("./cypher.ts");
const sedModule = (): typeof Sed => require("./sed.ts");
const socatModule = (): typeof Socat => require("./socat.ts");
const tclModule = (): typeof Tcl => require("./tcl.ts");
const texModule = (): typeof Tex => require("./tex.ts");
const toolSettingsModule = (): typeof ToolSettings => require("./tool-settings.ts");
const vimModule = (): typeof Vim => require("./vim.ts");

/**
 * A script of another shell, as the shell lines its reader makes of it: what the reader could not read is code
 * nobody can see (a closure, a subexpression), not an error.
 */
function otherShell(read: (text: string) => { text: string }): Reader {
  return (text) => ({ lines: [{ line: read(text).text, label: "script" }], unresolved: [] });
}

const READERS: Record<string, Reader> = {
  nu: otherShell(nuAsShell),
  xonsh: otherShell(xonshAsShell),
  "git-config": (text) => readGitSetting(text),
  "git-config-parameters": (text) => readGitParameters(text),
  "ssh-option": (text) => readSshOption(text),
  sed: (text) => sedModule().readSed(text),
  // Carriers: the small languages of programs that run commands for their options.
  vim: (text) => vimModule().readVim(text),
  ed: (text) => edModule().readEd(text),
  less: (text) => pagerModule().readLessCommand(text),
  lessopen: (text) => pagerModule().readLessOpen(text),
  "less-options": (text) => pagerModule().readLessOptions(text),
  gdb: (text) => debuggerModule().readGdb(text),
  lldb: (text) => debuggerModule().readLldb(text),
  make: (text) => makeModule().readMake(text),
  "tar-checkpoint": (text) => archiveModule().readCheckpointAction(text),
  "tar-transform": (text) => archiveModule().readNameTransform(text),
  "socat-address": (text) => socatModule().readSocatAddress(text),
  awk: (text, interpreter) => awkModule().readAwk(text, interpreter),
  powershell: (text) => readPowershell(text),
  tcl: (text) => tclModule().readTcl(text),
  expect: (text) => tclModule().readExpect(text),
  ftp: (text) => fileTransferModule().readTransferCommands(text),
  crontab: (text) => crontabModule().readCrontab(text),
  tex: (text) => texModule().readTex(text),
  m4: (text) => macrosModule().readM4(text),
  "rpm-macro": (text) => macrosModule().readRpmMacro(text),
  "fzf-bind": (text) => fzfModule().readFzfBindings(text),
  "fzf-command": (text) => fzfModule().readFzfCommand(text),
  "apt-option": (text) => toolSettingsModule().readAptOption(text),
  "fail2ban-action": (text) => toolSettingsModule().readFail2banAction(text),
  "hg-config": (text) => toolSettingsModule().readHgSetting(text),
  "sshfs-option": (text) => toolSettingsModule().readSshfsOptions(text),
  "dbus-address": (text) => toolSettingsModule().readDbusAddress(text),
  dc: (text) => calculatorsModule().readDc(text),
  gnuplot: (text, interpreter) => calculatorsModule().readGnuplot(text, interpreter),
  ipython: (text) => ipythonModule().readIpython(text),
  jshell: (text) => jshellModule().readJshell(text),
  "cargo-config": (text) => toolSettingsModule().readCargoConfig(text),
  "rustc-codegen": (text) => toolSettingsModule().readRustcCodegen(text),
  "comma-argv": (text) => toolSettingsModule().readCommaArgv(text),
  "output-file": (text) => toolSettingsModule().readOutputFile(text),
  console: (text) => consoleModule().readConsole(text),
  "wireguard-config": (text) => toolSettingsModule().readWireguardConfig(text),
  "core-pattern": (text) => toolSettingsModule().readCorePattern(text),
  apache: (text) => toolSettingsModule().readApacheDirectives(text),
  nginx: (text) => toolSettingsModule().readNginxDirectives(text),
  rsyslog: (text, _, budget) => toolSettingsModule().readRsyslogConfig(text, budget),
  fastfetch: (text, _, budget) => toolSettingsModule().readFastfetchConfig(text, budget),
  puppet: (text, _, budget) => puppetModule().readPuppet(text, budget),
  "ansible-playbook": (text, _, budget) => playbookModule().readPlaybook(text, budget),
  clojure: (text) => readClojure(text),
  // Network tools' batch files: each line one of the tool's own command lines.
  "iptables-rules": (text) => ruleFilesModule().readIptablesRules(text, "iptables"),
  "ip6tables-rules": (text) => ruleFilesModule().readIptablesRules(text, "ip6tables"),
  nft: (text) => ruleFilesModule().readNftScript(text),
  "ip-batch": (text) => ruleFilesModule().readIpBatch(text),
  // Databases: statements classified, so a rule can say "DROP, or DELETE without WHERE".
  sql: readSql,
  redis: (text) => redisModule().readRedis(text),
  mongo: (text, interpreter) => mongoModule().readMongo(text, interpreter),
  cypher: (text) => cypherModule().readCypher(text),
  // Files a tool runs the commands or code cells of: logrotate's scripts, an anacrontab's jobs, notebooks.
  logrotate: (text) => jobTablesModule().readLogrotate(text),
  anacrontab: (text) => jobTablesModule().readAnacrontab(text),
  notebook: (text) => notebooksModule().readNotebook(text),
};

/**
 * Database languages are judged by their known structure even when a value
 * in them is only known at run time (`psql -c "DELETE FROM t WHERE id = $ID"`):
 * the reader reports a statement whose own verb is unknown as unresolved.
 */
const READS_TEMPLATES = new Set(["sql", "redis", "mongo", "cypher"]);

export function readsTemplates(language: string): boolean {
  return READS_TEMPLATES.has(language);
}

/**
 * Statement languages a database client loads (a dump): a downloaded file of them fills a database rather than
 * running code on this machine, so it is judged as a file nobody has read, not as remote code. SQL is not one of
 * them: psql (`\!`), mysql (`system`) and sqlite3 (`.shell`) run shell commands a script gives them. Nor is Mongo's
 * shell language, JavaScript, which can start processes.
 */
const DATABASE_STATEMENTS = new Set(["redis", "cypher"]);

export function loadsDatabaseStatements(language: string): boolean {
  return DATABASE_STATEMENTS.has(language);
}

/** Whether the guard can read `language` into what it does (a reader or a call table). */
export function hasReader(language: string): boolean {
  return language in READERS || hasCallTable(language);
}

/** The shell commands `text` in `language` amounts to, and what in it cannot be judged; the reading is charged to `budget`. */
export function readLanguage(language: string, text: string, interpreter: string, budget: WorkBudget = countingBudget()): CodeReading {
  const reader = READERS[language];
  if (reader) return reader(text, interpreter, budget);
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
  if (program === "nu" || program === "xonsh") return program;
  return "shell";
}
