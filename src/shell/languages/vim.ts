// vim and ex commands (`vim -c CMD`, `vim +CMD`, `--cmd CMD`, an ex script
// on stdin): the commands that run a shell (`:!`, `:r !`, `:w !`,
// `:terminal`, `:shell`, `:make`, `:grep`, `system()` and job functions),
// read or write a file (`:e`, `:r`, `:so`, `:w`, `:sav`, `:redir >`,
// `writefile()`), or hand code to another language (`:python`, `:lua`,
// `:perl`, `:ruby`), each as the shell line that does the same. Commands that
// build other commands at run time (`:execute` of an expression) are
// unresolved.
import { type CodeReading, readCode, UNKNOWN } from "./code.ts";
import { addReading, emptyReading, fileWord, readLine, writeLine } from "./file-lines.ts";
import { shellQuote } from "./quote.ts";
import { MAX_VIM_DEPTH } from "../../limits.ts";

type Settings = { shell: string; makeprg: string; grepprg: string };

/** `file`: the name of the file being edited, when known (`%` in a shell command). */
type Context = { reading: CodeReading; settings: Settings; depth: number; file?: string };

export function readVim(script: string): CodeReading {
  return readScript(script).reading;
}

const DEFAULT_SETTINGS: Settings = { shell: "sh", makeprg: "make", grepprg: "grep -n" };

/**
 * The `:set` line that gives a later text what this one left (`vim -c 'set shell=/tmp/x' -c shell`: each `-c` is
 * read on its own, but vim runs them in one session); "" when it left the defaults.
 */
