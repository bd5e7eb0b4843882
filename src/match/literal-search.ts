// Many literals found in one pass over a text (Aho–Corasick). The secret
// detectors have about 150 literals; a native search for each over a 256 KiB
// tool output reads the text 150 times, while this automaton reads it once,
// one table step per character, whatever the literals. Linear in the text.
import { REMEMBERED_LITERAL_SETS } from "../limits.ts";

/** Where the literals occur in a text: the i-th occurrence is literal `literals[i]` (its index in the list given) starting at `starts[i]`. */
export type LiteralOccurrences = { literals: number[]; starts: number[] };

export class LiteralSearch {
  /** Character code → column of the transition table; 0 for every character no literal holds. */
  readonly #column = new Uint16Array(65_536);
  readonly #columns: number;
  /** State × columns + column → the next state: the trie's edges with the failure links already followed. */
  readonly #next: Int32Array;
  /** For each state, where its list in #endingLiterals starts and how long it is: the literals that end there (its own and its failure chain's). */
  readonly #endingFrom: Int32Array;
  readonly #endingCount: Int32Array;
  readonly #endingLiterals: Int32Array;
  readonly #lengths: Int32Array;

  constructor(literals: readonly string[]) {
    this.#lengths = Int32Array.from(literals, (literal) => literal.length);
    let columns = 1;
    for (const literal of literals) {
      for (let index = 0; index < literal.length; index++) {
        const code = literal.charCodeAt(index);
        if (this.#column[code] === 0) this.#column[code] = columns++;
      }
    }
    this.#columns = columns;
    const trie = buildTrie(literals, this.#column);
    const states = trie.edges.length;
    this.#next = new Int32Array(states * columns);
    const ending = this.#link(trie);
    this.#endingFrom = new Int32Array(states);
    this.#endingCount = new Int32Array(states);
    const flat: number[] = [];
    ending.forEach((list, state) => {
      this.#endingFrom[state] = flat.length;
      this.#endingCount[state] = list?.length ?? 0;
      if (list) flat.push(...list);
    });
    this.#endingLiterals = Int32Array.from(flat);
  }

  /**
   * Every occurrence of every literal, overlapping ones included, in the order they end. Flat typed
   * tables and plain arrays out (no callback per hit): this loop runs once per character of a tool output.
   */
  find(text: string): LiteralOccurrences {
    const column = this.#column;
    const next = this.#next;
    const columns = this.#columns;
    const endingFrom = this.#endingFrom;
    const endingCount = this.#endingCount;
    const endingLiterals = this.#endingLiterals;
    const lengths = this.#lengths;
    const literals: number[] = [];
    const starts: number[] = [];
    let state = 0;
    for (let index = 0; index < text.length; index++) {
      state = next[state * columns + column[text.charCodeAt(index)]!]!;
      const count = endingCount[state]!;
      if (count === 0) continue;
      const from = endingFrom[state]!;
      for (let k = from; k < from + count; k++) {
        const literal = endingLiterals[k]!;
        literals.push(literal);
        starts.push(index + 1 - lengths[literal]!);
      }
    }
    return { literals, starts };
  }

  /** Breadth first from the root: each state's failure link is known before its children need it. The literals ending at each state. */
  #link(trie: Trie): Array<number[] | undefined> {
    const columns = this.#columns;
    const failure = new Int32Array(trie.edges.length);
    const ending: Array<number[] | undefined> = new Array(trie.edges.length);
    const queue: number[] = [0];
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head]!;
      const fail = failure[state]!;
      const inherited = state === 0 ? undefined : ending[fail];
      const own = trie.ending[state];
      ending[state] = own && inherited ? [...own, ...inherited] : (own ?? inherited);
      const row = state * columns;
      for (let column = 0; column < columns; column++) {
        const child = trie.edges[state]!.get(column);
        if (child === undefined) {
          this.#next[row + column] = state === 0 ? 0 : this.#next[fail * columns + column]!;
          continue;
        }
        this.#next[row + column] = child;
        failure[child] = state === 0 ? 0 : this.#next[fail * columns + column]!;
        queue.push(child);
      }
    }
    return ending;
  }
}

type Trie = { edges: Array<Map<number, number>>; ending: Array<number[] | undefined> };

function buildTrie(literals: readonly string[], column: Uint16Array): Trie {
  const edges: Array<Map<number, number>> = [new Map()];
  const ending: Array<number[] | undefined> = [undefined];
  literals.forEach((literal, index) => {
    if (literal.length === 0) return; // an empty literal says nothing about where a match is
    let state = 0;
    for (let at = 0; at < literal.length; at++) {
      const symbol = column[literal.charCodeAt(at)]!;
      let child = edges[state]!.get(symbol);
      if (child === undefined) {
        child = edges.length;
        edges.push(new Map());
        ending.push(undefined);
        edges[state]!.set(symbol, child);
      }
      state = child;
    }
    ending[state] = [...(ending[state] ?? []), index];
  });
  return { edges, ending };
}

/** The last few literal lists searched for, by content: the same detectors meet output after output. */
const remembered = new Map<string, LiteralSearch>();

/** A search for these literals, built once for as long as the list is among the last few used. */
export function literalSearchFor(literals: readonly string[]): LiteralSearch {
  const key = literals.join("\u0000");
  const known = remembered.get(key);
  if (known) {
    remembered.delete(key);
    remembered.set(key, known);
    return known;
  }
  const search = new LiteralSearch(literals);
  remembered.set(key, search);
  if (remembered.size > REMEMBERED_LITERAL_SETS) remembered.delete(remembered.keys().next().value!);
  return search;
}
