// What a command runs besides itself: the command behind a wrapper (sudo,
// env, xargs, find -exec, …), the script behind a shell (bash -c, eval,
// heredocs), the code behind an interpreter (python -c, awk '…').
import { argText } from "./command.ts";
import { excerpt } from "./excerpt.ts";
import { splitWrapperArgs, type OptionSpec } from "./options.ts";
import { AWKS, INLINE_CODE_OPTIONS, interpreterFamily, SHELL_VALUE_OPTIONS, SHELLS } from "./programs.ts";
import type { Arg } from "./types.ts";

export type Launch =
  | { kind: "command"; argv: Arg[]; via: string; unseenArgs?: boolean }
  | { kind: "script"; code: string; via: string }
  | { kind: "unresolved"; reason: string };

/**
 * What arrives on the command's stdin, as far as the input shows: nothing
 * special, literal text (heredoc, here-string), a download, the output of
 * another command, or a file (`< script.sh`, like naming the script).
 */
export type Stdin = { kind: "none" } | { kind: "text"; text: string } | { kind: "remote" } | { kind: "pipe" } | { kind: "file" };

export type LaunchResult = {
  launches: Launch[];
  code?: string;
  /** For wrappers: how many of the arguments are the wrapper's own (the rest belong to the wrapped command). */
  ownArgCount?: number;
};

const NOTHING: LaunchResult = { launches: [] };
const DYNAMIC: Arg = { kind: "dynamic", source: "{}" };

export function launchesOf(name: string, args: Arg[], stdin: Stdin, wrappers: Record<string, OptionSpec>): LaunchResult {
  if (SHELLS.has(name)) return shellLaunch(name, args, stdin);
  const family = interpreterFamily(name);
  if (family in INLINE_CODE_OPTIONS) return interpreterLaunch(name, family, args, stdin);
  if (AWKS.has(name)) return awkLaunch(name, args);
  switch (name) {
    case "eval":
      return evalLaunch(args);
    case "xargs":
      return xargsLaunch(args);
    case "find":
      return findLaunch(args);
    case "parallel":
      return parallelLaunch(args);
    case "watch":
      return watchLaunch(args);
    case "script":
    case "su":
      return commandOptionLaunch(name, args);
    case "env":
      return envLaunch(args, wrappers.env!);
    case "git":
      return gitAliasLaunch(args);
  }
  const spec = wrappers[name];
  if (spec) return prefixWrapperLaunch(name, args, spec);
  return NOTHING;
}

function prefixWrapperLaunch(name: string, args: Arg[], spec: OptionSpec): LaunchResult {
  const { commandStart } = splitWrapperArgs(args, spec);
  const argv = args.slice(commandStart);
  if (argv.length === 0) return NOTHING;
  return { launches: [{ kind: "command", argv, via: name }], ownArgCount: commandStart };
}

function shellLaunch(name: string, args: Arg[], stdin: Stdin): LaunchResult {
  let runsCode = false;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg.kind === "dynamic") {
      if (runsCode) return unresolved(`the code given to ${name} -c is only known at run time (${excerpt(arg.source)})`);
      return NOTHING;
    }
    const word = arg.value;
    if (word === "--" || word === "-") continue;
    if (SHELL_VALUE_OPTIONS.has(word)) {
      index++;
      continue;
    }
    if (/^[-+][A-Za-z]+$/.test(word)) {
      if (word.startsWith("-") && word.includes("c")) runsCode = true;
      continue;
    }
    if (word.startsWith("--")) continue;
    if (runsCode) return { launches: [{ kind: "script", code: word, via: `${name} -c` }] };
    return NOTHING; // a script file: its content is not in the input
  }
  if (runsCode) return NOTHING;
  return stdinScript(name, stdin);
}

function stdinScript(name: string, stdin: Stdin): LaunchResult {
  if (stdin.kind === "text") return { launches: [{ kind: "script", code: stdin.text, via: `${name} <<input` }] };
  return codeFromStream(name, stdin);
}

/** An interpreter reading its program from a pipe runs what only exists at run time (`… | base64 -d | sh`). */
function codeFromStream(name: string, stdin: Stdin): LaunchResult {
  if (stdin.kind === "pipe") return unresolved(`${name} runs commands it reads from a pipe, only known at run time`);
  if (stdin.kind === "remote") return unresolved(`${name} runs commands downloaded from the network`);
  return NOTHING;
}

