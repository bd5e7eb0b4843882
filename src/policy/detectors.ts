// Built-in secret detectors for redaction. Each is an RE2 pattern; where it
// has a capture group, only the group (the secret itself) is replaced, so
// `password = hunter22` becomes `password = [REDACTED:password-assignment]`.
import { compileRegex, type LinearRegex } from "../match/regex.ts";

type DetectorSpec = {
  pattern: string;
  /** A second look at a candidate, for what a regex cannot say (no lookaround in RE2). */
  accept?: (secret: string) => boolean;
  /**
   * Literal text every match contains (plain alternatives, so JavaScript's
   * engine finds it in linear time). The pattern then runs only on the lines
   * around each hint: a 256 KiB output is scanned natively, not by RE2.
   */
  hint?: RegExp;
};

const SPECS = {
  "private-key": {
    pattern: String.raw`-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|$)`,
  },
  "aws-access-key": { hint: /AKIA|ASIA|ABIA|ACCA|AROA|AIDA/g, pattern: String.raw`\b((?:AKIA|ASIA|ABIA|ACCA|AROA|AIDA)[0-9A-Z]{16})\b` },
  "aws-secret-key": {
    hint: /secret|sk/gi,
    pattern: String.raw`(?i)(?:secret|sk)[a-z_]{0,20}["']?\s*[:=]\s*["']?([A-Za-z0-9/+]{40})\b`,
  },
  "github-token": { hint: /gh[pousr]_|github_pat_/g, pattern: String.raw`\b((?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b` },
  "slack-token": { hint: /xox|hooks\.slack\.com/g, pattern: String.raw`\b(xox[abposr]-[A-Za-z0-9-]{10,}|https://hooks\.slack\.com/services/T[A-Za-z0-9]+/B[A-Za-z0-9]+/[A-Za-z0-9]+)` },
  "stripe-live-key": { hint: /_live_/g, pattern: String.raw`\b((?:sk|rk)_live_[A-Za-z0-9]{24,})\b` },
  "google-api-key": { hint: /AIza/g, pattern: String.raw`\b(AIza[0-9A-Za-z_-]{35})(?:[^0-9A-Za-z_-]|$)` },
  "openai-key": { hint: /sk-/g, pattern: String.raw`\b(sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}T3BlbkFJ[A-Za-z0-9_-]{20,}|sk-proj-[A-Za-z0-9_-]{40,})` },
  "anthropic-key": { hint: /sk-ant-/g, pattern: String.raw`\b(sk-ant-[a-z0-9]+-[A-Za-z0-9_-]{32,})` },
  "npm-token": { hint: /npm_/g, pattern: String.raw`\b(npm_[A-Za-z0-9]{36})\b` },
  jwt: { hint: /eyJ/g, pattern: String.raw`\b(eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,})` },
  "bearer-token": { hint: /bearer/gi, pattern: String.raw`(?i)bearer\s+([A-Za-z0-9._~+/-]{16,}=*)` },
  "password-assignment": {
    hint: /passw|passwd|secret|token|api_?key|access_?key|private_?key/gi,
    pattern: String.raw`(?i)(?:passw(?:or)?d|secret|token|api_?key|access_?key|private_?key)["']?\s*[:=]\s*(?:"([^"\s]{6,})"|'([^'\s]{6,})'|([^\s"',;]{6,}))`,
    // `token: string`, `password = getPassword()`, `secret: ${SECRET}` are code, not secrets.
    accept: (secret) => /[0-9]/.test(secret) && !/^[$%{<(]/.test(secret) && !/\(\)?$/.test(secret),
  },
} satisfies Record<string, DetectorSpec>;

export type DetectorName = keyof typeof SPECS;
export const DETECTOR_NAMES = Object.keys(SPECS) as DetectorName[];

export type Detector = { name: string; regex: LinearRegex; accept?: (secret: string) => boolean; hint?: RegExp };

let compiled: Detector[] | undefined;

/** All built-in detectors, compiled once on first use. */
export function builtinDetectors(): Detector[] {
  compiled ??= Object.entries(SPECS).map(([name, spec]) => ({
    name,
    regex: compileRegex(spec.pattern),
    ...("accept" in spec ? { accept: spec.accept } : {}),
    ...("hint" in spec ? { hint: spec.hint } : {}),
  }));
  return compiled;
}

export function detectorsNamed(names: readonly string[]): Detector[] {
  return builtinDetectors().filter((detector) => names.includes(detector.name));
}

export type Redaction = { text: string; counts: Record<string, number> };

/** Replace every secret the detectors find with [REDACTED:<name>]. */
export function redact(text: string, detectors: readonly Detector[]): Redaction {
  const counts: Record<string, number> = {};
  let current = text;
  for (const detector of detectors) {
    const replace = (text: string) =>
      detector.regex.replaceAll(text, (match, groups) => {
        const secret = groups.find((group) => group !== undefined && group !== "");
        if (secret !== undefined && detector.accept && !detector.accept(secret)) return match;
        counts[detector.name] = (counts[detector.name] ?? 0) + 1;
        const marker = `[REDACTED:${detector.name}]`;
        if (secret === undefined) return marker;
        const at = match.lastIndexOf(secret);
        return match.slice(0, at) + marker + match.slice(at + secret.length);
      });
    current = detector.hint ? replaceAroundHints(current, detector.hint, replace) : replace(current);
  }
  return { text: current, counts };
}

/** Lines around a hint are at most this long on either side; a secret sits next to its hint. */
const WINDOW = 2048;

/** Apply `replace` to the lines that contain a hint, and leave the rest of the text as it is. */
function replaceAroundHints(text: string, hint: RegExp, replace: (text: string) => string): string {
  let out = "";
  let copied = 0;
  let windowStart = -1;
  let windowEnd = -1;
  hint.lastIndex = 0;
  for (let found = hint.exec(text); found; found = hint.exec(text)) {
    const at = found.index;
    const start = Math.max(text.lastIndexOf("\n", at) + 1, at - WINDOW, 0);
    const newline = text.indexOf("\n", at);
    const end = Math.min(newline < 0 ? text.length : newline, at + WINDOW);
    if (windowStart >= 0 && start <= windowEnd) {
      windowEnd = Math.max(windowEnd, end);
    } else {
      if (windowStart >= 0) {
        out += text.slice(copied, windowStart) + replace(text.slice(windowStart, windowEnd));
        copied = windowEnd;
      }
      windowStart = start;
      windowEnd = end;
    }
    hint.lastIndex = Math.max(end, at + 1);
  }
  if (windowStart < 0) return text;
  return out + text.slice(copied, windowStart) + replace(text.slice(windowStart, windowEnd)) + text.slice(windowEnd);
}

/** Redact with every built-in detector: for logs, audit records and reasons. */
export function redactAll(text: string): string {
  return redact(text, builtinDetectors()).text;
}
