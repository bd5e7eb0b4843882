// Our own detectors: for what the kept rule set does not cover (JWTs, bearer
// headers, assigned passwords, credentials in any URL scheme, passwords on
// command lines, Google API keys, AWS access key ids) and for formats where
// the corpus showed it too strict (key lengths that providers have changed,
// private keys cut off by an output cap). Each is an RE2 pattern; where it has
// a capture group, only the group (the secret) is replaced.
import { PRIVATE_KEY_BLOCK, type DetectorSpec } from "./detector.ts";
import { isAssignedSecret, isRealPassword, isUrlPassword } from "./second-look.ts";

/** The words a password assignment starts with: the pattern's literals, so each occurrence is one of them. */
const ASSIGNED_WORDS = "passw(?:or)?d|secret|token|api_?key|access_?key|private_?key";
/** What must follow the word: a key's closing quote, blanks, then `:` or `=` (`"token": …`, `PASSWORD=…`, `secret = …`). */
const ASSIGNMENT_OPERATOR = String.raw`["']?[ \t]*[:=]`;

/**
 * ASSIGNMENT_OPERATOR in plain code, at the end of an assigned word: source code is full of
 * `token` and `password` as names (`if (!token)`, `b.password,`), and a word not followed by
 * an operator cannot start a match, so RE2 need not run around it. Sound because it is the
 * same shape exactly: the optional quote can only be taken (skipping it leaves a quote where
 * a blank or operator must be), blanks are skipped, then the operator must be there. No
 * case folding is involved: these characters have no other case.
 */
function assignmentOperatorAt(text: string, index: number): boolean {
  let at = index;
  if (text[at] === '"' || text[at] === "'") at++;
  while (text[at] === " " || text[at] === "\t") at++;
  return text[at] === ":" || text[at] === "=";
}

const SPECS: Array<Omit<DetectorSpec, "origin">> = [
  {
    id: "private-key",
    block: { ...PRIVATE_KEY_BLOCK, unclosed: "runs-to-end" },
    // Up to the END line, or to the end of the text when an output cap cut the key off.
    pattern: String.raw`-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|$)`,
  },
  { id: "aws", pattern: String.raw`\b((?:AKIA|ASIA|ABIA|ACCA|AROA|AIDA|AGPA|AIPA|ANPA|ANVA|A3T[A-Z0-9])[0-9A-Z]{16})\b`, secret: 1 },
  { id: "github", pattern: String.raw`\b((?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b`, secret: 1 },
  { id: "slack", pattern: String.raw`\b(xox[abposr]-[A-Za-z0-9-]{10,}|https://hooks\.slack\.com/services/T[A-Za-z0-9]+/B[A-Za-z0-9]+/[A-Za-z0-9]+)`, secret: 1 },
  { id: "stripe", pattern: String.raw`\b((?:sk|rk)_live_[A-Za-z0-9]{24,})\b`, secret: 1 },
  { id: "google", pattern: String.raw`\b(AIza[0-9A-Za-z_-]{35})(?:[^0-9A-Za-z_-]|$)`, secret: 1 },
  { id: "openai", pattern: String.raw`\b(sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}T3BlbkFJ[A-Za-z0-9_-]{20,}|sk-proj-[A-Za-z0-9_-]{40,})`, secret: 1 },
  { id: "anthropic", pattern: String.raw`\b(sk-ant-[a-z0-9]+-[A-Za-z0-9_-]{32,})`, secret: 1 },
  { id: "npm", pattern: String.raw`\b(npm_[A-Za-z0-9]{36})\b`, secret: 1 },
  // Vault tokens longer than the preset allows (namespaced tokens carry a suffix).
  { id: "hashicorp-vault", pattern: String.raw`\b((?:hvs|hvb|hvr)\.[A-Za-z0-9_.-]{24,})`, secret: 1 },
  { id: "jwt", pattern: String.raw`\b(eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,})` },
  { id: "bearer-token", pattern: String.raw`(?i)bearer[ \t]+([A-Za-z0-9._~+/-]{16,}=*)`, secret: 1 },
  {
    id: "password-assignment",
    pattern: String.raw`(?i)(?:${ASSIGNED_WORDS})${ASSIGNMENT_OPERATOR}[ \t]*(?:"([^"\s]{4,})"|'([^'\s]{4,})'|([^\s"',;]{6,}))`,
    accept: isAssignedSecret,
    literalFollowedBy: assignmentOperatorAt,
  },
  {
    // scheme://user:password@host for any scheme (redis, amqp, ftp, smtp, …); the password may hold '@' or ':'.
    id: "url-credentials",
    pattern: String.raw`\b[A-Za-z][A-Za-z0-9+.-]*://[^\s:/@]*:([^\s/]+)@[A-Za-z0-9._-]`,
    secret: 1,
    accept: isUrlPassword,
  },
  {
    // --password=…, --password "…", -password …: the value of a password option on a command line.
    id: "command-line-password",
    pattern: String.raw`(?m)(?:^|[ \t'"])--?(?:password|passwd|pass|pwd)(?:=|[ \t]+)(?:"([^"]+)"|'([^']+)'|([^\s"'-][^\s"']*))`,
    accept: (secret) => isRealPassword(secret),
  },
  {
    // -p'…' / -p"…" (mysql and friends take the password glued to -p).
    id: "command-line-password",
    pattern: String.raw`(?m)(?:^|[ \t])(?:-p"([^"\n]+)"|-p'([^'\n]+)')`,
    accept: (secret) => isRealPassword(secret),
  },
  {
    // An unquoted -pVALUE only on a mysql-family command line: elsewhere -p8080 is a port.
    id: "command-line-password",
    pattern: String.raw`\b(?:mysql|mysqldump|mysqladmin|mysqlimport|mariadb|mariadb-dump)\b[^\n]*?[ \t]-p([^\s'"]+)`,
    secret: 1,
    accept: (secret) => isRealPassword(secret),
  },
];

export const OWN_DETECTORS: DetectorSpec[] = SPECS.map((spec) => ({ ...spec, origin: "synaps-policy" }));
