// Our own detectors' shortcuts around RE2: the password assignment's look at
// what follows a word (literalFollowedBy), and the cut-off private key found
// on its opening line. Each must give exactly what RE2 gives without it.
import { describe, expect, test } from "bun:test";
import { RE2JS } from "re2js";
import type { Detector } from "../../../../src/match/secrets/detector.ts";
import { foldForSearch } from "../../../../src/match/regex-facts.ts";
import { type Finding, redactOutput } from "../../../../src/match/secrets/redact.ts";
import { detectorsFor } from "../../../../src/match/secrets/registry.ts";
import { seededRandom } from "../generated-regex.ts";
import { setTestLimit } from "../../../support/test-limit.ts";
import { countText, generatedCases } from "../../../support/generated.ts";
import { secretsCorpus } from "../../../support/secrets-corpus.ts";

setTestLimit();

const unlimited = { work: Number.POSITIVE_INFINITY, timeMs: Number.POSITIVE_INFINITY, now: () => 0 };
const [assignment] = detectorsFor(["password-assignment"]) as [Detector];
const ownKey = detectorsFor(["private-key"]).find((detector) => detector.origin === "synaps-policy")!;

function findings(text: string, detector: Detector): Finding[] {
  const outcome = redactOutput(text, [detector], unlimited);
  return outcome.kind === "clean" ? [] : outcome.findings;
}

const sameSpan = (one: Finding, other: Finding) => one.start === other.start && one.end === other.end;

/** Where an assigned word starts, at or before a position. */
function wordStarts(text: string, before: number): number[] {
  const folded = foldForSearch(text);
  const starts: number[] = [];
  for (const word of assignment.regex.facts.anyOf!) {
    for (let at = folded.indexOf(word); at >= 0 && at <= before; at = folded.indexOf(word, at + 1)) starts.push(at);
  }
  return starts;
}

function redacted(text: string, detector: Detector): string {
  const outcome = redactOutput(text, [detector], unlimited);
  return outcome.kind === "redacted" ? outcome.text : text;
}

/** Text made of assignment words in any case, quotes, blanks, operators and values: where the shortcut could go wrong. */
function assignmentText(random: () => number): string {
  const pieces = ["password", "PASSWORD", "Passwd", "token", "Secret", "ſecret", "api_key", "apiKey", "access_key", "PrivateKey", "pass", "tok"];
  const glue = [
    '"',
    "'",
    " ",
    "\t",
    ":",
    "=",
    "=>",
    "hunter2x",
    "s3cr3tValue",
    "getPassword()",
    "string",
    ",",
    ";",
    "\n",
    "x",
    "İ",
    "--",
    "config.db.pw",
    "${PASS}",
    "changeme",
    "\v",
    "\f",
    "(",
    "xxxxxxxx",
    "None",
  ];
  let text = "";
  const count = 4 + Math.floor(random() * 40);
  for (let index = 0; index < count; index++) {
    const from = random() < 0.3 ? pieces : glue;
    text += from[Math.floor(random() * from.length)];
  }
  return text;
}

