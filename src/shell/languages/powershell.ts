// PowerShell code (`pwsh -Command`, `-EncodedCommand`, a script on stdin)
// read into the shell commands it amounts to. Cmdlets and their aliases that
// delete, copy, move, read, write, download or start a program become the
// shell command that does the same (`Remove-Item -Recurse -Force ~` is
// `rm -r -f -- ~`); a native program is the command line of its words; code
// in `{…}` and `(…)` is read too. Downloaded text given to `Invoke-Expression`
// (`irm URL | iex`, `iex (New-Object Net.WebClient).DownloadString(URL)`) is
// remote code, as `curl URL | sh` is; the environment sent with a web request
// is the environment uploaded. Parameters are matched as PowerShell does:
// case-insensitively, by any unambiguous prefix.
import { type CodeReading, UNKNOWN } from "./code.ts";
import { emptyReading, writeLine } from "./file-lines.ts";
import { psGroups, psPipeline, psStatements, psValue, psWords, type PsWord } from "./powershell-syntax.ts";
import { shellQuote } from "./quote.ts";
import { MAX_POWERSHELL_DEPTH } from "../../limits.ts";

type Effect = "delete" | "copy" | "move" | "read" | "write" | "fetch" | "start" | "eval";

/** A cmdlet: what it does, its switches, the parameters that take a value, and the parameters positions stand for. */
type Cmdlet = { effect: Effect; switches: readonly string[]; values: readonly string[]; positional: readonly string[] };

const PATHS = ["path", "literalpath"];
const COMMON = ["verbose", "debug", "whatif", "confirm"];
const COMMON_VALUES = ["erroraction", "warningaction", "informationaction", "errorvariable", "warningvariable", "outvariable", "outbuffer", "pipelinevariable", "credential"];

const cmdlet = (effect: Effect, switches: readonly string[], values: readonly string[], positional: readonly string[]): Cmdlet => ({
  effect,
  switches: [...switches, ...COMMON],
  values: [...values, ...COMMON_VALUES],
  positional,
});

const REMOVE = cmdlet("delete", ["recurse", "force"], [...PATHS, "include", "exclude", "filter", "stream"], ["path"]);
const COPY = cmdlet(
  "copy",
  ["recurse", "force", "container", "passthru"],
  [...PATHS, "destination", "include", "exclude", "filter", "tosession", "fromsession"],
  ["path", "destination"],
);
const MOVE = cmdlet("move", ["force", "passthru"], [...PATHS, "destination", "include", "exclude", "filter"], ["path", "destination"]);
const READ = cmdlet(
  "read",
  ["raw", "wait", "force", "asbytestream"],
  [...PATHS, "totalcount", "head", "first", "tail", "last", "encoding", "delimiter", "readcount", "include", "exclude", "filter", "stream"],
  ["path"],
);
const WRITE = cmdlet(
  "write",
  ["force", "passthru", "nonewline", "append", "noclobber", "asbytestream"],
  [...PATHS, "filepath", "value", "target", "encoding", "itemtype", "name", "width", "inputobject", "stream"],
  ["path", "value"],
);
const OUT_FILE = cmdlet("write", ["force", "append", "noclobber", "nonewline"], ["filepath", "literalpath", "encoding", "width", "inputobject"], ["filepath"]);
const FETCH = cmdlet(
  "fetch",
  [
    "usebasicparsing",
    "usedefaultcredentials",
    "skipcertificatecheck",
    "disablekeepalive",
    "passthru",
    "resume",
    "skipheadervalidation",
    "allowunencryptedauthentication",
    "nodefaultheaders",
  ],
  [
    "uri",
    "outfile",
    "method",
    "body",
    "headers",
    "infile",
    "contenttype",
    "useragent",
    "form",
    "websession",
    "sessionvariable",
    "timeoutsec",
    "maximumredirection",
    "proxy",
    "token",
    "authentication",
    "certificate",
    "customethod",
  ],
  ["uri"],
);
const START = cmdlet(
  "start",
  ["wait", "nonewwindow", "passthru", "noprofile", "loaduserprofile", "usenewenvironment"],
  ["filepath", "argumentlist", "verb", "workingdirectory", "windowstyle", "redirectstandardinput", "redirectstandardoutput", "redirectstandarderror", "environment"],
  ["filepath", "argumentlist"],
);
const EVAL = cmdlet("eval", [], ["command"], ["command"]);