function interpreterLaunch(name: string, family: string, args: Arg[], stdin: Stdin): LaunchResult {
  const codeOptions = INLINE_CODE_OPTIONS[family]!;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg.kind === "dynamic") continue;
    if (!isCodeOption(family, arg.value, codeOptions)) continue;
    const codeArg = args[index + 1];
    if (!codeArg) return NOTHING;
    if (codeArg.kind === "dynamic") return unresolved(`the code given to ${name} ${arg.value} is only known at run time (${excerpt(codeArg.source)})`);
    return codeResult(name, codeArg.value);
  }
  const hasScript = args.some((arg) => arg.kind === "dynamic" || !arg.value.startsWith("-"));
  if (hasScript) return NOTHING;
  if (stdin.kind === "text") return codeResult(name, stdin.text);
  return codeFromStream(name, stdin);
}

function isCodeOption(family: string, word: string, codeOptions: readonly string[]): boolean {
  if (codeOptions.includes(word)) return true;
  // perl -ne, -pe, -le …: a bundle that ends in e/E takes the code next.
  return family === "perl" && /^-[a-zA-Z]*[eE]$/.test(word);
}

function awkLaunch(name: string, args: Arg[]): LaunchResult {
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg.kind === "dynamic") return NOTHING;
    const word = arg.value;
    if (word === "-f" || word.startsWith("--file")) return NOTHING; // program in a file
    if (word === "-F" || word === "-v") {
      index++;
      continue;
    }
    if (word.startsWith("-") && word !== "-") continue;
    return codeResult(name, word);
  }
  return NOTHING;
}

/** Code run by an interpreter, plus the shell commands it visibly hands to system()/exec(). */
function codeResult(name: string, code: string): LaunchResult {
  const launches: Launch[] = embeddedShellCommands(code).map((script) => ({ kind: "script", code: script, via: `${name} code` }));
  return { launches, code };
}

