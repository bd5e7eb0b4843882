// Globs as sets of paths, for the paths a command names as shell patterns:
// `cat ~/.aw?/credentials` may read `~/.aws/credentials`, so a rule's
// `~/.aws/**` must see that the two sets meet; `rm -rf build/*` is covered by
// an exception only when every path the pattern can match is. Both questions
// are answered exactly on small automata, over an alphabet split into the
// ranges where every character behaves alike.
//
// The work is charged to the caller's work meter (the call's one budget, which
// throws when it is spent): a crafted pattern (`/tmp/*?*?*?…`, `**/*?*/**/…`)
// makes the product of two automata large, and that cost must end the call on
// on_error rather than late. Literal prefixes and suffixes are compared before
// any automaton is built; automata are kept per pattern, and answers per pair
// with what they cost, so a repeated question is cheap and costs the same.
import { expandBraces } from "./braces.ts";
import { GLOB_SET_MAX_ALTERNATIVES, GLOB_SET_MAX_STATES, GLOB_SET_REMEMBERED, GLOB_SET_REMEMBERED_KEY_CHARS, GLOB_SET_REMEMBERED_STATES } from "../limits.ts";

type Range = readonly [number, number];
/** A set of characters: ranges (inclusive), possibly negated; `/` is never matched by a wildcard. */
type CharSet = { ranges: Range[]; negated: boolean };

type Automaton = {
  /** transitions[state] = [charset, next][] */
  transitions: Array<Array<[CharSet, number]>>;
  epsilon: number[][];
  accepting: number;
  /** closures[state]: the states its epsilon moves reach (worked out when first needed). */
  closures: Array<readonly number[] | undefined>;
};

const SLASH = 0x2f;
const DOT = 0x2e;
const ANY_BUT_SLASH: CharSet = { ranges: [[SLASH, SLASH]], negated: true };
const ANY: CharSet = { ranges: [], negated: true };

export type GlobFlavour = "policy" | "shell";

/** Where glob-set work is charged: one unit per character class tried from one automaton state. It throws when spent. */
export type WorkMeter = { charge(units: number): void };

/** For callers with no budget of their own (tests, the CLI's explanations): GLOB_SET_MAX_STATES still bounds each question. */
const UNMETERED: WorkMeter = { charge() {} };

/** Some path matches both globs. */
export function globsIntersect(a: string, aFlavour: GlobFlavour, b: string, bFlavour: GlobFlavour, meter: WorkMeter = UNMETERED): boolean {
  const bEnds = literalEnds(b, bFlavour);
  if (!literalEndsAgree(literalEnds(a, aFlavour), bEnds)) return false;
  // Every path `b` matches starts with its literal text: when `a` cannot read that text, they share no path, and
  // `b` needs no automaton. One pattern (`**​/LICENSE`, what `find -name` hands its -exec) is held against every
  // policy glob, most of them absolute (`/etc/**`, `~/.ssh/**`): this answers those without building ~300 automata.
  if (!canStartWith(a, aFlavour, bEnds.prefix, meter)) return false;
  return remembered(`m\0${aFlavour}\0${a}\0${bFlavour}\0${b}`, meter, (counted) => {
    counted.charge(a.length + b.length);
    const left = compileUnion(a, aFlavour);
    const right = compileUnion(b, bFlavour);
    if (!left || !right) return true; // too many alternatives to follow: assume they meet
    return intersects(left, right, counted);
  });
}

/** Every path `pattern` matches is matched by one of `globs`. */
export function globIncluded(pattern: string, flavour: GlobFlavour, globs: readonly string[], globsFlavour: GlobFlavour, meter: WorkMeter = UNMETERED): boolean {
  // A glob whose literal start or end differs from the pattern's covers none of it (an empty pattern aside: "not
  // covered" is the careful answer there). Only the globs that could cover some of it are followed.
  const ends = literalEnds(pattern, flavour);
  const candidates = globs.filter((glob) => literalEndsAgree(ends, literalEnds(glob, globsFlavour)));
  if (candidates.length === 0) return false;
  return remembered(`i\0${flavour}\0${pattern}\0${globsFlavour}\0${candidates.join("\0")}`, meter, (counted) => {
    counted.charge(candidates.reduce((sum, glob) => sum + glob.length, pattern.length));
    const inner = compileUnion(pattern, flavour);
    const outer = candidates.map((glob) => compileUnion(glob, globsFlavour));
    if (!inner || outer.some((automaton) => !automaton)) return false;
    return included(inner, outer as Automaton[], counted);
  });
}

