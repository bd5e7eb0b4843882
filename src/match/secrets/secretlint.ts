// Provider secret formats from secretlint's recommended preset (npm
// @secretlint/secretlint-rule-preset-recommend, MIT), kept by its authors and
// pinned in package.json. The preset's rules scan with JavaScript's own
// (backtracking) regular expressions, which must not run on tool output here;
// so each rule is run once on a recording stand-in for a file, which notes the
// patterns the rule hands to `matchAll`. Each pattern is then translated to
// RE2 — edge lookarounds become character checks, counted repeats above RE2's
// long counted repeats become open-ended, flags move inline — and compiled by re2js; one that
// still does not compile is dropped and listed. Nothing of the rule set is
// copied into this repository: a new preset version brings its own patterns.
import { PRIVATE_KEY_BLOCK, type DetectorSpec } from "./detector.ts";
import type { HarvestedPattern } from "./preset-harvest.ts";
import { accessKeyAssigned, allOf, beginBefore, boundedRunThen, byLiteral, runAfter, runBeforeHolds, tailscaleKind, userPasswordAfter } from "./literal-checks.ts";
import { isUrlPassword } from "./second-look.ts";

/**
 * What we know about each preset rule: the family id it serves and where in a match the secret is. `secret: 0`
 * (the whole match) where a rule's first group is the token's kind (`(?<prefix>sk_live|sk_test)`, `(shpat|…)`):
 * without it only the kind was redacted and the key itself went on (`[REDACTED:stripe]_rA3g…`, issue 26).
 */
/**
 * `literalCheck` reads what each of the rule's patterns needs next to its literals (a check per rule holds for
 * all its patterns); test/unit/match/secrets/literal-checks.test.ts compares findings with and without it, so a
 * new preset version whose patterns it no longer fits fails there.
 */
type RuleUse = Pick<DetectorSpec, "secret" | "accept" | "block" | "literalCheck"> & { family: string };

const RULE_USE: Record<string, RuleUse | "skip"> = {
  // The preset skips AWS's documentation example keys; we redact them like any key (a guard never lets a key-shaped value through).
  aws: { family: "aws", secret: 1, literalCheck: accessKeyAssigned },
  gcp: "skip", // reads a whole service-account JSON file; its private key is caught by private-key
  // Its pattern ends with the -----END line: a block without one holds no match of it (ours redacts a key cut off).
  privatekey: { family: "private-key", block: { ...PRIVATE_KEY_BLOCK, unclosed: "no-match" }, literalCheck: beginBefore },
  npm: { family: "npm", literalCheck: runAfter("A-Za-z0-9_", 36) },
  basicauth: { family: "url-credentials", secret: "password", accept: isUrlPassword, literalCheck: userPasswordAfter(1) },
  // xoxb- and friends go on with a word; the hook's `…/services/T` with up to 40 characters, then `/B`.
  slack: { family: "slack", literalCheck: byLiteral([["https", boundedRunThen("a-zA-Z0-9", 1, 40, "/b", true)]], runAfter("A-Za-z0-9", 1)) },
  sendgrid: { family: "sendgrid", secret: 0, literalCheck: runAfter("A-Za-z0-9_", 1) },
  shopify: { family: "shopify", secret: 0, literalCheck: runAfter("A-Za-z0-9", 32) },
  stripe: { family: "stripe", secret: 0, literalCheck: runAfter("A-Za-z0-9", 24) },
  // ghs_ also starts the `ghs_<digits>_…` form: two word characters hold for every form.
  github: { family: "github", secret: 0, literalCheck: runAfter("A-Za-z0-9_", 2) },
  gitlab: { family: "gitlab", literalCheck: runAfter("A-Za-z0-9_-", 20) },
  grafana: { family: "grafana", literalCheck: runAfter("A-Za-z0-9+/", 32) },
  openai: { family: "openai", literalCheck: allOf(runBeforeHolds("A-Za-z0-9_-", "sk-"), runAfter("A-Za-z0-9_-", 20)) },
  anthropic: { family: "anthropic", literalCheck: runAfter("0-9", 1) },
  groq: { family: "groq", literalCheck: runAfter("A-Za-z0-9", 52) },
  huggingface: { family: "huggingface", literalCheck: runAfter("A-Za-z", 34) },
  linear: { family: "linear", literalCheck: runAfter("A-Za-z0-9_", 32) },
  notion: { family: "notion", literalCheck: runAfter("0-9", 11) },
  "1password": { family: "1password", literalCheck: (text, _start, end) => text.startsWith("ey", end) },
  "database-connection-string": { family: "database-url", secret: "password", accept: isUrlPassword, literalCheck: userPasswordAfter(1) },
  "hashicorp-vault": { family: "hashicorp-vault", literalCheck: runAfter("A-Za-z0-9_-", 90) },
  vercel: { family: "vercel", secret: 0, literalCheck: runAfter("A-Za-z0-9", 20) },
  databricks: { family: "databricks", secret: 0, literalCheck: runAfter("A-Fa-f0-9", 32) },
  docker: { family: "docker", literalCheck: runAfter("A-Za-z0-9_-", 27) },
  figma: { family: "figma", literalCheck: runAfter("A-Za-z0-9_-", 40) },
  cloudflare: { family: "cloudflare", secret: 0, literalCheck: runAfter("A-Za-z0-9", 40) },
  tailscale: { family: "tailscale", secret: 0, literalCheck: tailscaleKind },
  "filter-comments": "skip", // not a detector: it honours secretlint-disable comments in source files
};