const EMBEDDED_SHELL = /\b(?:system|popen|exec|execSync|spawnSync|check_output|check_call|call|run|Popen|getoutput|getstatusoutput|shell_exec|passthru|proc_open)\s*\(\s*(?:\[\s*)?(["'])((?:\\.|(?!\1)[^\\])*)\1/g;
const BACKTICKS = /`([^`]*)`/g;

function embeddedShellCommands(code: string): string[] {
  const scripts: string[] = [];
  for (const match of code.matchAll(EMBEDDED_SHELL)) scripts.push(match[2]!.replace(/\\(.)/g, "$1"));
  for (const match of code.matchAll(BACKTICKS)) scripts.push(match[1]!);
  return scripts;
}

function evalLaunch(args: Arg[]): LaunchResult {
  const dynamic = args.find((arg) => arg.kind === "dynamic");
  if (dynamic) return unresolved(`eval of a value only known at run time (${excerpt(argText(dynamic))})`);
  if (args.length === 0) return NOTHING;
  return { launches: [{ kind: "script", code: args.map(argText).join(" "), via: "eval" }] };
}

const XARGS: OptionSpec = {
  valueOptions: ["-a", "-d", "-E", "-I", "-L", "-n", "-P", "-s", "--arg-file", "--delimiter", "--eof", "--replace", "--max-lines", "--max-args", "--max-procs", "--max-chars", "--process-slot-var"],
};

function xargsLaunch(args: Arg[]): LaunchResult {
  const { commandStart } = splitWrapperArgs(args, XARGS);
  const argv = args.slice(commandStart);
  // With no command, xargs runs echo.
  if (argv.length === 0) return { launches: [{ kind: "command", argv: [{ kind: "static", value: "echo" }], via: "xargs", unseenArgs: true }] };
  return { launches: [{ kind: "command", argv, via: "xargs", unseenArgs: true }], ownArgCount: commandStart };
}

const FIND_EXEC = new Set(["-exec", "-execdir", "-ok", "-okdir"]);

function findLaunch(args: Arg[]): LaunchResult {
  const launches: Launch[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg.kind !== "static" || !FIND_EXEC.has(arg.value)) continue;
    const argv: Arg[] = [];
    let end = index + 1;
    for (; end < args.length; end++) {
      const word = args[end]!;
      if (word.kind === "static" && (word.value === ";" || word.value === "+")) break;
      argv.push(word.kind === "static" && word.value.includes("{}") ? DYNAMIC : word);
    }
    if (argv.length > 0) launches.push({ kind: "command", argv, via: `find ${arg.value}`, unseenArgs: true });
    index = end;
  }
  return { launches };
}

const PARALLEL: OptionSpec = { valueOptions: ["-j", "-S", "-a", "-d", "-I", "-n", "-N", "-L", "--jobs", "--sshlogin", "--arg-file", "--delimiter", "--results", "--joblog", "--timeout", "--tmpdir"] };

function parallelLaunch(args: Arg[]): LaunchResult {
  const stop = args.findIndex((arg) => arg.kind === "static" && (arg.value === ":::" || arg.value === "::::"));
  const commandPart = stop < 0 ? args : args.slice(0, stop);
  const { commandStart } = splitWrapperArgs(commandPart, PARALLEL);
  const argv = commandPart.slice(commandStart);
  if (argv.length === 0) return NOTHING;
  // parallel runs its command through a shell: `parallel 'rm -rf {}' ::: …`.
  if (argv.length === 1 && argv[0]!.kind === "static") {
    return { launches: [{ kind: "script", code: argv[0]!.value.replaceAll("{}", "$PARALLEL_ARG"), via: "parallel" }] };
  }
  return { launches: [{ kind: "command", argv, via: "parallel", unseenArgs: true }] };
}

const WATCH: OptionSpec = { valueOptions: ["-n", "-d", "-q", "--interval", "--differences", "--equexit"] };

function watchLaunch(args: Arg[]): LaunchResult {
  const { options, commandStart } = splitWrapperArgs(args, WATCH);
  const argv = args.slice(commandStart);
  if (argv.length === 0) return NOTHING;
  const exec = options.some((option) => option.kind === "static" && (option.value === "-x" || option.value === "--exec"));
  if (exec) return { launches: [{ kind: "command", argv, via: "watch" }] };
  const dynamic = argv.find((arg) => arg.kind === "dynamic");
  if (dynamic) return unresolved(`the command given to watch is only known at run time (${excerpt(argText(dynamic))})`);
  return { launches: [{ kind: "script", code: argv.map(argText).join(" "), via: "watch" }] };
}

/** `script -c CMD`, `su -c CMD`: a command string run by a shell. */
function commandOptionLaunch(name: string, args: Arg[]): LaunchResult {
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg.kind !== "static") continue;
    let code: Arg | undefined;
    // -c, also bundled with other short options (script -qc CMD).
    if (arg.value === "--command" || /^-[a-zA-Z]*c$/.test(arg.value)) code = args[index + 1];
    else if (arg.value.startsWith("--command=")) code = { kind: "static", value: arg.value.slice("--command=".length) };
    if (!code) continue;
    if (code.kind === "dynamic") return unresolved(`the command given to ${name} -c is only known at run time (${excerpt(code.source)})`);
    return { launches: [{ kind: "script", code: code.value, via: `${name} -c` }] };
  }
  return NOTHING;
}

function envLaunch(args: Arg[], spec: OptionSpec): LaunchResult {
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg.kind !== "static") continue;
    let split: Arg | undefined;
    if (arg.value === "-S" || arg.value === "--split-string") split = args[index + 1];
    else if (arg.value.startsWith("--split-string=")) split = { kind: "static", value: arg.value.slice("--split-string=".length) };
    else if (arg.value.startsWith("-S") && arg.value.length > 2) split = { kind: "static", value: arg.value.slice(2) };
    if (!split) continue;
    if (split.kind === "dynamic") return unresolved(`the command given to env -S is only known at run time (${excerpt(split.source)})`);
    return { launches: [{ kind: "script", code: split.value, via: "env -S" }] };
  }
  return prefixWrapperLaunch("env", args, spec);
}

/** `git -c alias.x='!cmd' x`: an alias starting with ! runs a shell command. */
function gitAliasLaunch(args: Arg[]): LaunchResult {
  const launches: Launch[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg.kind !== "static" || arg.value !== "-c") continue;
    const setting = args[index + 1];
    if (!setting) break;
    if (setting.kind === "dynamic") return unresolved(`git -c with a setting only known at run time (${excerpt(setting.source)})`);
    const alias = /^alias\.[^=]+=\s*!(.*)$/s.exec(setting.value);
    if (alias) launches.push({ kind: "script", code: alias[1]!, via: "git alias" });
  }
  return { launches };
}

function unresolved(reason: string): LaunchResult {
  return { launches: [{ kind: "unresolved", reason }] };
}