describe("password-assignment looks at what follows a word before RE2 runs", () => {
  test.each([
    ['password = "hunter2x"', 'password = "[REDACTED:password-assignment]"'],
    ['"password": "hunter2x"', '"password": "[REDACTED:password-assignment]"'],
    ["'token' : 'abcd1234'", "'token' : '[REDACTED:password-assignment]'"],
    ["PASSWORD=hunter2xyz", "PASSWORD=[REDACTED:password-assignment]"],
    ["password: hunter2xyz", "password: [REDACTED:password-assignment]"],
    ["db_passwd\t=\ths8Kq2mZ", "db_passwd\t=\t[REDACTED:password-assignment]"],
    ["API_KEY=ak_8f3k2m9q", "API_KEY=[REDACTED:password-assignment]"],
    ["apiKey: 'k8f3k2m9q'", "apiKey: '[REDACTED:password-assignment]'"],
    ["aws_access_key = AKx8f3k2m9q", "aws_access_key = [REDACTED:password-assignment]"],
    ["privateKey=Zm9vYmFyYmF6", "privateKey=[REDACTED:password-assignment]"],
    ["client_secret=9f8e7d6c5b", "client_secret=[REDACTED:password-assignment]"],
    ["--password=hunter2xyz", "--password=[REDACTED:password-assignment]"],
    ["ſecret=hunter2xyz", "ſecret=[REDACTED:password-assignment]"],
    ["x password=a1 token=hunter2xyz", "x password=a1 token=[REDACTED:password-assignment]"],
    // The first value reads as code and is refused; the assignment inside it is still found.
    ["password=getPassword()+password=hunter2xyz", "password=getPassword()+password=[REDACTED:password-assignment]"],
  ])("%s is redacted", (text, expected) => {
    expect(redacted(text, assignment)).toBe(expected);
  });

  test.each([
    "if (!token) throw new Error('no token');",
    "function a(b){return b.token?c(b):d(b.password,1)};",
    "check(token: string, password = getPassword())",
    "const passwordField = form.password;",
    "token.split('.')",
    "secret -> hunter2xyz",
    "password hunter2xyz",
  ])("%s passes untouched", (text) => {
    expect(findings(text, assignment)).toEqual([]);
  });

  test("a password on a command line without `=` is left to command-line-password, which redacts it", () => {
    expect(findings("mysql --password hunter2xyz", assignment)).toEqual([]);
    expect(redacted("mysql --password hunter2xyz", detectorsFor(["command-line-password"])[0]!)).toBe("mysql --password [REDACTED:command-line-password]");
  });

  const lookTexts = generatedCases(2_000);
  test(`every match RE2 finds on the whole text that the second look keeps starts with a literal the look accepts (${countText(lookTexts)} seeded texts)`, () => {
    const plain = RE2JS.compile(assignment.regex.source);
    const literals = assignment.regex.facts.anyOf!;
    const random = seededRandom(18);
    let kept = 0;
    let refused = 0;
    for (let round = 0; round < lookTexts; round++) {
      const text = assignmentText(random);
      const matcher = plain.matcher(text);
      while (matcher.find()) {
        const start = matcher.start();
        const secret = matcher.group(1) ?? matcher.group(2) ?? matcher.group(3) ?? "";
        const literal = literals.find((word) => foldForSearch(text.slice(start, start + word.length)) === word);
        const looked = literal !== undefined && assignment.literalFollowedBy!(text, start, start + literal.length);
        if (!assignment.accept!(secret, matcher.group()!)) {
          refused++;
          continue;
        }
        kept++;
        expect({ text, start, looked }).toEqual({ text, start, looked: true });
      }
    }
    // The generator is only useful if it makes texts of both kinds (as a share of the texts: the quick loop checks a fifth).
    expect(kept).toBeGreaterThan((300 * lookTexts) / 2_000);
    expect(refused).toBeGreaterThan((100 * lookTexts) / 2_000);
  });

  // Without the look, RE2 runs over joined windows, and a match the second look refuses hides one that
  // starts inside it (`password=>f()x password=hunter2x`): the look can only find more, each of them
  // what RE2 finds when it starts at that word.
  test(`with the look, every finding there is without it, and each other one is RE2's match from its word (${countText(lookTexts)} seeded texts)`, () => {
    const withoutLook: Detector = { ...assignment, literalFollowedBy: undefined };
    const random = seededRandom(1_818);
    let found = 0;
    let more = 0;
    for (let round = 0; round < lookTexts; round++) {
      const text = assignmentText(random);
      const expected = findings(text, withoutLook);
      const actual = findings(text, assignment);
      for (const finding of expected) expect({ text, finding, kept: actual.some((other) => sameSpan(other, finding)) }).toEqual({ text, finding, kept: true });
      for (const finding of actual.filter((other) => !expected.some((one) => sameSpan(one, other)))) {
        more++;
        const fromAWord = wordStarts(text, finding.start).some((start) =>
          findings(text.slice(start), withoutLook).some((other) => other.start + start === finding.start && other.end + start === finding.end),
        );
        expect({ text, finding, fromAWord }).toEqual({ text, finding, fromAWord: true });
      }
      found += expected.length;
    }
    expect(found).toBeGreaterThan((300 * lookTexts) / 2_000);
    expect(more).toBeGreaterThan(0);
  });
});