/** Cmdlets and aliases by lower-case name. Aliases that are also Unix programs (rm, cp, cat, curl) are the program unless every option is a parameter of the cmdlet. */
const CMDLETS: Readonly<Record<string, Cmdlet>> = {
  "remove-item": REMOVE,
  ri: REMOVE,
  rm: REMOVE,
  del: REMOVE,
  erase: REMOVE,
  rd: REMOVE,
  rmdir: REMOVE,
  "copy-item": COPY,
  cpi: COPY,
  cp: COPY,
  copy: COPY,
  "move-item": MOVE,
  mi: MOVE,
  mv: MOVE,
  move: MOVE,
  "get-content": READ,
  gc: READ,
  cat: READ,
  type: READ,
  "set-content": WRITE,
  sc: WRITE,
  "add-content": WRITE,
  ac: WRITE,
  "new-item": WRITE,
  ni: WRITE,
  "out-file": OUT_FILE,
  "tee-object": OUT_FILE,
  tee: OUT_FILE,
  "invoke-webrequest": FETCH,
  iwr: FETCH,
  "invoke-restmethod": FETCH,
  irm: FETCH,
  curl: FETCH,
  wget: FETCH,
  "start-process": START,
  saps: START,
  start: START,
  "invoke-expression": EVAL,
  iex: EVAL,
};

/** Programs that are also Unix commands: read as the cmdlet only when every option is one of its parameters. */
const UNIX_TWINS = new Set(["rm", "rmdir", "cp", "mv", "cat", "curl", "wget", "tee", "type", "start"]);

/** Words that begin a statement that is not a command: their blocks and conditions are read as code. */
const KEYWORDS = new Set([
  "if",
  "elseif",
  "else",
  "foreach",
  "for",
  "while",
  "do",
  "until",
  "switch",
  "try",
  "catch",
  "finally",
  "function",
  "filter",
  "workflow",
  "param",
  "begin",
  "process",
  "end",
  "return",
  "throw",
  "trap",
  "exit",
  "break",
  "continue",
  "class",
  "enum",
  "using",
  "data",
]);

/** PowerShell's approved verbs: `Verb-Noun` is a cmdlet, not a program on PATH. */
const VERBS =
  /^(?:add|approve|assert|backup|block|build|checkpoint|clear|close|compare|complete|compress|confirm|connect|convert|convertfrom|convertto|copy|debug|deny|deploy|disable|disconnect|dismount|edit|enable|enter|exit|expand|export|find|format|get|grant|group|hide|import|initialize|install|invoke|join|limit|lock|measure|merge|mount|move|new|open|optimize|out|ping|pop|protect|publish|push|read|receive|redo|register|remove|rename|repair|request|reset|resize|resolve|restart|restore|resume|revoke|save|search|select|send|set|show|skip|sort|split|start|step|stop|submit|suspend|switch|sync|tee|test|trace|unblock|undo|uninstall|unlock|unprotect|unpublish|unregister|update|use|wait|watch|where|foreach|write)-[a-z][\w.]*$/i;

/** Verbs of cmdlets that remove, stop, switch off or change who may do what (`Remove-LocalUser`, `Enable-PSRemoting`). */
const CHANGING_VERBS =
  /^(?:block|clear|deny|disable|dismount|enable|grant|initialize|remove|reset|restart|revoke|stop|suspend|uninstall|unprotect|unpublish|unregister)-[a-z][\w.]*$/i;