export type DroppedPattern = HarvestedPattern & { problem: string };

export type PresetDetectors = { specs: DetectorSpec[]; dropped: DroppedPattern[]; unknownRules: string[] };

/** The detectors made from the preset's harvested patterns (preset-harvest.ts). */
export function presetDetectorSpecs(harvestedPatterns: readonly HarvestedPattern[]): PresetDetectors {
  const specs: DetectorSpec[] = [];
  const dropped: DroppedPattern[] = [];
  const unknownRules = new Set<string>();
  for (const harvested of harvestedPatterns) {
    const use = RULE_USE[harvested.rule];
    if (use === "skip") continue;
    if (use === undefined) unknownRules.add(harvested.rule);
    const translated = toRe2(harvested.source, harvested.flags);
    if (typeof translated === "string") {
      dropped.push({ ...harvested, problem: translated });
      continue;
    }
    specs.push({
      id: use?.family ?? harvested.rule,
      origin: "secretlint",
      ...translated,
      ...(use?.secret !== undefined ? { secret: use.secret } : {}),
      ...(use?.accept ? { accept: use.accept } : {}),
      ...(use?.block ? { block: use.block } : {}),
      ...(use?.literalCheck ? { literalCheck: use.literalCheck } : {}),
    });
  }
  return { specs, dropped, unknownRules: [...unknownRules] };
}

const LEADING_LOOKBEHIND = /^\(\?<!(\\p\{L\}|\\w|\[[^\]]*\])\)/;
const TRAILING_LOOKAHEAD = /\(\?!(\\p\{L\}|\\w|\[[^\]]*\])\)$/;
/** Upper bounds of counted repeats above this become open-ended (RE2 refuses counts above 1000 anyway). */
const OPEN_ENDED_ABOVE = 64;

/**
 * A JavaScript pattern in RE2 syntax, with its edge lookarounds as character
 * checks; or why it cannot be translated. (This reads the preset's pattern
 * sources — short, trusted text — never tool output.)
 */
function toRe2(source: string, flags: string): Pick<DetectorSpec, "pattern" | "notPrecededBy" | "notFollowedBy"> | string {
  let pattern = source;
  let notPrecededBy: string | undefined;
  let notFollowedBy: string | undefined;
  const behind = LEADING_LOOKBEHIND.exec(pattern);
  if (behind) {
    notPrecededBy = behind[1];
    pattern = pattern.slice(behind[0].length);
  }
  const ahead = TRAILING_LOOKAHEAD.exec(pattern);
  if (ahead) {
    notFollowedBy = ahead[1];
    pattern = pattern.slice(0, -ahead[0].length);
  }
  if (/\(\?<?[=!]/.test(pattern)) return "a lookaround inside the pattern (RE2 has none)";
  // A long counted repeat costs one RE2 instruction per count on every character scanned; an open end costs one.
  // Dropping the upper bound only lets an over-long token be redacted too.
  pattern = pattern.replace(/\{(\d+),(\d+)\}/g, (whole, min: string, max: string) => (Number(max) > OPEN_ENDED_ABOVE ? `{${min},}` : whole));
  const inline = [...flags].filter((flag) => flag === "i" || flag === "m" || flag === "s").join("");
  if (inline) pattern = `(?${inline})${pattern}`;
  return { pattern, ...(notPrecededBy ? { notPrecededBy } : {}), ...(notFollowedBy ? { notFollowedBy } : {}) };
}
