// How many times a loop runs, when its header says so in literal numbers
// (issue 28, tail round 19): `for i in $(seq 1 5000)`, `for i in {1..5000}`,
// `for ((i = 0; i < 5000; i++))`, `while [ $i -lt 5000 ]`. A command that
// submits a job, creates a remote resource, sends a message or spends money is
// judged as one call; five thousand of them in one line are a different act
// (a cluster's queue filled, a bill run up, a list spammed). Only a count the
// header spells out is read: a loop over a file's lines or a variable's value
// has no count here.

/** `seq LAST`, `seq FIRST LAST`, `seq FIRST STEP LAST` (options such as `-w` skipped). */
const SEQ = /(?:\$\(|`)\s*seq\s+(?:-[a-z]+\s+)*(-?\d+)(?:\s+(-?\d+))?(?:\s+(-?\d+))?\s*(?:\)|`)/;
/** `{FIRST..LAST}` or `{FIRST..LAST..STEP}`. */
const BRACES = /\{(-?\d+)\.\.(-?\d+)(?:\.\.(-?\d+))?\}/;

function seqCount(numbers: readonly number[]): number {
  const [first, step, last] = numbers.length === 1 ? [1, 1, numbers[0]!] : numbers.length === 2 ? [numbers[0]!, 1, numbers[1]!] : [numbers[0]!, numbers[1]!, numbers[2]!];
  return step === 0 ? 0 : Math.max(0, Math.floor((last - first) / step) + 1);
}

/** The times a `for NAME in WORDS` runs, from each word's text; undefined when some word's count is not spelt out. */
export function forListCount(words: readonly string[]): number | undefined {
  let total = 0;
  for (const word of words) {
    const seq = SEQ.exec(word);
    const braces = BRACES.exec(word);
    if (seq)
      total += seqCount(
        seq
          .slice(1)
          .filter((part) => part !== undefined)
          .map(Number),
      );
    else if (braces) total += Math.floor(Math.abs(Number(braces[2]) - Number(braces[1])) / Math.max(1, Math.abs(Number(braces[3] ?? 1)))) + 1;
    else if (!/[$`]/.test(word)) total += 1;
    else return undefined;
  }
  return total;
}

/** The lines `seq` prints, from its arguments as written (`seq 1 5000` → 5000); undefined when some is not a number. */
export function seqLines(args: readonly string[]): number | undefined {
  const numbers = args.filter((arg) => !/^-[a-z]/.test(arg));
  if (numbers.length === 0 || numbers.length > 3 || !numbers.every((arg) => /^-?\d+$/.test(arg))) return undefined;
  return seqCount(numbers.map(Number));
}

/** A counter's start and the bound it is tested against: `i=0; i<5000`, `[ $i -lt 5000 ]`, `((n <= 200))`. */
const BOUND = /(<=?|-lt|-le)\s*(\d+)/;
const START = /\b[A-Za-z_]\w*\s*=\s*(\d+)/;

/** The times a C-style `for` or a counting `while` runs, from its header's text (the start taken as 0 when unseen). */
export function counterCount(header: string): number | undefined {
  const bound = BOUND.exec(header);
  if (!bound) return undefined;
  const start = START.exec(header);
  const inclusive = bound[1] === "<=" || bound[1] === "-le" ? 1 : 0;
  return Math.max(0, Number(bound[2]) - Number(start?.[1] ?? 0) + inclusive);
}