/**
 * Whether some path `glob` matches starts with `text`: its automaton, followed over `text`, still has a state.
 * One unit is charged per state followed per character. Too many alternatives to build: assumed so.
 */
function canStartWith(glob: string, flavour: GlobFlavour, text: string, meter: WorkMeter): boolean {
  if (text === "") return true;
  const automaton = compileUnion(glob, flavour);
  if (!automaton) return true;
  let current: readonly number[] = closureOf(automaton, 0);
  for (let index = 0; index < text.length && current.length > 0; index++) {
    meter.charge(current.length);
    const code = text.charCodeAt(index);
    const next = new Set<number>();
    for (const state of current) {
      for (const [set, to] of automaton.transitions[state]!) {
        if (!contains(set, code)) continue;
        for (const reached of closureOf(automaton, to)) next.add(reached);
      }
    }
    current = [...next];
  }
  return current.length > 0;
}

/** A counted meter: charges go through to the caller's and are added up, so a remembered answer costs what it cost. */
type Counted = { charge(units: number): void; spent: number };

const answers = new Map<string, { answer: boolean; cost: number }>();

function remembered(key: string, meter: WorkMeter, compute: (counted: Counted) => boolean): boolean {
  const known = answers.get(key);
  if (known) {
    meter.charge(known.cost);
    return known.answer;
  }
  const counted: Counted = {
    spent: 0,
    charge(units) {
      this.spent += units;
      meter.charge(units);
    },
  };
  // A spent meter throws out of here: nothing is remembered for an answer not reached.
  const answer = compute(counted);
  rememberAnswer(key, { answer, cost: counted.spent });
  return answer;
}

/** Characters of the answers' keys: a key names every glob a pattern was held against, so it can be long. */
let answerKeyChars = 0;

function rememberAnswer(key: string, value: { answer: boolean; cost: number }) {
  if (key.length > GLOB_SET_REMEMBERED_KEY_CHARS) return;
  // Oldest first out: a Map iterates in insertion order.
  while (answers.size > 0 && (answers.size >= GLOB_SET_REMEMBERED || answerKeyChars + key.length > GLOB_SET_REMEMBERED_KEY_CHARS)) {
    const oldest = answers.keys().next().value!;
    answerKeyChars -= oldest.length;
    answers.delete(oldest);
  }
  answerKeyChars += key.length;
  answers.set(key, value);
}

/** The text every path a glob matches starts with and ends with. */
type LiteralEnds = { prefix: string; suffix: string };

/** Characters that may begin something other than plain text (a wildcard, a class, braces, an escape, an extglob). */
const SPECIAL = new Set(["*", "?", "[", "]", "{", "}", "\\", "(", ")"]);

function literalEnds(glob: string, flavour: GlobFlavour): LiteralEnds {
  let start = 0;
  while (start < glob.length && !SPECIAL.has(glob[start]!) && !(flavour === "shell" && "@!+".includes(glob[start]!) && glob[start + 1] === "(")) start++;
  // A slash before `**` may stand for nothing (`dir/**` matches dir itself).
  let prefix = glob.slice(0, start);
  if (glob.startsWith("**", start) && prefix.endsWith("/")) prefix = prefix.slice(0, -1);
  if (start === glob.length) return { prefix, suffix: prefix };
  let end = glob.length;
  while (end > start && !SPECIAL.has(glob[end - 1]!)) end--;
  return { prefix, suffix: glob.slice(end) };
}

/** Whether two globs' literal ends allow a common path: one prefix starts the other, one suffix ends the other. */
function literalEndsAgree(a: LiteralEnds, b: LiteralEnds): boolean {
  const prefixes = a.prefix.length <= b.prefix.length ? b.prefix.startsWith(a.prefix) : a.prefix.startsWith(b.prefix);
  if (!prefixes) return false;
  return a.suffix.length <= b.suffix.length ? b.suffix.endsWith(a.suffix) : a.suffix.endsWith(b.suffix);
}

const automata = new Map<string, Automaton | undefined>();
/** States of the automata kept: what bounds their memory (a `*.py` against the packs builds ~200 of them). */
let keptStates = 0;
/** Automata built since the process started (kept or since forgotten): what a glob-heavy command costs to set up. */
let builtCount = 0;

