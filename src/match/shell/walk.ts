// Walks a tree-sitter-bash tree and collects every simple command the input
// would run: across lists and pipelines, into subshells, groups, loops,
// conditionals, functions, substitutions, and through wrappers, nested
// shells and interpreters. Variables assigned earlier and `cd` to a known
// place are followed; what cannot be known statically is reported.
import type { Node, Parser } from "web-tree-sitter";
import { normalizePath } from "../path.ts";
import { argText, buildCommand, type Cwd } from "./command.ts";
import { excerpt } from "./excerpt.ts";
import { launchesOf, type Launch, type Stdin } from "./launch.ts";
import type { OptionSpec } from "./options.ts";
import { DOWNLOADERS, isInterpreter } from "./programs.ts";
import type { Arg, Redirect, SimpleCommand, Via } from "./types.ts";
import { evaluateSingleWord, evaluateWord, type Variables, type WordScope } from "./words.ts";

export type WalkLimits = {
  /** Nesting of substitutions, subshells, groups and re-entered shells. */
  maxDepth: number;
  /** Simple commands one input may produce. */
  maxCommands: number;
  /** Values a `for` loop is unrolled over before its variable counts as unknown. */
  maxLoopValues: number;
  /** Syntax nodes one parsed script may have. */
  maxSyntaxNodes: number;
  /** Time all parsing of one input may take. */
  parseBudgetMs: number;
};

export type WalkContext = {
  parser: Parser;
  home: string;
  limits: WalkLimits;
  wrappers: Record<string, OptionSpec>;
  commands: SimpleCommand[];
  unresolved: string[];
  /** performance.now() after which parsing gives up. */
  deadline: number;
};

/** What a statement sees: shared along a sequence, copied into subshells. */
type State = {
  vars: Variables;
  cwd: Cwd;
  via: Via;
  depth: number;
  stdin: Stdin;
};

class LimitReached extends Error {}

export function walkScript(code: string, ctx: WalkContext, state: State) {
  if (state.depth > ctx.limits.maxDepth) return tooDeep(ctx);
  const tree = parseWithinBudget(code, ctx);
  if (!tree) {
    ctx.unresolved.push(`the command took longer than ${ctx.limits.parseBudgetMs} ms to parse`);
    return;
  }
  try {
    const nodes = tree.rootNode.descendantCount;
    if (nodes > ctx.limits.maxSyntaxNodes) {
      ctx.unresolved.push(`the command is too complex to analyse (${nodes} syntax nodes, over the limit of ${ctx.limits.maxSyntaxNodes})`);
      return;
    }
    const syntaxError = firstSyntaxError(tree.rootNode);
    if (syntaxError) ctx.unresolved.push(`${viaPrefix(state.via)}bash syntax error ${syntaxError}`);
    walkStatements(tree.rootNode, ctx, state);
  } finally {
    tree.delete();
  }
}

/** Parse, giving up when the shared time budget runs out (tree-sitter is slow on some pathological inputs). */
function parseWithinBudget(code: string, ctx: WalkContext) {
  // Short inputs parse in microseconds; only long ones pay for the progress checks.
  if (code.length < 4096) return ctx.parser.parse(code);
  const tree = ctx.parser.parse(code, null, {
    progressCallback: (() => performance.now() > ctx.deadline) as () => void,
  });
  if (!tree) ctx.parser.reset();
  return tree;
}

export function initialState(home: string): State {
  return {
    vars: new Map<string, string | null>([
      ["HOME", home],
      ["IFS", " \t\n"],
    ]),
    cwd: { kind: "project" },
    via: [],
    depth: 0,
    stdin: { kind: "none" },
  };
}

export function isLimitReached(error: unknown): boolean {
  return error instanceof LimitReached;
}

function walkStatements(node: Node, ctx: WalkContext, state: State) {
  for (const child of node.namedChildren) if (child) walkStatement(child, ctx, state);
}

function walkStatement(node: Node, ctx: WalkContext, state: State) {
  switch (node.type) {
    case "comment":
    case "heredoc_body":
      return;
    case "command":
      return walkCommand(node, ctx, state, [], undefined);
    case "redirected_statement":
      return walkRedirected(node, ctx, state);
    case "list":
      return walkList(node, ctx, state);
    case "pipeline":
      return walkPipeline(node, ctx, state);
    case "subshell":
      return nested(ctx, state, "(…)", (inner) => walkStatements(node, ctx, inner));
    case "variable_assignment":
      return assign(node, ctx, state);
    case "variable_assignments":
    case "declaration_command":
      return walkDeclaration(node, ctx, state);
    case "unset_command":
      return walkUnset(node, ctx, state);
    case "for_statement":
      return walkFor(node, ctx, state);
    case "function_definition":
      return walkFunction(node, ctx, state);
    case "file_redirect":
    case "heredoc_redirect":
    case "herestring_redirect":
      // A redirect with no command around it: `$(< .env)` reads, `> file` writes.
      return walkBareRedirect(node, ctx, state);
    default:
      if (isWordNode(node)) return void evaluateWord(node, wordScope(ctx, state));
      return walkCompound(node, ctx, state);
  }
}

