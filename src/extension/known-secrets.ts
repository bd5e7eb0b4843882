// The secrets in a judged call's commands as the shell would run them
// (variables expanded, quotes removed), for the audit record: a token the
// input writes in pieces (`a=ghp_…; b=…; "$a$b"`) is whole only there, and
// its pieces are redacted wherever the record quotes the input.
import type { Detector } from "../match/secrets/detector.ts";
import { secretsIn } from "../match/secrets/for-log.ts";
import type { KnownSecret } from "../match/secrets/known-pieces.ts";
import type { Verdict } from "../policy/engine/index.ts";

/** The expanded words of the commands judged are this long at most to be looked through for secrets. */
const KNOWN_SECRET_SCAN_CHARS = 64 * 1024;

export function knownSecrets(verdict: Verdict, own: readonly Detector[]): KnownSecret[] {
  const words = verdict.view?.commands.flatMap((command) => [...command.args, ...command.code.map((code) => code.text)]) ?? [];
  if (words.length === 0 || words.reduce((sum, word) => sum + word.length, 0) > KNOWN_SECRET_SCAN_CHARS) return [];
  return secretsIn(words, own);
}