/** A glob with `{a,b}` alternatives as one automaton (a union), built once per pattern. */
function compileUnion(glob: string, flavour: GlobFlavour): Automaton | undefined {
  const key = `${flavour}\0${glob}`;
  if (automata.has(key)) return automata.get(key);
  const automaton = buildUnion(glob, flavour);
  builtCount++;
  keep(key, automaton);
  return automaton;
}

/**
 * How many automata are kept, with how many states between them, the characters of the answers' keys, and how many
 * were ever built (for tests of the bounds and of the work).
 */
export function keptAutomata(): { count: number; states: number; answerKeyChars: number; built: number } {
  return { count: automata.size, states: keptStates, answerKeyChars, built: builtCount };
}

/** Keep an automaton, forgetting the oldest while too many are kept or they hold too many states between them. */
function keep(key: string, automaton: Automaton | undefined) {
  const states = automaton?.transitions.length ?? 0;
  while (automata.size > 0 && (automata.size >= GLOB_SET_REMEMBERED || keptStates + states > GLOB_SET_REMEMBERED_STATES)) {
    const oldest = automata.keys().next().value!;
    keptStates -= automata.get(oldest)?.transitions.length ?? 0;
    automata.delete(oldest);
  }
  keptStates += states;
  automata.set(key, automaton);
}

function buildUnion(glob: string, flavour: GlobFlavour): Automaton | undefined {
  const alternatives = flavour === "policy" ? expandBraces(glob, GLOB_SET_MAX_ALTERNATIVES) : [glob];
  if (!alternatives) return undefined;
  const automaton: Automaton = { transitions: [[]], epsilon: [[]], accepting: -1, closures: [] };
  const accepting = newState(automaton);
  automaton.accepting = accepting;
  for (const alternative of alternatives) {
    const end = compileInto(automaton, 0, tokens(alternative, flavour));
    automaton.epsilon[end]!.push(accepting);
  }
  return automaton;
}

/** `hidesDot`: a shell wildcard at the start of a name, which bash never lets match a leading dot. */
/** `nonEmpty`: a `*` that is a whole path segment matches at least one character (names are never empty). */
type Token =
  | { kind: "char"; set: CharSet; hidesDot: boolean }
  | { kind: "star"; hidesDot: boolean; nonEmpty: boolean }
  /** `+([0-9])`, `*([a-z_])`: characters of one set, at least one of them or any number. */
  | { kind: "repeat"; set: CharSet; atLeastOne: boolean }
  /**
   * A double star: "leading" before a slash (any number of directories), "trailing" after the last slash (the
   * directory itself or anything below). `names`: a shell pattern's `**` as bash's globstar reads it — whole names
   * (so `**` at the start of a relative path stays relative), none of them hidden; a policy glob's may be anything.
   */
  | { kind: "globstar"; position: "leading" | "trailing" | "alone"; names: boolean };

function tokens(glob: string, flavour: GlobFlavour): Token[] {
  const out: Token[] = [];
  for (let index = 0; index < glob.length; index++) {
    const char = glob[index]!;
    const segmentStart = index === 0 || glob[index - 1] === "/";
    const hidesDot = flavour === "shell" && segmentStart;
    if (flavour === "shell" && "?*+@!".includes(char) && glob[index + 1] === "(") {
      const end = closing(glob, index + 1, "(", ")");
      out.push(extendedGroup(char, glob.slice(index + 2, end), hidesDot));
      index = end;
      continue;
    }
    if (char === "*") {
      const double = glob[index + 1] === "*";
      if (double) index++;
      const wholeSegment = segmentStart && (index + 1 === glob.length || glob[index + 1] === "/");
      if (double && wholeSegment) {
        // `dir/**` also matches dir itself: the slash before a final `**` is optional.
        const last = out.at(-1);
        const final = index + 1 === glob.length;
        const afterSlash = last?.kind === "char" && !last.set.negated && last.set.ranges.length === 1 && last.set.ranges[0]![0] === SLASH;
        if (final && afterSlash) out.pop();
        out.push({ kind: "globstar", position: final ? (afterSlash ? "trailing" : "alone") : "leading", names: flavour === "shell" });
        if (glob[index + 1] === "/") index++; // the slash belongs to `**/`
        continue;
      }
      // In a shell pattern `**` inside a name is a `*` that also matches a leading dot (bash reads it as `*`:
      // this is a superset, the careful reading; the guard writes it for find's -name, whose `*` matches dots).
      out.push({ kind: "star", hidesDot: hidesDot && !double, nonEmpty: wholeSegment });
      continue;
    }
    if (char === "?") {
      out.push({ kind: "char", set: hidesDot ? notDotOrSlash() : ANY_BUT_SLASH, hidesDot });
      continue;
    }
    if (char === "[") {
      const end = closing(glob, index, "[", "]");
      if (end > index + 1 && end < glob.length) {
        out.push({ kind: "char", set: bracket(glob.slice(index + 1, end)), hidesDot });
        index = end;
        continue;
      }
    }
    if (char === "\\" && index + 1 < glob.length) index++;
    const code = glob.charCodeAt(index);
    // `*.log` never matches `.log` in bash: a name-leading star matching nothing would leave the literal dot
    // leading the name, which only a pattern starting with `.` may match.
    const last = out.at(-1);
    if (code === DOT && last?.kind === "star" && last.hidesDot && !last.nonEmpty) out[out.length - 1] = { ...last, nonEmpty: true };
    out.push({ kind: "char", set: literalSet(code), hidesDot: false });
  }
  return out;
}

