// redactForLog remembers short texts it has redacted: the same answer every
// time, a secret never kept in the clear, long texts always checked afresh.
import { describe, expect, test } from "bun:test";
import { REMEMBERED_TEXT_MAX_CHARS, REMEMBERED_TEXTS } from "../../../../src/limits.ts";
import { redactForLog } from "../../../../src/match/secrets/for-log.ts";

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