export function vimSettings(script: string): string {
  const { settings } = readScript(script);
  const changed = (Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]).filter((option) => settings[option] !== DEFAULT_SETTINGS[option]);
  if (changed.length === 0) return "";
  return `set ${changed.map((option) => `${option}=${settings[option].replace(/[\s\\|"]/g, "\\$&")}`).join(" ")}\n`;
}

function readScript(script: string): Context {
  const context: Context = { reading: emptyReading(), settings: { ...DEFAULT_SETTINGS }, depth: 0 };
  const lines = joinContinuations(script.split(/\r?\n/));
  for (let index = 0; index < lines.length; index++) {
    const heredoc = /^\s*:?\s*(py(?:thon)?3?|pyx|pythonx|lua|perl|ruby|tcl)\s*<<\s*(?:trim\s+)?(\S*)\s*$/.exec(lines[index]!);
    if (heredoc) {
      const end = heredoc[2] || ".";
      const body: string[] = [];
      for (index++; index < lines.length && lines[index]!.trim() !== end; index++) body.push(lines[index]!);
      addCode(context, heredoc[1]!, body.join("\n"));
      continue;
    }
    readCommandLine(lines[index]!, context);
  }
  return context;
}

/** A line starting with `\` continues the one before it. */
function joinContinuations(lines: string[]): string[] {
  const joined: string[] = [];
  for (const line of lines) {
    const continued = /^\s*\\/.exec(line);
    if (continued && joined.length > 0) joined[joined.length - 1] += line.slice(continued[0].length);
    else joined.push(line);
  }
  return joined;
}

/** One line of ex commands separated by `|`. */
function readCommandLine(line: string, context: Context) {
  let rest: string | undefined = line;
  while (rest !== undefined) rest = readCommand(rest, context);
}

const RANGE = /^(?:[\s:]|[.$%,;]|\d+|[+-]\d*|'[a-zA-Z<>[\]'"^.`]|\/(?:[^/\\\n]|\\.)*\/|\?(?:[^?\\\n]|\\.)*\?|\\[/?&])*/;

/** Reads the first command of `text`; returns the text after its `|`, or undefined when it took the rest of the line. */
function readCommand(text: string, context: Context): string | undefined {
  const afterRange = text.slice(RANGE.exec(text)![0].length);
  if (afterRange === "" || afterRange.startsWith('"')) return undefined;
  if (afterRange.startsWith("!")) {
    shell(context, afterRange.slice(1), ":!");
    return undefined;
  }
  const parsed = /^([A-Za-z][A-Za-z0-9]*|[&~<>=@*#])(!?)\s*([\s\S]*)$/.exec(afterRange);
  if (!parsed) return undefined;
  const [, word, bang, args] = parsed as unknown as [string, string, string, string];
  const command = commandNamed(word);
  const handler = command ? HANDLERS[command] : undefined;
  if (handler) return handler(args, context, bang === "!", word);
  const [own, after] = splitAtBar(args);
  scanExpressions(own, context);
  return after;
}

// ---------------------------------------------------------------------------
// Command names: vim accepts any abbreviation down to a minimum length.

/** Full names with the shortest abbreviation vim accepts. */
const NAMES: ReadonlyArray<readonly [string, number]> = [
  ["file", 1],
  ["read", 1],
  ["write", 1],
  ["wq", 2],
  ["wall", 2],
  ["wqall", 3],
  ["xall", 2],
  ["xit", 1],
  ["exit", 3],
  ["update", 2],
  ["saveas", 3],
  ["wnext", 2],
  ["wNext", 2],
  ["wprevious", 2],
  ["edit", 1],
  ["split", 2],
  ["vsplit", 2],
  ["new", 3],
  ["vnew", 3],
  ["tabedit", 4],
  ["tabnew", 6],
  ["view", 3],
  ["sview", 2],
  ["find", 3],
  ["sfind", 2],
  ["badd", 3],
  ["argadd", 4],
  ["args", 2],
  ["next", 1],
  ["visual", 2],
  ["source", 2],
  ["runtime", 2],
  ["redir", 4],
  ["python", 2],
  ["python3", 3],
  ["py3", 3],
  ["pythonx", 3],
  ["pyx", 3],
  ["pyfile", 3],
  ["py3file", 4],
  ["pyxfile", 4],
  ["pydo", 3],
  ["py3do", 4],
  ["pyxdo", 4],
  ["lua", 3],
  ["luafile", 4],
  ["luado", 4],
  ["perl", 2],
  ["perldo", 5],
  ["ruby", 3],
  ["rubyfile", 5],
  ["rubydo", 5],
  ["tcl", 3],
  ["tclfile", 4],
  ["tcldo", 4],
  ["terminal", 3],
  ["shell", 2],
  ["make", 3],
  ["lmake", 4],
  ["grep", 2],
  ["lgrep", 3],
  ["grepadd", 5],
  ["lgrepadd", 6],
  ["set", 2],
  ["setlocal", 4],
  ["setglobal", 4],
  ["let", 3],
  ["execute", 3],
  ["normal", 4],
  ["global", 1],
  ["vglobal", 1],
  ["silent", 3],
  ["noautocmd", 3],
  ["keepjumps", 5],
  ["keepalt", 5],
  ["keepmarks", 3],
  ["keeppatterns", 5],
  ["lockmarks", 3],
  ["vertical", 4],
  ["tab", 3],
  ["topleft", 2],
  ["botright", 2],
  ["aboveleft", 3],
  ["belowright", 3],
  ["leftabove", 5],
  ["rightbelow", 6],
  ["unsilent", 3],
  ["sandbox", 3],
  ["confirm", 4],
  ["browse", 3],
  ["verbose", 4],
  ["filter", 4],
  ["windo", 5],
  ["bufdo", 5],
  ["argdo", 5],
  ["tabdo", 5],
  ["cdo", 3],
  ["ldo", 3],
  ["cfdo", 4],
  ["lfdo", 4],
  ["folddoopen", 5],
  ["folddoclosed", 7],
  ["autocmd", 2],
  ["command", 3],
  ["mksession", 3],
  ["mkvimrc", 3],
  ["mkview", 5],
  ["mkexrc", 2],
  ["wviminfo", 2],
  ["wshada", 3],
  ["helptags", 5],
  ["profile", 4],
  ["diffpatch", 5],
  ["map", 3],
  ["noremap", 2],
  ["nmap", 2],
  ["nnoremap", 2],
  ["vmap", 2],
  ["vnoremap", 2],
  ["xmap", 2],
  ["xnoremap", 2],
  ["smap", 4],
  ["snoremap", 4],
  ["omap", 2],
  ["onoremap", 3],
  ["imap", 2],
  ["inoremap", 3],
  ["cmap", 2],
  ["cnoremap", 3],
  ["tmap", 3],
  ["tnoremap", 3],
];

function commandNamed(word: string): string | undefined {
  let found: string | undefined;
  for (const [name, shortest] of NAMES) {
    if (word === name) return name;
    if (word.length >= shortest && name.startsWith(word) && found === undefined) found = name;
  }
  return found;
}

type Handler = (args: string, context: Context, bang: boolean, word: string) => string | undefined;

const fileReading: Handler = (args, context, _bang, word) => {
  const [own, after] = splitAtBar(args);
  for (const part of editArguments(own)) {
    if (part.kind === "command") nested(context, part.text, "+cmd");
    else context.reading.lines.push({ line: readLine(part.text), label: `:${word}` });
  }
  return after;
};

const fileWriting: Handler = (args, context, _bang, word) => {
  if (/^!/.test(args) && (word.startsWith("w") || word === "up" || word.startsWith("upd"))) {
    shell(context, args.slice(1), ":w !");
    return undefined;
  }
  const [own, after] = splitAtBar(args);
  const name = own.replace(/^>>\s*/, "");
  for (const part of editArguments(name)) {
    if (part.kind === "command") nested(context, part.text, "+cmd");
    else context.reading.lines.push({ line: writeLine(part.text), label: `:${word}` });
  }
  return after;
};

const sessionWriting: Handler = (args, context, _bang, word) => {
  const [own, after] = splitAtBar(args);
  if (own.trim() !== "") context.reading.lines.push({ line: writeLine(unescapeName(own)), label: `:${word}` });
  return after;
};

const codeIn =
  (language: string): Handler =>
  (args, context) => {
    addCode(context, language, args);
    return undefined;
  };

const codeFile: Handler = (args, context) => {
  const [own, after] = splitAtBar(args);
  context.reading.lines.push({ line: readLine(unescapeName(own)), label: ":source" });
  return after;
};

const HANDLERS: Readonly<Record<string, Handler>> = {
  read(args, context, bang) {
    if (bang || args.startsWith("!")) {
      shell(context, args.replace(/^!/, ""), ":r !");
      return undefined;
    }
    return fileReading(args, context, bang, "read");
  },
  ...Object.fromEntries(["write", "wq", "wall", "wqall", "xall", "xit", "exit", "update", "saveas", "wnext", "wNext", "wprevious"].map((name) => [name, fileWriting])),
  ...Object.fromEntries(
    ["edit", "split", "vsplit", "new", "vnew", "tabedit", "tabnew", "view", "sview", "find", "sfind", "badd", "argadd", "args", "next", "visual"].map((name) => [
      name,
      fileReading,
    ]),
  ),
  ...Object.fromEntries(["source", "runtime", "pyfile", "py3file", "pyxfile", "luafile", "rubyfile", "tclfile"].map((name) => [name, codeFile])),
  ...Object.fromEntries(["mksession", "mkvimrc", "mkview", "mkexrc", "wviminfo", "wshada"].map((name) => [name, sessionWriting])),
  ...Object.fromEntries(["python", "python3", "py3", "pythonx", "pyx", "pydo", "py3do", "pyxdo"].map((name) => [name, codeIn("python")])),
  ...Object.fromEntries(["lua", "luado"].map((name) => [name, codeIn("lua")])),
  ...Object.fromEntries(["perl", "perldo"].map((name) => [name, codeIn("perl")])),
  ...Object.fromEntries(["ruby", "rubydo"].map((name) => [name, codeIn("ruby")])),
  ...Object.fromEntries(["tcl", "tcldo"].map((name) => [name, codeIn("tcl")])),
  // `:file NAME` names the file being edited: what `%` stands for after it.
  file(args, context) {
    const [own, after] = splitAtBar(args);
    const name = unescapeName(own);
    if (name !== "" && !/[%#*?[\]`$]/.test(name)) context.file = name;
    return after;
  },
  redir(args, context) {
    const [own, after] = splitAtBar(args);
    const target = /^>>?\s*(.+)$/.exec(own.trim());
    if (target) context.reading.lines.push({ line: writeLine(unescapeName(target[1]!)), label: ":redir" });
    return after;
  },
  terminal(args, context) {
    const command = args.replace(/^(?:\+\+\S+\s*)*/, "");
    shell(context, command.trim() === "" ? context.settings.shell : command, ":terminal");
    return undefined;
  },
  shell(args, context) {
    shell(context, context.settings.shell, ":shell");
    return splitAtBar(args)[1];
  },
  ...Object.fromEntries(["make", "lmake"].map((name) => [name, (args: string, context: Context) => void shell(context, `${context.settings.makeprg} ${args}`, ":make")])),
  ...Object.fromEntries(
    ["grep", "lgrep", "grepadd", "lgrepadd"].map((name) => [name, (args: string, context: Context) => void shell(context, `${context.settings.grepprg} ${args}`, ":grep")]),
  ),
  ...Object.fromEntries(["set", "setlocal", "setglobal"].map((name) => [name, setOptions])),
  let(args, context) {
    const [own, after] = splitAtBar(args);
    const option = /^&(?:[lg]:)?(\w+)\s*=\s*(['"])((?:[^\\]|\\.)*?)\2\s*$/.exec(own);
    if (option) setting(context, option[1]!, option[3]!);
    else scanExpressions(own, context);
    return after;
  },
  execute(args, context) {
    const [own, after] = splitAtBar(args);
    const text = literalConcatenation(own);
    if (text === undefined) {
      scanExpressions(own, context);
      context.reading.unresolved.push(`vim :execute builds a command at run time (${own.trim().slice(0, 60)})`);
    } else nested(context, text, ":execute");
    return after;
  },
  normal(args, context) {
    if (/[:!]/.test(args)) context.reading.unresolved.push(`vim :normal keys may run commands (${args.trim().slice(0, 60)})`);
    return undefined;
  },
  global: readGlobal,
  vglobal: readGlobal,
  ...Object.fromEntries(
    [
      "silent",
      "noautocmd",
      "keepjumps",
      "keepalt",
      "keepmarks",
      "keeppatterns",
      "lockmarks",
      "vertical",
      "tab",
      "topleft",
      "botright",
      "aboveleft",
      "belowright",
      "leftabove",
      "rightbelow",
      "unsilent",
      "sandbox",
      "confirm",
      "browse",
      "verbose",
      "windo",
      "bufdo",
      "argdo",
      "tabdo",
      "cdo",
      "ldo",
      "cfdo",
      "lfdo",
      "folddoopen",
      "folddoclosed",
    ].map((name) => [
      name,
      (args: string, context: Context) => {
        nested(context, args, `:${name}`);
        return undefined;
      },
    ]),
  ),
  filter(args, context) {
    const command = args.replace(/^(?:\/(?:[^/\\]|\\.)*\/|\S+)\s*/, "");
    nested(context, command, ":filter");
    return undefined;
  },
  autocmd(args, context) {
    const words = args.split(/\s+/);
    const event = words.findIndex((word) => /^[A-Z][A-Za-z]+(?:,[A-Z][A-Za-z]+)*$|^\*$/.test(word));
    if (event >= 0 && words.length > event + 2)
      nested(
        context,
        words
          .slice(event + 2)
          .join(" ")
          .replace(/^(?:\+\+\w+\s*|nested\s*)*/, ""),
        ":autocmd",
      );
    return undefined;
  },
  command(args, context) {
    const definition = args.replace(/^(?:-\S+\s+)*\S+\s*/, "");
    if (definition !== "") nested(context, definition, ":command");
    return undefined;
  },
  diffpatch(args, context) {
    const [own, after] = splitAtBar(args);
    context.reading.lines.push({ line: `patch -i ${fileWord(unescapeName(own))}`, label: ":diffpatch" });
    return after;
  },
  ...Object.fromEntries(
    [
      "map",
      "noremap",
      "nmap",
      "nnoremap",
      "vmap",
      "vnoremap",
      "xmap",
      "xnoremap",
      "smap",
      "snoremap",
      "omap",
      "onoremap",
      "imap",
      "inoremap",
      "cmap",
      "cnoremap",
      "tmap",
      "tnoremap",
    ].map((name) => [name, readMapping]),
  ),
};

/** `:set shell=/bin/sh makeprg=…`: the programs later commands run. */
function setOptions(args: string, context: Context): string | undefined {
  const [own, after] = splitAtBar(args);
  for (const match of own.matchAll(/(\w+)[:+^-]?=((?:\\.|[^\s\\])*)/g)) setting(context, match[1]!, match[2]!.replace(/\\(.)/g, "$1"));
  return after;
}

/** Options whose value is a program vim runs: kept for `:shell`, `:make`, `:grep`; the others are judged at once. */
function setting(context: Context, option: string, value: string) {
  const settings = context.settings;
  if (option === "shell" || option === "sh") settings.shell = value;
  else if (option === "makeprg" || option === "mp") settings.makeprg = value;
  else if (option === "grepprg" || option === "gp") settings.grepprg = value;
  else if (
    ["keywordprg", "kp", "equalprg", "ep", "formatprg", "fp", "diffexpr", "dex", "patchexpr", "pex", "shellpipe", "sp"].includes(option) &&
    value.startsWith("!") === false &&
    value !== ""
  ) {
    if (/expr$|^dex$|^pex$/.test(option)) scanExpressions(value, context);
    else if (option !== "shellpipe" && option !== "sp") shell(context, value, `:set ${option}`);
  }
}

/** `:g/pattern/cmd`, `:v!/pattern/cmd`: the command runs on every matching line. */
function readGlobal(args: string, context: Context): undefined {
  const delimiter = args[0];
  if (!delimiter || /[\w\s"|]/.test(delimiter)) return undefined;
  let index = 1;
  while (index < args.length && args[index] !== delimiter) index += args[index] === "\\" ? 2 : 1;
  const command = args.slice(index + 1);
  if (command.trim() !== "") nested(context, command, ":global");
  return undefined;
}

/** `:nnoremap x :!cmd<CR>`: what the keys type on the command line when the mapping is used. */
function readMapping(args: string, context: Context): undefined {
  const words = args.replace(/^(?:\s*<(?:buffer|nowait|silent|special|script|expr|unique)>)*\s*/i, "");
  const rhs = words.replace(/^\S+\s*/, "");
  for (const match of rhs.matchAll(/(?::|<cmd>)((?:(?!<cr>|<enter>|<return>|\r).)*)/gi)) nested(context, match[1]!.replace(/<bar>/gi, "|"), ":map");
  return undefined;
}

// ---------------------------------------------------------------------------
// Pieces

function shell(context: Context, command: string, label: string) {
  const text = command.trim();
  if (text === "" || text === "!") return;
  // `%` and `#` stand for the current and alternate file names, which vim quotes for the shell. The current
  // file is known when it was named (`vim -c ':!python3 %' app.py`); with a modifier (`%:h`) it is something else.
  const file = context.file;
  const line = text.replace(/(?<!\\)[%#](?::[a-z])*/g, (found) => (found === "%" && file !== undefined ? shellQuote(file) : UNKNOWN));
  context.reading.lines.push({ line, label });
}

function addCode(context: Context, language: string, code: string) {
  const label = `:${language}`;
  if (code.trim() === "") return;
  context.reading.code ??= [];
  context.reading.code.push({ language, text: code, label });
}

function nested(context: Context, text: string, label: string) {
  if (context.depth >= MAX_VIM_DEPTH) {
    context.reading.unresolved.push(`vim ${label} nests commands too deeply to follow`);
    return;
  }
  context.depth++;
  readCommandLine(text, context);
  context.depth--;
}

/** Calls in expressions (`:call`, `:echo`, `:let`, `\=` in `:s`): system(), job_start(), writefile(), execute(). */
function scanExpressions(text: string, context: Context) {
  if (!/\w\s*\(/.test(text)) return;
  addReading(context.reading, readCode("vim", text, "vim"));
  for (const match of text.matchAll(/\bwritefile\s*\([^,]*,\s*(?:'([^']*)'|"((?:[^"\\]|\\.)*)"|([^,)]+))/g)) {
    context.reading.lines.push({ line: writeLine(match[1] ?? match[2] ?? ""), label: "writefile()" });
  }
  for (const match of text.matchAll(/\b(?:win_)?execute\s*\((?:[^,()]*,)?\s*(?:'([^']*)'|"((?:[^"\\]|\\.)*)")/g))
    nested(context, match[1] ?? unescapeString(match[2]!), "execute()");
}

/** `"!rm " . "x"`, `'w ~/.x'`: string literals joined by `.`/`..`; undefined when any part is not a literal. */
function literalConcatenation(expression: string): string | undefined {
  const parts: string[] = [];
  const pattern = /\s*(?:'((?:[^']|'')*)'|"((?:[^"\\]|\\.)*)")\s*(?:\.\.?|$)/y;
  let index = 0;
  while (index < expression.length) {
    pattern.lastIndex = index;
    const match = pattern.exec(expression);
    if (!match) return expression.slice(index).trim() === "" ? parts.join(" ") : undefined;
    parts.push(match[1] !== undefined ? match[1].replaceAll("''", "'") : unescapeString(match[2]!));
    index = pattern.lastIndex;
  }
  return parts.join("");
}

function unescapeString(body: string): string {
  return body.replace(/\\<CR>|\\<Enter>/gi, "\n").replace(/\\(.)/g, (_whole, char: string) => ({ n: "\n", r: "\n", t: "\t" })[char] ?? char);
}

/** The text before the first `|` that separates commands (not escaped, not inside a string), and the text after it. */
function splitAtBar(text: string): [string, string | undefined] {
  let quote: string | undefined;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (char === "\\") index++;
    else if (quote) {
      if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === "|") return [text.slice(0, index), text.slice(index + 1)];
  }
  return [text, undefined];
}

type EditArgument = { kind: "file" | "command"; text: string };

/** `:e ++enc=utf8 +cmd file\ name`: options, a `+cmd` run after opening, and file names (`\ ` a space). */
function editArguments(args: string): EditArgument[] {
  const parts: EditArgument[] = [];
  for (const match of args.matchAll(/(?:\\.|\S)+/g)) {
    const word = match[0];
    if (word.startsWith("++")) continue;
    if (word.startsWith("+")) parts.push({ kind: "command", text: unescapeName(word.slice(1)) });
    else parts.push({ kind: "file", text: unescapeName(word) });
  }
  return parts;
}

function unescapeName(name: string): string {
  return name.trim().replace(/\\(.)/g, "$1");
}