/** One set per ASCII character, shared by every automaton: nothing changes a set once made. */
const ASCII_SETS: CharSet[] = [];

/**
 * The set of one character. A policy glob is mostly literal text (`~/.config/gcloud/**`), one state per
 * character, and a set of its own for each was a third of what a kept automaton weighs (issue 27).
 */
function literalSet(code: number): CharSet {
  if (code >= 128) return { ranges: [[code, code]], negated: false };
  ASCII_SETS[code] ??= { ranges: [[code, code]], negated: false };
  return ASCII_SETS[code];
}

/**
 * An extended glob group. `+([…])` and `*([…])` over one bracket expression are followed exactly (the guard
 * writes them for what a program prints: `$(date +%s)` is `+([0-9])`); any other group as `*`, a superset of
 * what it matches. A set that holds `/`, or a `.` where a name starts, is followed as `*` too.
 */
function extendedGroup(operator: string, body: string, hidesDot: boolean): Token {
  const star: Token = { kind: "star", hidesDot, nonEmpty: false };
  if ((operator !== "+" && operator !== "*") || !body.startsWith("[") || closing(body, 0, "[", "]") !== body.length - 1) return star;
  const set = bracket(body.slice(1, -1));
  if (contains(set, SLASH) || (hidesDot && contains(set, DOT))) return star;
  return { kind: "repeat", set, atLeastOne: operator === "+" };
}

function closing(text: string, open: number, opener: string, closer: string): number {
  let depth = 0;
  for (let index = open; index < text.length; index++) {
    if (text[index] === "\\") index++;
    else if (text[index] === opener) depth++;
    else if (text[index] === closer && --depth === 0 && !(opener === "[" && index === open + 1)) return index;
  }
  return text.length;
}

function bracket(body: string): CharSet {
  const negated = body.startsWith("!") || body.startsWith("^");
  const text = negated ? body.slice(1) : body;
  const ranges: Range[] = [];
  for (let index = 0; index < text.length; index++) {
    let from = text.charCodeAt(index);
    if (text[index] === "\\" && index + 1 < text.length) from = text.charCodeAt(++index);
    if (text[index + 1] === "-" && index + 2 < text.length) {
      ranges.push([from, text.charCodeAt(index + 2)]);
      index += 2;
    } else ranges.push([from, from]);
  }
  return { ranges, negated };
}

function newState(automaton: Automaton): number {
  automaton.transitions.push([]);
  automaton.epsilon.push([]);
  return automaton.transitions.length - 1;
}

