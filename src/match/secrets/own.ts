// Our own detectors: for what the kept rule set does not cover (JWTs, bearer
// headers, assigned passwords, credentials in any URL scheme, passwords and
// tokens on command lines — options, settings, `curl -u user:pw` —, Google API
// keys, AWS access key ids) and for formats where
// the corpus showed it too strict (key lengths that providers have changed,
// private keys cut off by an output cap). Each is an RE2 pattern; where it has
// a capture group, only the group (the secret) is replaced.
import { CONTEXT_AFTER_CHARS } from "../../limits.ts";
import { PRIVATE_KEY_BLOCK, type DetectorSpec } from "./detector.ts";
import {
  basicAuthorization,
  beginBefore,
  allOf,
  blanksThenRun,
  boundedRunThen,
  byLiteral,
  runBeforeHolds,
  configSetsSecret,
  gluedQuotedValue,
  type LiteralCheck,
  optionValueAfter,
  optionWithValue,
  programWithOptionLater,
  runAfter,
  runAround,
  userPasswordAfter,
  valueAfterKey,
} from "./literal-checks.ts";
import { isAssignedSecret, isEncodedPrivateKey, isRealPassword, isUrlPassword } from "./second-look.ts";

/** The characters of URL-safe tokens (OpenAI keys, JWT parts). */
const TOKEN_URLSAFE = "A-Za-z0-9_-";
/** `xox` then the token's kind and a dash: `xoxb-`, `xoxp-`. */
const slackType: LiteralCheck = (text, _start, end) => {
  const kind = text[end];
  return kind !== undefined && "abposr".includes(kind) && text[end + 1] === "-";
};

/** The words a password assignment starts with: the pattern's literals, so each occurrence is one of them. */
const ASSIGNED_WORDS = "passw(?:or)?d|secret|token|api_?key|access_?key|private_?key";
/** What must follow the word: a key's closing quote, blanks, then `:` or `=` (`"token": …`, `PASSWORD=…`, `secret = …`). */
const ASSIGNMENT_OPERATOR = String.raw`["']?[ \t]*[:=]`;
/** The value after the operator and blanks: quoted (4 or more characters) or bare (6 or more). */
const ASSIGNED_VALUE = String.raw`(?:"([^"\s]{4,})"|'([^'\s]{4,})'|([^\s"',;]{6,}))`;
/** The characters a bare value stops at: RE2's `\s` (tab, newline, form feed, carriage return, space) and `"',;`. */
const BARE_VALUE_STOPS = new Set(["\t", "\n", "\f", "\r", " ", '"', "'", ",", ";"]);
const SHORTEST_BARE_VALUE = 6;
/** An option's value on a command line: quoted, or a bare word that does not start with `-` (the next option). */
const OPTION_VALUE = String.raw`(?:"([^"]+)"|'([^']+)'|([^\s"'-][^\s"']*))`;

/**
 * The pattern after an assigned word, in plain code, as far as needed to tell that RE2 would find
 * nothing there to keep: source code is full of `token` and `password` as names (`if (!token)`,
 * `b.password,`, `token: string`, `password = getPassword()`), and each RE2 run costs microseconds.
 * Sound because it reads the same shape RE2 would take from this word, leftmost-first: the
 * optional quote can only be taken (skipping it leaves a quote where a blank or operator must be),
 * blanks are taken greedily, then the operator, blanks, and the value. A quoted value is left to
 * RE2. A bare value is the whole run up to a stop character (greedy, and nothing follows it in the
 * pattern): shorter than six, there is no match; refused by the detector's second look, the match
 * would be dropped. A run that reaches the end of RE2's window is left to RE2, which sees only the
 * window. These characters have no other case, so folding does not matter.
 */
function assignmentWorthMatching(text: string, wordStart: number, wordEnd: number): boolean {
  let at = wordEnd;
  if (text[at] === '"' || text[at] === "'") at++;
  while (text[at] === " " || text[at] === "\t") at++;
  if (text[at] !== ":" && text[at] !== "=") return false;
  at++;
  while (text[at] === " " || text[at] === "\t") at++;
  if (text[at] === '"' || text[at] === "'") return true;
  // RE2's window runs CONTEXT_AFTER_CHARS from the word's start (or further, joined with the next one).
  const windowEnd = wordStart + CONTEXT_AFTER_CHARS;
  const start = at;
  while (at < text.length && !BARE_VALUE_STOPS.has(text[at]!)) {
    if (at >= windowEnd) return true;
    at++;
  }
  if (at - start < SHORTEST_BARE_VALUE) return false;
  const value = text.slice(start, at);
  // A bare match ends with its value: the second look reads it as it would.
  return isAssignedSecret(value, value);
}

