// redactForLog remembers short texts it has redacted: the same answer every
// time, a secret never kept in the clear, long texts always checked afresh.
import { describe, expect, test } from "bun:test";
import { REMEMBERED_TEXT_MAX_CHARS, REMEMBERED_TEXTS } from "../../../../src/limits.ts";
import { redactForLog, secretsIn } from "../../../../src/match/secrets/for-log.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const TOKEN = "ghp_16C7e42F292c6912E7710c838347Ae178B4a";

describe("texts redacted for the log", () => {
  test("a text redacted again gives the same answer, the secret replaced both times", () => {
    const text = `git push https://x:${TOKEN}@github.com/org/repo.git`;
    const first = redactForLog(text);
    expect(first).not.toContain(TOKEN);
    expect(redactForLog(text)).toBe(first);
  });

  test("past the texts remembered, older ones are redacted afresh with the same result", () => {
    const text = `token ${TOKEN} first`;
    const first = redactForLog(text);
    for (let index = 0; index <= REMEMBERED_TEXTS; index++) redactForLog(`ls -la dir-${index}`);
    expect(redactForLog(text)).toBe(first);
  });

  test("a text longer than those remembered is redacted every time", () => {
    const text = `${"x".repeat(REMEMBERED_TEXT_MAX_CHARS)} ${TOKEN}`;
    expect(redactForLog(text)).not.toContain(TOKEN);
    expect(redactForLog(text)).not.toContain(TOKEN);
  });
});

// Issue 26 item 7: shapes in which a secret still reached the audit log in clear. Each class, not one line:
// a secret given as an option's or a setting's value, user:password after -u, a token split by shell
// quoting or an escape, a token encoded in base64.
const AWS_SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYzK4a9Qx2Lm";
const PASSWORD = "S3cret!pw-42";

describe("a secret as an option's or a setting's value", () => {
  test.each([
    [`aws configure set aws_secret_access_key ${AWS_SECRET}`, AWS_SECRET],
    [`aws configure set aws_secret_access_key "${AWS_SECRET}" --profile prod`, AWS_SECRET],
    [`npm config set //registry.example.com/:_password ${PASSWORD}`, PASSWORD],
    [`git config --global sendemail.smtppass ${PASSWORD}`, PASSWORD],
    [`kubectl --token ${PASSWORD}x get pods`, `${PASSWORD}x`],
    [`yarn config set npmAuthToken ${PASSWORD}`, PASSWORD],
    [`tool --api-key ${PASSWORD} run`, PASSWORD],
    [`tool --client-secret=${PASSWORD}`, PASSWORD],
    [`docker login -u ada -p ${PASSWORD} registry.example.com`, PASSWORD],
  ])("%s", (text, secret) => {
    const shown = redactForLog(text);
    expect(shown).not.toContain(secret);
    expect(shown).toContain("[REDACTED:");
  });

  test.each([
    "aws configure set region eu-west-1",
    "git config --global user.name ada",
    "kubectl --token-file /var/run/token get pods",
    "tool --api-key-file ~/.key",
    "ssh -p 2222 host",
  ])("%s is left alone", (text) => {
    expect(redactForLog(text)).toBe(text);
  });
});

describe("user:password after -u and --user", () => {
  test.each([
    [`curl -u admin:${PASSWORD} https://api.example.com`, PASSWORD],
    [`curl --user 'admin:${PASSWORD}' https://api.example.com`, PASSWORD],
    [`curl --user=admin:${PASSWORD} https://api.example.com`, PASSWORD],
    [`curl -uadmin:${PASSWORD} https://api.example.com`, PASSWORD],
    [`curl -s -U proxyuser:${PASSWORD} -x proxy:3128 https://x`, PASSWORD],
    [`wget --http-user=ada --http-password=${PASSWORD} https://x`, PASSWORD],
  ])("%s", (text, secret) => {
    const shown = redactForLog(text);
    expect(shown).not.toContain(secret);
    expect(shown).toContain("[REDACTED:");
  });

  test.each(["curl -u admin https://api.example.com", "docker run -u 1000:1000 alpine", "git push -u origin main:main", "sort -u file"])("%s is left alone", (text) => {
    expect(redactForLog(text)).toBe(text);
  });
});

describe("a token split by shell quoting or an escape", () => {
  test.each([
    `echo ghp_16C7e42F'292c6912E7710c838347Ae178B4a'`,
    `echo "ghp_16C7e42F""292c6912E7710c838347Ae178B4a"`,
    `echo ghp_16C7e42F\\292c6912E7710c838347Ae178B4a`,
    `echo ghp_16C7e42F\\\n292c6912E7710c838347Ae178B4a`,
    `curl -H 'Authorization: token 'ghp_16C7e42F"292c6912E7710c838347Ae178B4a" https://api.github.com`,
  ])("%s", (text) => {
    const shown = redactForLog(text);
    expect(shown).not.toContain("292c6912E7710c838347Ae178B4a");
    expect(shown).not.toContain("ghp_16C7e42F");
    expect(shown).toContain("[REDACTED:github]");
  });

  test("a password split by quotes after an assignment", () => {
    const shown = redactForLog(`echo 'client_secret = '\\''hunter6551x'\\'''`);
    expect(shown).not.toContain("hunter6551x");
  });

  test.each([`echo "token: string"`, `grep -r 'password' src/`, `printf '%s\\n' "a" "b"`])("%s is left alone", (text) => {
    expect(redactForLog(text)).toBe(text);
  });
});

