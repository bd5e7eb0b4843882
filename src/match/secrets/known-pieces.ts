// A secret the shell put together from pieces: `a=ghp_16C7; b=e42F…; curl
// -H "token $a$b"`. The detectors see the whole token only in the expanded
// command (the shell view), while the input as written holds it in parts; so
// the audit record's copy of the input has every piece of a secret found in
// the view replaced. Plain string searches over short texts.
import type { Finding } from "./redact.ts";

/** A secret found in an expanded word, and the family that found it. */
export type KnownSecret = { text: string; detector: string };

/** Pieces shorter than this are too common to mean the secret. */
const SHORTEST_PIECE = 6;
/** Secrets longer than this (a private key) are not looked for in pieces; a key is not assembled from variables. */
const LONGEST_SECRET = 512;

/** Spans of the text that are pieces (SHORTEST_PIECE characters or more, taken left to right, longest first) of a known secret. */
export function pieceFindings(text: string, secrets: readonly KnownSecret[]): Finding[] {
  const found: Finding[] = [];
  for (const secret of secrets) {
    if (secret.text.length > LONGEST_SECRET) continue;
    let at = 0;
    while (at <= secret.text.length - SHORTEST_PIECE) {
      const length = longestPieceAt(text, secret.text, at);
      if (length === 0) {
        at++;
        continue;
      }
      const piece = secret.text.slice(at, at + length);
      for (let index = text.indexOf(piece); index >= 0; index = text.indexOf(piece, index + length)) found.push({ detector: secret.detector, start: index, end: index + length });
      at += length;
    }
  }
  return found;
}

/** The length of the longest piece of `secret` starting at `at` that the text holds (0 when not even the shortest): occurring is monotone in length, so a binary search. */
function longestPieceAt(text: string, secret: string, at: number): number {
  if (!text.includes(secret.slice(at, at + SHORTEST_PIECE))) return 0;
  let low = SHORTEST_PIECE;
  let high = secret.length - at;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (text.includes(secret.slice(at, at + middle))) low = middle;
    else high = middle - 1;
  }
  return low;
}