/** Code that runs text as code, and ways to fetch text from the network. */
const EVALUATES = /\b(?:iex|invoke-expression)\b|\[scriptblock\]::create|\.invokescript\s*\(|\|\s*&?\s*(?:pwsh|powershell|bash|sh|zsh|dash|python3?|node|perl|ruby)\b/i;
const DOWNLOADS =
  /\b(?:iwr|irm|invoke-webrequest|invoke-restmethod|curl|wget|start-bitstransfer)\b|\.download(?:string|data|file)(?:async|taskasync)?\s*\(|\.get(?:string|bytearray|stream)async\s*\(|net\.webclient|system\.net\.http/i;
const ENVIRONMENT = /\b(?:gci|ls|dir|get-childitem|get-item|gi)\s+(?:-path\s+)?env:(?![\w])|\[(?:system\.)?environment\]::getenvironmentvariables\s*\(\s*\)/i;
const SENDS = /\b(?:iwr|irm|invoke-webrequest|invoke-restmethod|curl|wget)\b|\.upload(?:string|data|values)\s*\(|\.postasync\s*\(|\.sendasync\s*\(/i;
const URL = /https?:\/\/[^\s'"`()<>|;,]+/gi;

type Context = { reading: CodeReading; depth: number };

export function readPowershell(text: string): CodeReading {
  const context: Context = { reading: emptyReading(), depth: 0 };
  readScript(text, context);
  addCombinedEffects(text, context.reading);
  return context.reading;
}

function readScript(text: string, context: Context) {
  if (context.depth >= MAX_POWERSHELL_DEPTH) {
    context.reading.unresolved.push("PowerShell code nests too deeply to follow");
    return;
  }
  context.depth++;
  for (const statement of psStatements(text)) {
    const elements = psPipeline(statement);
    for (const [index, element] of elements.entries()) readElement(element, index > 0 ? elements[index - 1] : undefined, context);
  }
  context.depth--;
}

/** One element of a pipeline; `upstream` is the element that feeds it. */
function readElement(element: string, upstream: string | undefined, context: Context) {
  for (const group of psGroups(element)) readScript(group, context);
  let words = psWords(element);
  const assignment = words.findIndex((word) => /^[+-]?=$/.test(word));
  if (words[0]?.startsWith("$") && assignment > 0) words = words.slice(assignment + 1);
  // `& "C:\tools\x.exe" …`, `. ./x.ps1`: the call operators run what follows, quoted or not.
  const called = words[0] === "&" || words[0] === ".";
  if (called) words = words.slice(1);
  const [first, ...args] = words;
  if (first === undefined) return;
  const { redirects, rest } = splitRedirects(args);
  for (const target of redirects) context.reading.lines.push({ line: writeLine(fileText(target)), label: "redirect" });
  if (!called && /^[[\d@'"$(]/.test(first)) return; // an expression, not a command
  const name = psValue(first);
  if (!name.known) {
    if (called) context.reading.unresolved.push(`the program PowerShell's call operator runs is only known at run time (${first.slice(0, 60)})`);
    return;
  }
  const lower = name.text.toLowerCase();
  if (KEYWORDS.has(lower)) return;
  const known = CMDLETS[lower];
  if (known && (!UNIX_TWINS.has(lower) || cmdletStyle(known, rest))) return readCmdlet(lower, known, rest, upstream, context);
  // Another cmdlet whose verb changes or removes is a command of its own name, in lower case as PowerShell matches
  // names (`stop-computer -force`): the system pack names those that stop the machine or remove accounts, disks
  // and protections. Cmdlets that look, format or loop (Get-, Test-, Select-, ForEach-Object) run nothing.
  if (CHANGING_VERBS.test(lower)) return addLine(context, [shellQuote(lower), ...rest.map(shellWord)].join(" "), name.text);
  if (VERBS.test(lower)) return;
  // The program's path is a path (`.\tools\run.ps1` runs ./tools/run.ps1); its arguments stay as written.
  addLine(context, [fileText(first), ...rest.map(shellWord)].join(" "), name.text);
}

/** `> file`, `2>> file`, `*>file`: the file is written. */
function splitRedirects(words: readonly PsWord[]): { redirects: PsWord[]; rest: PsWord[] } {
  const redirects: PsWord[] = [];
  const rest: PsWord[] = [];
  for (let index = 0; index < words.length; index++) {
    const redirect = /^(?:[1-6*])?>>?(.*)$/.exec(words[index]!);
    if (!redirect || /^[1-6*]?>>?&\d$/.test(words[index]!)) {
      if (!redirect) rest.push(words[index]!);
      continue;
    }
    const target = redirect[1] !== "" ? redirect[1] : words[++index];
    if (target !== undefined && !/^\$null$/i.test(target)) redirects.push(target);
  }
  return { redirects, rest };
}

type Parsed = { named: Map<string, PsWord[]>; positional: PsWord[]; unknownOption: boolean };

function parseArguments(spec: Cmdlet, words: readonly PsWord[]): Parsed {
  const parsed: Parsed = { named: new Map(), positional: [], unknownOption: false };
  for (let index = 0; index < words.length; index++) {
    const word = words[index]!;
    const option = /^-([A-Za-z][\w]*)(?::(.*))?$/.exec(word);
    if (!option) {
      parsed.positional.push(word);
      continue;
    }
    const name = resolveParameter(spec, option[1]!.toLowerCase());
    if (name === undefined) {
      parsed.unknownOption = true;
      continue;
    }
    const value = spec.values.includes(name) ? (option[2] ?? words[++index]) : option[2];
    parsed.named.set(name, value === undefined ? [] : splitList(value));
  }
  spec.positional.forEach((name, position) => {
    const word = parsed.positional[position];
    if (word !== undefined && !parsed.named.has(name))
      parsed.named.set(name, position === spec.positional.length - 1 ? parsed.positional.slice(position).flatMap(splitList) : splitList(word));
  });
  return parsed;
}

/** An exact name, else the one parameter the prefix names (the first of several, as PowerShell would refuse and the guard reads carefully). */
function resolveParameter(spec: Cmdlet, prefix: string): string | undefined {
  const names = [...spec.values, ...spec.switches];
  if (names.includes(prefix)) return prefix;
  return names.find((name) => name.startsWith(prefix));
}

/** `rm -Recurse -Force ~` is Remove-Item; `rm -rf ~` (letters, as Unix writes them) is the program. */
function cmdletStyle(spec: Cmdlet, words: readonly PsWord[]): boolean {
  const options = words.filter((word) => /^-[A-Za-z]/.test(word));
  if (options.some((word) => !/^-[A-Za-z]{2,}(?::|$)/.test(word))) return false;
  return !parseArguments(spec, words).unknownOption;
}

/** `a,b,"c"` → its items. */
function splitList(word: PsWord): PsWord[] {
  if (word.startsWith("@(") && word.endsWith(")")) return splitList(word.slice(2, -1));
  const items: PsWord[] = [];
  let start = 0;
  let quote: string | undefined;
  for (let index = 0; index < word.length; index++) {
    const char = word[index]!;
    if (quote) {
      if (char === quote) quote = undefined;
    } else if (char === "'" || char === '"') quote = char;
    else if (char === ",") {
      items.push(word.slice(start, index));
      start = index + 1;
    }
  }
  items.push(word.slice(start));
  return items.map((item) => item.trim()).filter((item) => item !== "");
}

function readCmdlet(name: string, spec: Cmdlet, words: readonly PsWord[], upstream: string | undefined, context: Context) {
  const parsed = parseArguments(spec, words);
  const named = parsed.named;
  if (named.has("whatif")) return;
  const paths = [...(named.get("path") ?? []), ...(named.get("literalpath") ?? []), ...(named.get("filepath") ?? [])];
  const files = paths.length > 0 ? paths.map(fileText) : upstreamItems(upstream);
  const add = (line: string) => addLine(context, line, name);
  switch (spec.effect) {
    case "delete":
      return add(`rm ${named.has("recurse") ? "-r " : ""}-f -- ${files.join(" ")}`);
    case "copy":
    case "move": {
      const destination = named.get("destination")?.[0];
      if (destination === undefined || files.length === 0) return;
      return add(`${spec.effect === "copy" ? `cp${named.has("recurse") ? " -r" : ""}` : "mv"} -- ${files.join(" ")} ${fileText(destination)}`);
    }
    case "read":
      return files.length > 0 && paths.length > 0 ? add(`cat -- ${files.join(" ")}`) : undefined;
    case "write": {
      // `New-Item -ItemType SymbolicLink -Path L -Target T` (or -Value T): a link at L to T, as `ln -s` makes.
      const type = psValue(named.get("itemtype")?.[0] ?? "");
      const target = named.get("target")?.[0] ?? named.get("value")?.[0];
      const link = type.known && /^(?:symboliclink|junction)$/i.test(type.text) && target !== undefined;
      for (const file of paths.length > 0 ? files : []) add(link ? `ln -s -- ${fileText(target)} ${file}` : `: > ${file}`);
      return;
    }
    case "fetch":
      return readFetch(named, add);
    case "start":
      return readStart(named, add);
    case "eval":
      return readEval(named.get("command") ?? [], upstream, context);
  }
}

/** `Get-ChildItem ~ -Recurse | Remove-Item -Recurse -Force`: the items the upstream element lists are what is deleted. */
function upstreamItems(upstream: string | undefined): string[] {
  if (upstream === undefined) return [UNKNOWN];
  const [first, ...args] = psWords(upstream);
  if (!/^(?:get-childitem|gci|ls|dir|get-item|gi)$/i.test(first ?? "")) return [UNKNOWN];
  const directory = args.find((word) => !word.startsWith("-"));
  if (directory === undefined) return [UNKNOWN];
  const value = psValue(directory);
  // `'dir with space'/*` is one shell word; `~/*` keeps the home directory expandable.
  return value.known ? [`${shellQuote(normalisePath(value.text))}/*`] : [UNKNOWN];
}

function readFetch(named: Map<string, PsWord[]>, add: (line: string) => void) {
  const uri = named.get("uri")?.[0];
  if (uri === undefined) return;
  const url = shellWord(uri);
  const outFile = named.get("outfile")?.[0];
  const inFile = named.get("infile")?.[0];
  const upload = inFile === undefined ? "" : `-T ${fileText(inFile)} `;
  add(outFile === undefined ? `curl ${upload}-- ${url}` : `curl ${upload}-o ${fileText(outFile)} -- ${url}`);
}

/** `Start-Process rm -ArgumentList '-rf','~'`: the program and its arguments, joined into one command line as Windows does. */
function readStart(named: Map<string, PsWord[]>, add: (line: string) => void) {
  const program = named.get("filepath")?.[0];
  if (program === undefined) return;
  const argumentList = (named.get("argumentlist") ?? []).map((word) => {
    const value = psValue(word);
    return value.known ? value.text : UNKNOWN;
  });
  add([shellWord(program), ...argumentList].join(" "));
}

/** `iex 'Remove-Item …'` reads the text as PowerShell; a string only known at run time cannot be judged. */
function readEval(words: readonly PsWord[], upstream: string | undefined, context: Context) {
  const [code] = words;
  if (code === undefined && upstream === undefined) return;
  const value = code === undefined ? undefined : psValue(code, false);
  if (value?.known) return readScript(value.text, context);
  const source = code ?? upstream ?? "";
  // Downloaded code given to iex is judged below as remote code; anything else is not known here.
  if (!DOWNLOADS.test(source)) context.reading.unresolved.push(`the code given to Invoke-Expression is only known at run time (${source.slice(0, 60)})`);
}

/** Effects that mean something together: downloaded text run as code, the environment sent to a server. */
function addCombinedEffects(text: string, reading: CodeReading) {
  const urls = [...text.matchAll(URL)].map((match) => shellQuote(match[0]));
  const targets = urls.length > 0 ? urls : [UNKNOWN];
  if (EVALUATES.test(text) && DOWNLOADS.test(text))
    for (const url of targets) reading.lines.push({ line: `curl -- ${url} | pwsh`, label: "downloaded code run by Invoke-Expression" });
  if (ENVIRONMENT.test(text) && SENDS.test(text))
    for (const url of targets) reading.lines.push({ line: `env | curl --data-binary @- -- ${url}`, label: "environment sent to the network" });
}

function addLine(context: Context, line: string, label: string) {
  context.reading.lines.push({ line, label });
}

/** A word as one shell word: its literal value quoted, or an unknown value. */
function shellWord(word: PsWord): string {
  const value = psValue(word);
  return value.known ? shellQuote(value.text) : UNKNOWN;
}

/** A path operand as a shell word: `\` read as `/` (PowerShell takes both), the home directory kept expandable. */
function fileText(word: PsWord): string {
  const value = psValue(word);
  if (!value.known) return UNKNOWN;
  return shellQuote(normalisePath(value.text));
}

function normalisePath(path: string): string {
  return /^[A-Za-z]:\\|^\\\\/.test(path) ? path : path.replaceAll("\\", "/");
}

/**
 * Aliases PowerShell alone has (no Unix program of the name): a statement starting with one is PowerShell. Not
 * among them: `iex` (Elixir's shell too), `ri` (Ruby's documentation reader), `sl`, `ni` (a package-manager
 * front end), `mi`: each names a program a Unix developer runs.
 */
const POWERSHELL_ONLY_ALIASES = new Set(["iwr", "irm", "gci", "rd", "erase", "saps", "cpi", "sajb", "icm", "ipmo"]);

/** `iex (…)`, `iex $code`: Invoke-Expression given a PowerShell expression, never how Elixir's `iex` is started. */
const INVOKE_EXPRESSION = /^iex\s+[($]/i;

/**
 * PowerShell's aliases of Remove-Item, Move-Item and Copy-Item that are also Unix or cmd programs: PowerShell when a
 * parameter is written as PowerShell writes them (`rmdir -Recurse -Force …`), which these programs have no option for.
 */
const SHARED_FILE_ALIASES = new Set(["rm", "rmdir", "del", "mv", "cp", "move", "copy"]);

/**
 * Cheap first looks, before any statement is split: something of each shape the reading below accepts — `$env:`, a
 * variable assigned at a statement's start, a `Verb-Noun` or `-Parameter` written in PowerShell's case, one of the
 * aliases. Most lines (`git diff --stat`, `echo $HOME`) have none, and the reading's cost is never paid for them.
 */
const POWERSHELL_SHAPE_HINT = /\$[Ee][Nn][Vv]:|(?:^|[;\n|&({])\s*\$[A-Za-z_]\w*\s*[+\-*/]?=(?!=)|[A-Z][a-z]+-[A-Z]|\s-[A-Z][a-z]+\b/;
const POWERSHELL_ALIAS_HINT = new RegExp(`\\b(?:iex|${[...POWERSHELL_ONLY_ALIASES].join("|")})\\b`, "i");

/**
 * Whether a line sent to a bash tool is PowerShell (an agent on Windows whose shell is pwsh): a statement that
 * assigns a variable (`$env:NAME = …`, `$x = …`), starts with a `Verb-Noun` cmdlet or a PowerShell-only alias, or
 * hands Invoke-Expression an expression (`iex (…)`). Such a line is judged as PowerShell as well as bash, so what either shell would do is seen.
 */
export function looksLikePowershell(text: string): boolean {
  // PowerShell has no `<<`: a line with a here-document is bash, and the document's lines are text, not statements.
  if (text.includes("<<") || !(POWERSHELL_SHAPE_HINT.test(text) || POWERSHELL_ALIAS_HINT.test(text))) return false;
  return psStatements(text).some((statement) =>
    psPipeline(statement).some((element, position) => {
      const first = psWords(element)[0] ?? "";
      if (position === 0 && /^\$(?:env:)?[A-Za-z_][\w]*$/i.test(first) && /^\s*\S+\s*[+\-*/]?=(?!=)/.test(element)) return true;
      if (/^\$env:[A-Za-z_]\w*[+-]?=/i.test(first)) return true;
      if (INVOKE_EXPRESSION.test(element.trim())) return true;
      if (SHARED_FILE_ALIASES.has(first.toLowerCase()) && psWords(element).some((word) => /^-[A-Z][a-z]+$/.test(word))) return true;
      // Written as PowerShell writes cmdlets (`Get-ChildItem`), unlike Linux programs named verb-noun (`update-grub`).
      return (/^[A-Z][a-z]+-[A-Z]/.test(first) && VERBS.test(first)) || POWERSHELL_ONLY_ALIASES.has(first.toLowerCase());
    }),
  );
}

/** A PowerShell-looking line of a bash tool as the command that runs it as PowerShell (`pwsh -Command '…'`). */
export function asPowershellCommand(text: string): string {
  return `pwsh -Command '${text.replace(/'/g, "'\\''")}'`;
}