/** Thompson construction from `start`; returns the state after the last token. */
function compileInto(automaton: Automaton, start: number, sequence: Token[]): number {
  let current = start;
  for (const token of sequence) {
    if (token.kind === "char") {
      const next = newState(automaton);
      automaton.transitions[current]!.push([token.set, next]);
      current = next;
      continue;
    }
    if (token.kind === "star") {
      // `*`: zero or more of anything but `/`; in a shell pattern, not a leading dot.
      const loop = newState(automaton);
      const after = newState(automaton);
      if (!token.nonEmpty) automaton.epsilon[current]!.push(after);
      automaton.transitions[current]!.push([token.hidesDot ? notDotOrSlash() : ANY_BUT_SLASH, loop]);
      automaton.transitions[loop]!.push([ANY_BUT_SLASH, loop]);
      automaton.epsilon[loop]!.push(after);
      current = after;
      continue;
    }
    if (token.kind === "repeat") {
      const loop = newState(automaton);
      const after = newState(automaton);
      if (!token.atLeastOne) automaton.epsilon[current]!.push(after);
      automaton.transitions[current]!.push([token.set, loop]);
      automaton.transitions[loop]!.push([token.set, loop]);
      automaton.epsilon[loop]!.push(after);
      current = after;
      continue;
    }
    current = token.names ? compileNamesGlobstar(automaton, current, token.position) : compileGlobstar(automaton, current, token.position);
  }
  return current;
}

// A leading double star with its slash = (anything, then a slash) or nothing; a trailing
// one with the slash before it = (a slash, then anything) or nothing; alone = anything.
function compileGlobstar(automaton: Automaton, from: number, position: "leading" | "trailing" | "alone"): number {
  const end = newState(automaton);
  const loop = newState(automaton);
  automaton.transitions[loop]!.push([ANY, loop]);
  if (position === "alone") {
    automaton.epsilon[from]!.push(loop);
    automaton.epsilon[loop]!.push(end);
    return end;
  }
  automaton.epsilon[from]!.push(end);
  const slash: CharSet = { ranges: [[SLASH, SLASH]], negated: false };
  if (position === "leading") {
    automaton.epsilon[from]!.push(loop);
    automaton.transitions[loop]!.push([slash, end]);
  } else {
    automaton.transitions[from]!.push([slash, loop]);
    automaton.epsilon[loop]!.push(end);
  }
  return end;
}

// A shell pattern's double star, as bash's globstar reads it: whole names, none hidden (a dot can only be matched by
// writing it). Leading = (name/)*, trailing = (/name)*, alone = nothing or name(/name)*.
function compileNamesGlobstar(automaton: Automaton, from: number, position: "leading" | "trailing" | "alone"): number {
  const end = newState(automaton);
  const name = newState(automaton);
  const slash: CharSet = { ranges: [[SLASH, SLASH]], negated: false };
  const firstOfName = notDotOrSlash();
  automaton.epsilon[from]!.push(end);
  automaton.transitions[name]!.push([ANY_BUT_SLASH, name]);
  if (position === "leading") {
    automaton.transitions[from]!.push([firstOfName, name]);
    automaton.transitions[name]!.push([slash, from]);
    return end;
  }
  const afterSlash = newState(automaton);
  automaton.transitions[afterSlash]!.push([firstOfName, name]);
  automaton.transitions[name]!.push([slash, afterSlash]);
  automaton.epsilon[name]!.push(end);
  automaton.transitions[from]!.push(position === "trailing" ? [slash, afterSlash] : [firstOfName, name]);
  return end;
}

function notDotOrSlash(): CharSet {
  return {
    ranges: [
      [DOT, DOT],
      [SLASH, SLASH],
    ],
    negated: true,
  };
}

function contains(set: CharSet, code: number): boolean {
  for (const [from, to] of set.ranges) if (code >= from && code <= to) return !set.negated;
  return set.negated;
}

/** One character from each cell of the alphabet split by every range boundary of both automata. */
function representatives(automata: readonly Automaton[]): number[] {
  const bounds = new Set<number>([0, SLASH, SLASH + 1, DOT, DOT + 1, 0x61, 0x10ffff]);
  for (const automaton of automata) {
    for (const edges of automaton.transitions) {
      for (const [set] of edges) {
        for (const [from, to] of set.ranges) {
          bounds.add(from);
          bounds.add(to + 1);
        }
      }
    }
  }
  return [...bounds].filter((code) => code <= 0x10ffff).sort((a, b) => a - b);
}

/** The states an automaton's epsilon moves reach from `state` (itself included); kept on the automaton. */
function closureOf(automaton: Automaton, state: number): readonly number[] {
  const known = automaton.closures[state];
  if (known) return known;
  const seen = new Set([state]);
  const stack = [state];
  while (stack.length > 0) {
    for (const next of automaton.epsilon[stack.pop()!]!) {
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(next);
    }
  }
  const reached = [...seen];
  automaton.closures[state] = reached;
  return reached;
}