/** if/while/case/{…}/[[…]]/c-style for and anything else: every part may run. */
function walkCompound(node: Node, ctx: WalkContext, state: State) {
  if (state.depth >= ctx.limits.maxDepth) return tooDeep(ctx);
  const inner = { ...state, depth: state.depth + 1 };
  for (const child of node.namedChildren) {
    if (!child) continue;
    walkStatement(child, ctx, inner);
  }
  // Sequential constructs share their variables and directory with what follows.
  state.cwd = inner.cwd;
}

function walkList(node: Node, ctx: WalkContext, state: State) {
  // Lists nest to the left (a && b && c = ((a && b) && c)); flatten without recursion.
  const parts: Node[] = [];
  let current: Node | null = node;
  while (current && current.type === "list") {
    const named: Node[] = current.namedChildren.filter((child): child is Node => child !== null);
    for (let i = named.length - 1; i >= 1; i--) parts.push(named[i]!);
    current = named[0] ?? null;
  }
  if (current) parts.push(current);
  parts.reverse();
  for (const part of parts) walkStatement(part, ctx, state);
}

function walkPipeline(node: Node, ctx: WalkContext, state: State) {
  let stdin: Stdin = state.stdin;
  for (const stage of node.namedChildren) {
    if (!stage) continue;
    const before = ctx.commands.length;
    // Each stage runs in a subshell of its own.
    const stageState: State = { ...state, vars: new Map(state.vars), stdin };
    walkStatement(stage, ctx, stageState);
    const produced = ctx.commands.slice(before);
    stdin = produced.some((command) => DOWNLOADERS.has(command.name) && command.via.length === state.via.length) ? { kind: "remote" } : { kind: "pipe" };
  }
}

function walkBareRedirect(node: Node, ctx: WalkContext, state: State) {
  const read = readRedirect(node, wordScope(ctx, state));
  if (read.redirect) emit(ctx, buildCommand({ argv: [], redirects: [read.redirect], via: state.via, cwd: state.cwd, home: ctx.home }));
}

function walkRedirected(node: Node, ctx: WalkContext, state: State) {
  const scope = wordScope(ctx, state);
  const redirects: Redirect[] = [];
  let stdin: Stdin | undefined;
  for (const redirect of node.childrenForFieldName("redirect")) {
    if (!redirect) continue;
    const read = readRedirect(redirect, scope);
    if (read.redirect) redirects.push(read.redirect);
    if (read.stdin) stdin = read.stdin;
  }
  const body = node.childForFieldName("body");
  if (body?.type === "command") return walkCommand(body, ctx, state, redirects, stdin);
  if (body) walkStatement(body, ctx, stdin ? { ...state, stdin } : state);
  // Redirects of a group or of nothing at all (`> ~/.bashrc`) still write.
  if (redirects.length > 0) emit(ctx, buildCommand({ argv: [], redirects, via: state.via, cwd: state.cwd, home: ctx.home }));
}

function readRedirect(node: Node, scope: WordScope): { redirect?: Redirect; stdin?: Stdin } {
  if (node.type === "heredoc_redirect") return { stdin: heredocInput(node, scope) };
  if (node.type === "herestring_redirect") {
    const word = node.namedChildren.find((child) => child && isWordNode(child));
    if (!word) return {};
    const value = evaluateSingleWord(word, scope);
    return { stdin: value === undefined ? { kind: "pipe" } : { kind: "text", text: value } };
  }
  const destination = node.childForFieldName("destination");
  if (!destination) return {};
  const operator = node.children.find((child) => child && !child.isNamed)?.type ?? ">";
  // `2>&1`, `>&-`: a file descriptor, not a file.
  if (destination.type === "number" || (operator.includes("&") && /^[0-9-]+$/.test(destination.text))) return {};
  const [target] = evaluateWord(destination, scope);
  if (!target) return {};
  const direction = operator.includes(">") ? "write" : "read";
  if (direction === "read") return { redirect: { direction, target }, stdin: { kind: "file" } };
  return { redirect: { direction, target } };
}

function heredocInput(node: Node, scope: WordScope): Stdin {
  const body = node.namedChildren.find((child) => child?.type === "heredoc_body");
  if (!body) return { kind: "pipe" };
  // Expansions in an unquoted heredoc run when it is read.
  for (const child of body.namedChildren) if (child) evaluateWord(child, scope);
  return { kind: "text", text: body.text };
}

