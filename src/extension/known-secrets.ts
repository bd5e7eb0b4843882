// The secrets in a judged call's commands as the shell would run them
// (variables expanded, quotes removed), for the audit record: a token the
// input writes in pieces (`a=ghp_…; b=…; "$a$b"`) is whole only there, and
// its pieces are redacted wherever the record quotes the input.
import type { Detector } from "../match/secrets/detector.ts";
import { secretsIn } from "../match/secrets/for-log.ts";
import type { KnownSecret } from "../match/secrets/known-pieces.ts";
import type { Verdict } from "../policy/engine/index.ts";
import { KNOWN_SECRET_SCAN_CHARS } from "../limits.ts";

type ShellView = NonNullable<Verdict["view"]>;

/**
 * What was found in a view, per list of own patterns. A repeated call gets its verdict (and so its view) from the
 * verdict memo: looking its words through every detector again was a third of its audit record's cost. The answer
 * is a function of the view's words and the patterns only, both kept unchanged while they live.
 */
const foundIn = new WeakMap<ShellView, WeakMap<readonly Detector[], KnownSecret[]>>();

export function knownSecrets(verdict: Verdict, own: readonly Detector[]): KnownSecret[] {
  const view = verdict.view;
  if (!view) return [];
  const byOwn = foundIn.get(view) ?? new WeakMap<readonly Detector[], KnownSecret[]>();
  const known = byOwn.get(own);
  if (known) return known;
  const found = scan(view, own);
  byOwn.set(own, found);
  foundIn.set(view, byOwn);
  return found;
}

function scan(view: ShellView, own: readonly Detector[]): KnownSecret[] {
  const words = view.commands.flatMap((command) => [...command.args, ...command.code.map((code) => code.text)]);
  if (words.length === 0 || words.reduce((sum, word) => sum + word.length, 0) > KNOWN_SECRET_SCAN_CHARS) return [];
  return secretsIn(words, own);
}