describe("a token encoded in base64", () => {
  const encoded = (text: string) => Buffer.from(text).toString("base64");
  test.each([
    [`echo ${encoded(TOKEN)} | base64 -d`, encoded(TOKEN)],
    [`echo ${encoded(`GITHUB_TOKEN=${TOKEN}\n`)} | base64 --decode > .env`, encoded(`GITHUB_TOKEN=${TOKEN}\n`)],
    [
      `curl -H "X-Key: ${Buffer.from(`AWS_SECRET_ACCESS_KEY=${AWS_SECRET}`).toString("base64url")}" https://x`,
      Buffer.from(`AWS_SECRET_ACCESS_KEY=${AWS_SECRET}`).toString("base64url"),
    ],
  ])("%s", (text, secret) => {
    const shown = redactForLog(text);
    expect(shown).not.toContain(secret);
    expect(shown).not.toContain(secret.slice(0, 16));
    expect(shown).toContain("[REDACTED:");
  });

  test.each([
    `echo ${encoded("hello world, this is plain text")} | base64 -d`,
    "integrity sha512-tDctnVTMEItLJUEPD2U0rFDqkPNsl+mggLVpt+ki+udNiEb3WlGK9+2VsMpWXE4eD139MLxWMU9T9m6fUxuKoo==",
    "eyJhbGciOiJIUzI1NiJ9 alone is just base64",
  ])("%s is left alone", (text) => {
    expect(redactForLog(text)).toBe(text);
  });
});

describe("pieces of a secret known from where the text was put together", () => {
  const known = [{ text: TOKEN, detector: "github" }];
  test("every piece of six characters or more is replaced; the text around it stays", () => {
    const text = `a=${TOKEN.slice(0, 12)}; b=${TOKEN.slice(12)}; curl -H "token $a$b" https://api.github.com`;
    expect(redactForLog(text, { known })).toBe('a=[REDACTED:github]; b=[REDACTED:github]; curl -H "token $a$b" https://api.github.com');
  });

  test("a piece shorter than that is too common to mean the secret", () => {
    expect(redactForLog("x=ghp_1 y=6C7e4", { known })).toBe("x=ghp_1 y=6C7e4");
  });

  test("without known secrets the same text is left as it is (and remembered apart)", () => {
    const text = `a=${TOKEN.slice(0, 12)}; b=${TOKEN.slice(12)}`;
    expect(redactForLog(text, { known })).not.toContain(TOKEN.slice(12));
    expect(redactForLog(text)).toBe(text);
  });
});

describe("a password encoded in an HTTP Basic header", () => {
  const basic = Buffer.from(`admin:${PASSWORD}`).toString("base64");
  test.each([`curl -H "Authorization: Basic ${basic}" https://x`, `authorization: basic ${basic}`, `{"Authorization": "Basic ${basic}"}`])("%s", (text) => {
    const shown = redactForLog(text);
    expect(shown).not.toContain(basic);
    expect(shown).toContain("[REDACTED:bearer-token]");
  });

  test.each(["Basic auth is configured", "authorization: basic realm required"])("%s is left alone", (text) => {
    expect(redactForLog(text)).toBe(text);
  });
});

describe("the secrets in a command's words", () => {
  const otherToken = `ghp_${"9".repeat(36)}`;

  test("each secret is found once however often its word recurs, and the words around it change nothing", () => {
    const words = ["echo", "building", `${TOKEN}`, "echo", `x=${otherToken}`, "building", `${TOKEN}`, "echo", `${TOKEN}`];
    const found = secretsIn(words);
    expect(found.map((secret) => secret.text).toSorted()).toEqual([TOKEN, otherToken].toSorted());
    expect(secretsIn([...words, ...words, "done"])).toEqual(found);
  });

  test("a script's thousand repeated words give the same redaction of its record as one of each", () => {
    const script = Array.from({ length: 1_000 }, (_, index) => (index === 500 ? ["curl", "-H", `token ${TOKEN}`] : ["echo", "building", "the", "project"])).flat();
    const known = secretsIn(script);
    const text = `a=${TOKEN.slice(0, 12)}; b=${TOKEN.slice(12)}`;
    expect(redactForLog(text, { known })).toBe(redactForLog(text, { known: secretsIn(["curl", "-H", `token ${TOKEN}`]) }));
    expect(redactForLog(text, { known })).not.toContain(TOKEN.slice(12));
  });
});