function walkCommand(node: Node, ctx: WalkContext, state: State, redirects: Redirect[], stdin: Stdin | undefined) {
  const scope = wordScope(ctx, state);
  const before = ctx.commands.length;
  let commandStdin = stdin ?? state.stdin;
  const argv: Arg[] = [];
  for (const child of node.namedChildren) {
    if (!child) continue;
    if (child.type === "variable_assignment") {
      // `X=1 cmd`: X is set for cmd only; its value may still run substitutions.
      const value = child.childForFieldName("value");
      if (value) evaluateWord(value, scope);
      continue;
    }
    if (child.type === "herestring_redirect" || child.type === "file_redirect" || child.type === "heredoc_redirect") {
      const read = readRedirect(child, scope);
      if (read.redirect) redirects.push(read.redirect);
      if (read.stdin) commandStdin = read.stdin;
      continue;
    }
    argv.push(...evaluateWord(child, scope));
  }
  const fetchedInArgs = ctx.commands.slice(before).some((command) => DOWNLOADERS.has(command.name));
  runArgv(argv, redirects, ctx, state, commandStdin, { fetchedInArgs });
}

type RunExtras = { fetchedInArgs: boolean; unseenArgs?: boolean };

/** Record one command and whatever it launches. */
function runArgv(argv: Arg[], redirects: Redirect[], ctx: WalkContext, state: State, stdin: Stdin, extras: RunExtras) {
  const program = argv[0];
  if (!program) {
    // Only assignments and redirects (`X=1 > file`): the redirects still happen.
    if (redirects.length > 0) emit(ctx, buildCommand({ argv: [], redirects, via: state.via, cwd: state.cwd, home: ctx.home }));
    return;
  }
  if (program.kind === "dynamic") {
    ctx.unresolved.push(`${viaPrefix(state.via)}the program to run is only known at run time: ${excerpt(program.source)}`);
    emit(ctx, buildCommand({ argv, redirects, via: state.via, cwd: state.cwd, home: ctx.home, unseenArgs: extras.unseenArgs }));
    return;
  }
  const name = basenameOf(program.value);
  const args = argv.slice(1);
  const launched = launchesOf(name, args, stdin, ctx.wrappers);
  const remoteCode = isInterpreter(name) && (stdin.kind === "remote" || extras.fetchedInArgs);
  const ownArgv = launched.ownArgCount === undefined ? argv : argv.slice(0, 1 + launched.ownArgCount);
  emit(
    ctx,
    buildCommand({
      argv: ownArgv,
      redirects,
      via: state.via,
      cwd: state.cwd,
      home: ctx.home,
      code: launched.code,
      remoteCode,
      unseenArgs: extras.unseenArgs,
    }),
  );
  followDirectoryChange(name, args, ctx, state);
  for (const launch of launched.launches) runLaunch(launch, ctx, state, stdin, extras);
}

function runLaunch(launch: Launch, ctx: WalkContext, state: State, stdin: Stdin, extras: RunExtras) {
  if (launch.kind === "unresolved") {
    ctx.unresolved.push(`${viaPrefix(state.via)}${launch.reason}`);
    return;
  }
  if (state.depth >= ctx.limits.maxDepth) return tooDeep(ctx);
  const inner: State = { ...state, via: [...state.via, launch.via], depth: state.depth + 1 };
  if (launch.kind === "script") {
    walkScript(launch.code, ctx, { ...inner, vars: new Map(state.vars), stdin: { kind: "none" } });
    return;
  }
  // A wrapped command reads the wrapper's stdin (curl … | sudo bash).
  runArgv(launch.argv, [], ctx, inner, stdin, { fetchedInArgs: extras.fetchedInArgs, unseenArgs: launch.unseenArgs || extras.unseenArgs });
}

function followDirectoryChange(name: string, args: Arg[], ctx: WalkContext, state: State) {
  if (name !== "cd" && name !== "pushd") return;
  const target = args.find((arg) => arg.kind === "dynamic" || !arg.value.startsWith("-"));
  if (!target) {
    state.cwd = { kind: "known", path: ctx.home };
    return;
  }
  if (target.kind === "dynamic" || target.value === "-") {
    state.cwd = { kind: "unknown" };
    return;
  }
  const base = state.cwd.kind === "known" ? state.cwd.path : undefined;
  const path = normalizePath(target.value, ctx.home, base);
  if (path === undefined) return;
  state.cwd = path.startsWith("/") ? { kind: "known", path } : state.cwd.kind === "unknown" ? state.cwd : { kind: "project" };
}

function assign(node: Node, ctx: WalkContext, state: State) {
  const name = node.childForFieldName("name")?.text;
  const valueNode = node.childForFieldName("value");
  const scope = wordScope(ctx, state);
  const value = valueNode ? evaluateSingleWord(valueNode, scope) : "";
  if (name) state.vars.set(name, value ?? null);
}