const SPECS: Array<Omit<DetectorSpec, "origin">> = [
  {
    id: "private-key",
    block: { ...PRIVATE_KEY_BLOCK, unclosed: "runs-to-end" },
    // Up to the END line, or to the end of the text when an output cap cut the key off.
    pattern: String.raw`-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|$)`,
    literalCheck: beginBefore,
  },
  { id: "aws", pattern: String.raw`\b((?:AKIA|ASIA|ABIA|ACCA|AROA|AIDA|AGPA|AIPA|ANPA|ANVA|A3T[A-Z0-9])[0-9A-Z]{16})\b`, secret: 1, literalCheck: runAfter("0-9A-Z", 16) },
  // Open-ended: a counted upper bound costs one RE2 instruction per count on every character scanned (983 against 47).
  { id: "github", pattern: String.raw`\b((?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})\b`, secret: 1, literalCheck: runAfter("A-Za-z0-9_", 22) },
  {
    id: "slack",
    pattern: String.raw`\b(xox[abposr]-[A-Za-z0-9-]{10,}|https://hooks\.slack\.com/services/T[A-Za-z0-9]+/B[A-Za-z0-9]+/[A-Za-z0-9]+)`,
    secret: 1,
    literalCheck: byLiteral([["xox", slackType]], boundedRunThen("A-Za-z0-9", 1, Number.POSITIVE_INFINITY, "/B", false)),
  },
  { id: "stripe", pattern: String.raw`\b((?:sk|rk)_live_[A-Za-z0-9]{24,})\b`, secret: 1, literalCheck: runAfter("A-Za-z0-9", 24) },
  { id: "google", pattern: String.raw`\b(AIza[0-9A-Za-z_-]{35})(?:[^0-9A-Za-z_-]|$)`, secret: 1, literalCheck: runAfter("0-9A-Za-z_-", 35) },
  {
    id: "openai",
    pattern: String.raw`\b(sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}T3BlbkFJ[A-Za-z0-9_-]{20,}|sk-proj-[A-Za-z0-9_-]{40,})`,
    secret: 1,
    literalCheck: byLiteral([["sk-proj-", runAfter(TOKEN_URLSAFE, 20)]], allOf(runBeforeHolds(TOKEN_URLSAFE, "sk-"), runAfter(TOKEN_URLSAFE, 20))),
  },
  { id: "anthropic", pattern: String.raw`\b(sk-ant-[a-z0-9]+-[A-Za-z0-9_-]{32,})`, secret: 1, literalCheck: runAfter("a-z0-9", 1) },
  { id: "npm", pattern: String.raw`\b(npm_[A-Za-z0-9]{36})\b`, secret: 1, literalCheck: runAfter("A-Za-z0-9", 36) },
  // Vault tokens longer than the preset allows (namespaced tokens carry a suffix).
  // SendGrid keys are `SG.`, 22 then 43 characters of base64url: the preset's pattern leaves out `-`,
  // which real keys hold, so a key with one was not found at all without a `KEY=` beside it.
  { id: "sendgrid", pattern: String.raw`\b(SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43})`, secret: 1, literalCheck: runAfter(TOKEN_URLSAFE, 22) },
  { id: "hashicorp-vault", pattern: String.raw`\b((?:hvs|hvb|hvr)\.[A-Za-z0-9_.-]{24,})`, secret: 1, literalCheck: runAfter("A-Za-z0-9_.-", 24) },
  { id: "jwt", pattern: String.raw`\b(eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,})`, literalCheck: runAround(TOKEN_URLSAFE, 11, 8) },
  { id: "bearer-token", pattern: String.raw`(?i)bearer[ \t]+([A-Za-z0-9._~+/-]{16,}=*)`, secret: 1, literalCheck: blanksThenRun("A-Za-z0-9._~+/-", 16) },
  // Authorization: Basic <base64 of user:password> — the password, encoded, in a header.
  { id: "bearer-token", pattern: String.raw`(?i)authorization["']?[ \t]*[:=][ \t]*["']?basic[ \t]+([A-Za-z0-9+/]{8,}={0,2})`, secret: 1, literalCheck: basicAuthorization },
  {
    id: "password-assignment",
    pattern: String.raw`(?i)(?:${ASSIGNED_WORDS})${ASSIGNMENT_OPERATOR}[ \t]*${ASSIGNED_VALUE}`,
    accept: isAssignedSecret,
    literalFollowedBy: assignmentWorthMatching,
  },
  {
    // scheme://user:password@host for any scheme (redis, amqp, ftp, smtp, …); the password may hold '@' or ':'.
    id: "url-credentials",
    pattern: String.raw`\b[A-Za-z][A-Za-z0-9+.-]*://[^\s:/@]*:([^\s/]+)@[A-Za-z0-9._-]`,
    secret: 1,
    accept: isUrlPassword,
    literalCheck: userPasswordAfter(0),
  },
  {
    // --password=…, --password "…", -password …: the value of a password option on a command line.
    id: "command-line-password",
    pattern: String.raw`(?m)(?:^|[ \t'"])--?(?:password|passwd|pass|pwd)(?:=|[ \t]+)(?:"([^"]+)"|'([^']+)'|([^\s"'-][^\s"']*))`,
    accept: (secret) => isRealPassword(secret),
    literalCheck: optionWithValue,
  },
  {
    // --api-key …, --client-secret=…, --auth-token …: an option whose name ends in a secret's name, and its value.
    id: "command-line-password",
    pattern: String.raw`(?m)(?:^|[ \t'"])--?[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*-(?:password|passwd|pass|pwd|token|secret|key)(?:=|[ \t]+)${OPTION_VALUE}`,
    accept: (secret) => isRealPassword(secret),
    literalCheck: optionValueAfter,
  },
  {
    // --token …, --api-key …, --secret …: an option named for a secret, and its value.
    id: "command-line-password",
    pattern: String.raw`(?m)(?:^|[ \t'"])-?-(?:token|secret|api_key|api-key|apikey|access_key|access-key|secret_key|secret-key|auth_token|auth-token)(?:=|[ \t]+)${OPTION_VALUE}`,
    accept: (secret) => isRealPassword(secret),
    literalCheck: optionWithValue,
  },
  {
    // `aws configure set aws_secret_access_key …`, `npm config set //host/:_password …`, `git config x.smtppass …`:
    // a setting named for a secret, set on a command line, and its value.
    id: "command-line-password",
    pattern: String.raw`(?i)\b(?:config|configure)[ \t]+(?:set[ \t]+)?(?:--?[a-z-]+[ \t]+)*[^\s="']*(?:passw(?:or)?d|pass|pwd|secret|token|api_?key|access_?key|private_?key)[^\s="']*[ \t]+${OPTION_VALUE}`,
    accept: (secret) => isRealPassword(secret),
    literalCheck: configSetsSecret,
  },
  {
    // curl -u user:password, --user=user:password, -U (the proxy's): the password after the first colon.
    id: "command-line-password",
    pattern: String.raw`\bcurl\b[^\n]*?[ \t](?:-u|--user|-U|--proxy-user)(?:=|[ \t]+)?(?:"[^":\s]*:([^"\s]+)"|'[^':\s]*:([^'\s]+)'|[^\s"':]*:([^\s"']+))`,
    accept: (secret) => isRealPassword(secret),
    literalCheck: programWithOptionLater(["-u", "-U", "--user", "--proxy-user"], false),
  },
  {
    // docker login -p …, podman login -p …: registries' password option on the login line.
    id: "command-line-password",
    pattern: String.raw`\b(?:docker|podman|buildah|skopeo|helm|oras)\b[^\n]*?[ \t]login\b[^\n]*?[ \t]-p(?:=|[ \t]+)${OPTION_VALUE}`,
    accept: (secret) => isRealPassword(secret),
    literalCheck: programWithOptionLater(["-p"], true),
  },
  {
    // -p'…' / -p"…" (mysql and friends take the password glued to -p).
    id: "command-line-password",
    pattern: String.raw`(?m)(?:^|[ \t])(?:-p"([^"\n]+)"|-p'([^'\n]+)')`,
    accept: (secret) => isRealPassword(secret),
    literalCheck: gluedQuotedValue,
  },
  {
    // An unquoted -pVALUE only on a mysql-family command line: elsewhere -p8080 is a port.
    id: "command-line-password",
    pattern: String.raw`\b(?:mysql|mysqldump|mysqladmin|mysqlimport|mariadb|mariadb-dump)\b[^\n]*?[ \t]-p([^\s'"]+)`,
    secret: 1,
    accept: (secret) => isRealPassword(secret),
    literalCheck: programWithOptionLater(["-p"], false),
  },
  {
    // The same key base64-encoded (`LS0tLS1CRUdJTi` is `-----BEGIN`): a kubeconfig's client-key-data, a Secret
    // manifest's tls.key, `base64 -w0 id_rsa`. Found on its line; the second look decodes the start and keeps only
    // a private key's header (an encoded certificate or public key is not a secret).
    id: "private-key",
    pattern: String.raw`\b(LS0tLS1CRUdJTi[A-Za-z0-9+/]{40,}={0,2})`,
    secret: 1,
    accept: isEncodedPrivateKey,
    literalCheck: runAfter("A-Za-z0-9+/", 40),
  },
  // A kubeconfig's client-key-data is its user's private key whatever the encoding holds (a key the tools wrote
  // in another form, or one the second look above cannot decode): the key name says so.
  { id: "private-key", pattern: String.raw`\bclient-key-data:[ \t]*["']?([A-Za-z0-9+/]{20,}={0,2})`, secret: 1, literalCheck: valueAfterKey("A-Za-z0-9+/", 20) },
];

export const OWN_DETECTORS: DetectorSpec[] = SPECS.map((spec) => ({ ...spec, origin: "synaps-policy" }));