describe("a private key cut off by an output cap is found on its opening line", () => {
  const body = (lines: number) => Array.from({ length: lines }, (_, index) => `MIIEvQIBADANBgkqhkiG9w0BAQEFAASC${index}`).join("\n");
  const rescanning: Detector = { ...ownKey, reach: { ...(ownKey.reach as Extract<Detector["reach"], { kind: "block" }>), unclosed: "pattern-decides" } };

  test("the match runs from the opening to the end of its block, as RE2 over the block says", () => {
    const text = `before\n-----BEGIN RSA PRIVATE KEY-----\n${body(5)}\n${"VAR=value\n".repeat(3_000)}`;
    const found = findings(text, ownKey);
    expect(found).toEqual(findings(text, rescanning));
    expect(found[0]!.start).toBe(text.indexOf("-----BEGIN"));
  });

  test("a literal on the first line that is not an opening still finds the opening further down", () => {
    const text = `no header PRIVATE KEY-----\n-----BEGIN PRIVATE KEY-----\n${body(3)}`;
    const found = findings(text, ownKey);
    expect(found).toEqual([{ detector: "private-key", start: text.indexOf("-----BEGIN"), end: text.length }]);
    expect(found).toEqual(findings(text, rescanning));
  });

  const texts = generatedCases(500);
  test(`with and without the shortcut, the same findings (${countText(texts)} seeded texts)`, () => {
    const pieces = [
      "-----BEGIN PRIVATE KEY-----\n",
      "-----BEGIN EC PRIVATE KEY-----",
      "-----END PRIVATE KEY-----\n",
      "PRIVATE KEY-----",
      `${body(2)}\n`,
      "x\n",
      "-----END",
      "VAR=1\n".repeat(400),
    ];
    const random = seededRandom(1_616);
    for (let round = 0; round < texts; round++) {
      let text = "";
      for (let index = 0; index < 12; index++) text += pieces[Math.floor(random() * pieces.length)];
      expect({ text, found: findings(text, ownKey) }).toEqual({ text, found: findings(text, rescanning) });
    }
  });
});

describe("SendGrid keys", () => {
  const sendgrid = detectorsFor(["sendgrid"]);
  const keys = [...new Set(secretsCorpus.filter((row) => row.kind === "secret" && row.family === "sendgrid").map((row) => row.secret))];

  test("a key with a dash is found bare, with no KEY= beside it", () => {
    expect(keys.some((key) => key.includes("-"))).toBe(true);
    for (const key of keys) {
      const text = `notes for the deploy: ${key} (rotate monthly)`;
      const outcome = redactOutput(text, sendgrid, unlimited);
      expect(outcome.kind).toBe("redacted");
      if (outcome.kind === "redacted") expect(outcome.text).not.toContain(key.slice(3, 25));
    }
  });
});

describe("a private key base64-encoded (a kubeconfig's client-key-data, a Secret's tls.key)", () => {
  const keys = detectorsFor(["private-key"]);
  const pem = secretsCorpus.find((row) => row.kind === "secret" && row.family === "private-key" && row.secret.startsWith("-----BEGIN RSA"))!.secret;
  const encoded = Buffer.from(pem).toString("base64");
  const encode = (text: string) => Buffer.from(text).toString("base64");

  test("found and redacted on its line, whatever key name holds it", () => {
    for (const text of [`    client-key-data: ${encoded}\n`, `  tls.key: ${encoded}`, `KEY_B64=${encoded}`, encoded]) {
      const outcome = redactOutput(text, keys, unlimited);
      expect(outcome.kind).toBe("redacted");
      if (outcome.kind === "redacted") expect(outcome.text).not.toContain(encoded.slice(20, 60));
    }
    const openssh = encode("-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZWQy\n");
    expect(redactOutput(`client-key-data: ${openssh}`, keys, unlimited).kind).toBe("redacted");
  });

  test("a kubeconfig's client-key-data is a key whatever its value decodes to; a path to a key file is not", () => {
    const value = encode("not a PEM header, but the key the cluster's CA signed for this user, 32+ bytes");
    const outcome = redactOutput(`users:\n- name: admin\n  user:\n    client-key-data: ${value}\n`, keys, unlimited);
    expect(outcome.kind).toBe("redacted");
    if (outcome.kind === "redacted") expect(outcome.text).not.toContain(value.slice(0, 20));
    expect(redactOutput("    client-key: /home/ada/.minikube/profiles/minikube/client.key", keys, unlimited).kind).toBe("clean");
    expect(redactOutput("    client-key-data: <redacted>", keys, unlimited).kind).toBe("clean");
  });

  test("not a secret: an encoded certificate or public key, other base64, a header too short to read", () => {
    const certificate = encode("-----BEGIN CERTIFICATE-----\nMIIBdzCCAR2gAwIBAgIBADAKBggqhkjOPQQDAjAjMSEwHwYDVQQDDBhrM3Mtc2VydmVy\n-----END CERTIFICATE-----\n");
    const publicKey = encode("-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE6XGne5/HD1nbG2usKF6JE1EFtVyN8MeR\n-----END PUBLIC KEY-----\n");
    for (const text of [
      `certificate-authority-data: ${certificate}`,
      `client-certificate-data: ${certificate}`,
      `key: ${publicKey}`,
      `data: ${encode("hello world, nothing to see here at all, really nothing")}`,
      "LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVk",
    ])
      expect(redactOutput(text, keys, unlimited).kind).toBe("clean");
  });
});