function walkDeclaration(node: Node, ctx: WalkContext, state: State) {
  const words: Arg[] = [];
  const keyword = node.children[0]?.type;
  for (const child of node.namedChildren) {
    if (!child) continue;
    if (child.type === "variable_assignment") assign(child, ctx, state);
    else if (isWordNode(child)) words.push(...evaluateWord(child, wordScope(ctx, state)));
  }
  if (node.type === "declaration_command" && keyword) {
    emit(ctx, buildCommand({ argv: [{ kind: "static", value: keyword }, ...words], redirects: [], via: state.via, cwd: state.cwd, home: ctx.home }));
  }
}

function walkUnset(node: Node, ctx: WalkContext, state: State) {
  const args: Arg[] = [];
  for (const child of node.namedChildren) {
    if (!child) continue;
    const fields = evaluateWord(child, wordScope(ctx, state));
    args.push(...fields);
    for (const field of fields) if (field.kind === "static") state.vars.set(field.value, null);
  }
  emit(ctx, buildCommand({ argv: [{ kind: "static", value: "unset" }, ...args], redirects: [], via: state.via, cwd: state.cwd, home: ctx.home }));
}

function walkFor(node: Node, ctx: WalkContext, state: State) {
  const variable = node.childForFieldName("variable")?.text;
  const body = node.childForFieldName("body");
  const values: Arg[] = [];
  for (const value of node.childrenForFieldName("value")) if (value) values.push(...evaluateWord(value, wordScope(ctx, state)));
  if (!variable || !body) return walkCompound(node, ctx, state);
  const known = values.every((value) => value.kind === "static") && values.length > 0 && values.length <= ctx.limits.maxLoopValues;
  if (!known) {
    state.vars.set(variable, null);
    return walkCompound(body, ctx, state);
  }
  // Unroll: the body is judged once per value the loop takes.
  for (const value of values) {
    state.vars.set(variable, argText(value));
    walkCompound(body, ctx, state);
  }
}

function walkFunction(node: Node, ctx: WalkContext, state: State) {
  const name = node.childForFieldName("name")?.text ?? "function";
  const body = node.childForFieldName("body");
  // A function body may run whenever it is called; judge it where it is defined.
  if (body) nested(ctx, state, `function ${name}`, (inner) => walkStatement(body, ctx, inner));
}

function nested(ctx: WalkContext, state: State, via: string, walk: (inner: State) => void) {
  if (state.depth >= ctx.limits.maxDepth) return tooDeep(ctx);
  walk({ ...state, vars: new Map(state.vars), via: [...state.via, via], depth: state.depth + 1 });
}

function wordScope(ctx: WalkContext, state: State): WordScope {
  return {
    vars: state.vars,
    walkSubstitution: (node, label) =>
      nested(ctx, { ...state, stdin: { kind: "none" } }, label, (inner) => walkStatements(node, ctx, inner)),
  };
}

function emit(ctx: WalkContext, command: SimpleCommand) {
  if (ctx.commands.length >= ctx.limits.maxCommands) {
    throw new LimitReached(`the input runs more than ${ctx.limits.maxCommands} commands`);
  }
  ctx.commands.push(command);
}

function tooDeep(ctx: WalkContext) {
  const reason = `the input nests deeper than ${ctx.limits.maxDepth} levels`;
  if (!ctx.unresolved.includes(reason)) ctx.unresolved.push(reason);
}

const WORD_NODES = new Set([
  "word", "string", "raw_string", "concatenation", "simple_expansion", "expansion", "command_substitution",
  "process_substitution", "ansi_c_string", "number", "arithmetic_expansion", "translated_string", "brace_expression",
]);

function isWordNode(node: Node): boolean {
  return WORD_NODES.has(node.type);
}

function basenameOf(program: string): string {
  const slash = program.lastIndexOf("/");
  return slash < 0 ? program : program.slice(slash + 1);
}

function viaPrefix(via: Via): string {
  if (via.length === 0) return "";
  const shown = via.length > 4 ? ["…", ...via.slice(-3)] : via;
  return `in ${shown.join(" → ")}: `;
}


/** " near `…` (offset N)" for the first ERROR or MISSING node, or undefined. */
function firstSyntaxError(root: Node): string | undefined {
  if (!root.hasError) return undefined;
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === "ERROR" || node.isMissing) {
      const text = node.text.length > 40 ? `${node.text.slice(0, 40)}…` : node.text;
      return node.isMissing ? `(missing ${node.type} at offset ${node.startIndex})` : `near \`${text}\` (offset ${node.startIndex})`;
    }
    const children = node.children.filter((child): child is Node => child !== null && child.hasError);
    stack.push(...children.reverse());
  }
  return "somewhere in the input";
}

