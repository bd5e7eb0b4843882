// Seeded generators of RE2 patterns and texts for property tests: small
// alphabets, so that generated patterns match generated texts often, and
// every construct the literal analysis has to understand (escapes, classes,
// counted repeats, flags in the middle of a pattern, case folding).

/** A small, seeded pseudo-random generator (mulberry32): the same seed gives the same cases. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const ATOMS = [
  "a",
  "b",
  "c",
  "A",
  "B",
  "s",
  "S",
  "k",
  "K",
  "1",
  "3",
  "-",
  "_",
  ",",
  " ",
  "ſ",
  "K",
  "\\.",
  "\\x61",
  "\\x{42}",
  "\\141",
  "\\Qa.b\\E",
  "\\-",
  "\\n",
  "\\t",
  "[a-c]",
  "[^a]",
  "[\\s]",
  "[^\\n]",
  "[A-Z]",
  "[0-9]",
  "[[:alpha:]]",
  "[\\x00-\\x7f]",
  "\\d",
  "\\w",
  "\\s",
  "\\S",
  "\\D",
  "\\pL",
  "\\p{Greek}",
  ".",
  "^",
  "$",
  "\\b",
  "\\B",
  "\\A",
  "\\z",
  "{",
  "}",
  "a{,2}",
  "1{x}",
];
const QUANTIFIERS = ["", "", "", "", "*", "+", "?", "{2}", "{1,3}", "{0,2}", "{2,}", "*?", "+?", "{1,3}?"];
const GROUPS = ["(", "(?:", "(?P<n>", "(?<m>", "(?i:", "(?s:", "(?m:", "(?-i:", "(?is:"];
const FLAGS = ["(?i)", "(?s)", "(?m)", "(?-i)", "(?U)"];

export function generatePattern(random: () => number, depth = 0): string {
  const pieces: string[] = [];
  const count = 1 + Math.floor(random() * 5);
  for (let index = 0; index < count; index++) {
    const roll = random();
    if (roll < 0.08) pieces.push(pick(random, FLAGS));
    else if (roll < 0.22 && depth < 2) pieces.push(`${pick(random, GROUPS)}${generatePattern(random, depth + 1)})${pick(random, QUANTIFIERS)}`);
    else pieces.push(`${pick(random, ATOMS)}${pick(random, QUANTIFIERS)}`);
  }
  const branch = pieces.join("");
  return random() < 0.15 && depth < 2 ? `${branch}|${generatePattern(random, depth + 1)}` : branch;
}

const CHUNKS = [
  "a",
  "b",
  "c",
  "ab",
  "abc",
  "A",
  "AB",
  "s",
  "S",
  "ſ",
  "k",
  "K",
  "K",
  "1",
  "13",
  "1,3",
  "-",
  "_",
  " ",
  ".",
  "a.b",
  "\n",
  "\t",
  "{",
  "a{,2}",
  "1{x}",
  "α",
  "Σ",
  "İ",
  "😀",
];

export function generateText(random: () => number): string {
  const count = Math.floor(random() * 12);
  let text = "";
  for (let index = 0; index < count; index++) text += pick(random, CHUNKS);
  return text;
}