/**
 * One automaton as the subset construction sees it during one question: each set of states it can be in gets a
 * number, and a move from a set on a cell of the question's alphabet is worked out once. A product state is then a
 * tuple of numbers, and the many product states that share one automaton's set share its moves. The answers and the
 * work charged are those of following the sets themselves; only the bookkeeping is cheaper. It lives for one
 * question, so what it holds is bounded by that question's GLOB_SET_MAX_STATES.
 */
class Subsets {
  readonly #automaton: Automaton;
  readonly #accepting: Uint8Array;
  readonly #alphabet: readonly number[];
  /** Set numbers by the hash of their members. */
  readonly #buckets = new Map<number, number[]>();
  readonly #members: Array<readonly number[]> = [];
  /** #moves[set][cell]: the set reached on the alphabet's cell, or -1 while not worked out. */
  readonly #moves: Int32Array[] = [];
  /** Marks for collecting a set without duplicates: a state is in the set being built when its mark is the current round. */
  readonly #marks: Int32Array;
  #round = 0;
  /** The set of the start state's closure. */
  readonly start: number;

  /** `machine`: one automaton, or several side by side (see machineOf), started in all their starts. */
  constructor(machine: Machine, alphabet: readonly number[]) {
    this.#automaton = machine.automaton;
    this.#accepting = machine.accepting;
    this.#alphabet = alphabet;
    this.#marks = new Int32Array(machine.automaton.transitions.length);
    this.start = this.#reachedFrom(machine.starts.flatMap((start) => closureOf(machine.automaton, start)));
  }

  size(set: number): number {
    return this.#members[set]!.length;
  }

  accepts(set: number): boolean {
    return this.#members[set]!.some((state) => this.#accepting[state] === 1);
  }

  /** The set of exactly `states` (no repeats). */
  #reachedFrom(states: readonly number[]): number {
    const round = ++this.#round;
    let hash = 0;
    for (const state of states) {
      this.#marks[state] = round;
      hash = (hash + mix(state)) | 0;
    }
    return this.#intern([...states], hash, round);
  }

  /** The set reached from `set` on the alphabet's cell `cell`, its epsilon closure taken. */
  step(set: number, cell: number): number {
    const moves = this.#moves[set]!;
    const known = moves[cell]!;
    if (known >= 0) return known;
    const reached = this.#reach(this.#members[set]!, this.#alphabet[cell]!);
    moves[cell] = reached;
    return reached;
  }

  #reach(states: readonly number[], code: number): number {
    const round = ++this.#round;
    const collected: number[] = [];
    let hash = 0;
    for (const state of states) {
      for (const [set, to] of this.#automaton.transitions[state]!) {
        if (!contains(set, code)) continue;
        for (const next of closureOf(this.#automaton, to)) {
          if (this.#marks[next] === round) continue;
          this.#marks[next] = round;
          collected.push(next);
          hash = (hash + mix(next)) | 0;
        }
      }
    }
    return this.#intern(collected, hash, round);
  }

  /** The number of the set `states` (each marked with `round`), whose order-free hash is `hash`. */
  #intern(states: number[], hash: number, round: number): number {
    const bucket = this.#buckets.get(hash);
    // Same size and every member marked: the same set, whatever order its states were found in.
    const known = bucket?.find((id) => this.#members[id]!.length === states.length && this.#members[id]!.every((state) => this.#marks[state] === round));
    if (known !== undefined) return known;
    const id = this.#members.length;
    this.#members.push(states);
    this.#moves.push(new Int32Array(this.#alphabet.length).fill(-1));
    if (bucket) bucket.push(id);
    else this.#buckets.set(hash, [id]);
    return id;
  }
}

/** A state's part of a set's hash: sets are hashed by adding their members' parts, so order does not matter. */
function mix(state: number): number {
  const spread = Math.imul(state ^ (state >>> 16), 0x45d9f3b);
  return Math.imul(spread ^ (spread >>> 16), 0x45d9f3b) ^ (spread >>> 16);
}

/** Pairs of set numbers seen. */
class ProductStates {
  readonly #pairs = new Map<number, Set<number>>();
  size = 0;

  has(first: number, second: number): boolean {
    return this.#pairs.get(first)?.has(second) ?? false;
  }

  add(first: number, second: number) {
    const seconds = this.#pairs.get(first);
    if (seconds) seconds.add(second);
    else this.#pairs.set(first, new Set([second]));
    this.size++;
  }
}

/** What a walk follows: an automaton's states and moves, the states it starts in, and which states accept (1). */
type Machine = { automaton: Automaton; starts: readonly number[]; accepting: Uint8Array };

/**
 * Automata side by side as one machine: each one's states renumbered after the previous ones', no move between them,
 * started in every start state. It accepts what any of them accepts, and a set of its states is the sets of theirs
 * put together: a walk over it visits what a walk over their product would, in the same order, charged the same
 * (a set's size is their sizes added), with one move per character instead of one per automaton.
 */
function machineOf(automata: readonly Automaton[]): Machine {
  if (automata.length === 1) {
    const [automaton] = automata as [Automaton];
    const accepting = new Uint8Array(automaton.transitions.length);
    accepting[automaton.accepting] = 1;
    return { automaton, starts: [0], accepting };
  }
  const union: Automaton = { transitions: [], epsilon: [], accepting: -1, closures: [] };
  const starts: number[] = [];
  const accepting: number[] = [];
  for (const automaton of automata) {
    const offset = union.transitions.length;
    starts.push(offset);
    accepting.push(offset + automaton.accepting);
    for (const edges of automaton.transitions) union.transitions.push(edges.map(([set, to]) => [set, to + offset]));
    for (const moves of automaton.epsilon) union.epsilon.push(moves.map((to) => to + offset));
  }
  const flags = new Uint8Array(union.transitions.length);
  for (const state of accepting) flags[state] = 1;
  return { automaton: union, starts, accepting: flags };
}

/**
 * Walks the product of two machines breadth first from their start sets, in the order product states are found.
 * `settle` looks at each product state taken from the queue (whether each machine accepts there): an answer ends the
 * walk. An empty set ends a path: the first machine's, or either's (`emptyEnds`). More than GLOB_SET_MAX_STATES
 * product states: `crowded`; none left to visit: `exhausted`. The work charged per product state is the alphabet's
 * size times its states, the same however the sets are kept.
 */
function walkProduct(
  first: Machine,
  second: Machine,
  meter: WorkMeter,
  options: { emptyEnds: "first" | "any"; settle: (firstAccepts: boolean, secondAccepts: boolean) => boolean | undefined; crowded: boolean; exhausted: boolean },
): boolean {
  const alphabet = representatives([first.automaton, second.automaton]);
  const left = new Subsets(first, alphabet);
  const right = new Subsets(second, alphabet);
  const seen = new ProductStates();
  seen.add(left.start, right.start);
  const queue: Array<[number, number]> = [[left.start, right.start]];
  // An index, not shift(): the queue may hold thousands of states.
  for (let head = 0; head < queue.length; head++) {
    const [mine, theirs] = queue[head]!;
    const answer = options.settle(left.accepts(mine), right.accepts(theirs));
    if (answer !== undefined) return answer;
    meter.charge(alphabet.length * (left.size(mine) + right.size(theirs)));
    for (let cell = 0; cell < alphabet.length; cell++) {
      const nextMine = left.step(mine, cell);
      if (left.size(nextMine) === 0) continue;
      const nextTheirs = right.step(theirs, cell);
      if (options.emptyEnds === "any" && right.size(nextTheirs) === 0) continue;
      if (seen.has(nextMine, nextTheirs)) continue;
      if (seen.size > GLOB_SET_MAX_STATES) return options.crowded;
      seen.add(nextMine, nextTheirs);
      queue.push([nextMine, nextTheirs]);
    }
  }
  return options.exhausted;
}

/** Some string both automata accept; past GLOB_SET_MAX_STATES, assumed so (the careful answer). */
function intersects(a: Automaton, b: Automaton, meter: WorkMeter): boolean {
  return walkProduct(machineOf([a]), machineOf([b]), meter, {
    emptyEnds: "any",
    settle: (left, right) => (left && right ? true : undefined),
    crowded: true,
    exhausted: false,
  });
}

/** Every string `inner` accepts one of `outer` accepts; past GLOB_SET_MAX_STATES, assumed not (the careful answer). */
function included(inner: Automaton, outer: readonly Automaton[], meter: WorkMeter): boolean {
  return walkProduct(machineOf([inner]), machineOf(outer), meter, {
    emptyEnds: "first",
    settle: (mine, theirs) => (mine && !theirs ? false : undefined),
    crowded: false,
    exhausted: true,
  });
}
