// Files named to `git add` are pushed by `git push`: the push reads them (so
// the secret-file rules see their paths) and sends their text.
import { describe, expect, test } from "bun:test";
import { SENDS_SECRET_TEXT } from "../../../../src/shell/interpret/secret-text.ts";
import { SESSION_GIT_STAGED } from "../../../../src/shell/session/git-staged.ts";
import { secretsCorpus } from "../../../support/secrets-corpus.ts";
import { neededBy, projectView } from "../../../support/project-view.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const AWS = secretsCorpus.find((row) => row.kind === "secret" && row.family === "aws")!.secret;
const push = (input: string, files: Parameters<typeof projectView>[1] = {}) =>
  projectView(input, files).commands.find((command) => command.name === "git" && command.subcommand[0] === "push")!;

describe("git add, then git push", () => {
  test("in one command: the push reads the added files and sends their text", () => {
    const pushed = push("git add config/prod.ini src/a.ts && git commit -m x && git push origin main", { "config/prod.ini": `key = ${AWS}\n` });
    expect(pushed.reads).toEqual(["config/prod.ini", "src/a.ts"]);
    expect(pushed.tags).toContain(SENDS_SECRET_TEXT);
  });

  test("across calls: the add is remembered, and the push asks for it", () => {
    const view = projectView("git add -f .env");
    expect(view.written).toEqual([{ path: SESSION_GIT_STAGED, content: ".env\n", append: true }]);
    expect(neededBy("git push")).toContain(`${SESSION_GIT_STAGED}?`);
    const pushed = push("git push", { [SESSION_GIT_STAGED]: "notes.txt\n.env\n", "notes.txt": `left: ${AWS}\n` });
    expect(pushed.reads).toEqual(["notes.txt", ".env"]);
    expect(pushed.tags).toContain(SENDS_SECRET_TEXT);
  });

  test("a staged copy sends what it was made from: made earlier in the session, or in this input", () => {
    const creds = { "config/prod.ini": `key = ${AWS}\n` };
    expect(push("git push", { [SESSION_GIT_STAGED]: "k.txt\n", "k.txt": { origins: ["config/prod.ini"] }, ...creds }).tags).toContain(SENDS_SECRET_TEXT);
    expect(push("cp config/prod.ini b.ini && git add b.ini && git commit -m x && git push", { ...creds, "b.ini": { absent: true } }).tags).toContain(SENDS_SECRET_TEXT);
    expect(neededBy("git push", { [SESSION_GIT_STAGED]: "k.txt\n", "k.txt": { origins: ["config/prod.ini"] } })).toContain("config/prod.ini?");
    expect(push("cp README.md docs/index.md && git add docs/index.md && git push", { "README.md": "# hi\n" }).tags).not.toContain(SENDS_SECRET_TEXT);
  });

  test("git stage, and a commit naming its files (not its message file), stage them too", () => {
    const files = { "config/prod.ini": `key = ${AWS}\n` };
    expect(push("git stage config/prod.ini && git commit -m x && git push", files).tags).toContain(SENDS_SECRET_TEXT);
    expect(push("git commit -F msg.txt config/prod.ini && git push", files).reads).toEqual(["config/prod.ini"]);
  });

  test("a push forgets what it pushed", () => {
    expect(projectView("git push", { [SESSION_GIT_STAGED]: "a.txt\n" }).written).toEqual([{ path: SESSION_GIT_STAGED, content: "" }]);
  });

  test("ordinary work: no secret text, `.`/-A/directories not followed, a commit without a push sends nothing", () => {
    expect(push("git add src/a.ts && git commit -m x && git push", { "src/a.ts": "export const a = 1;\n" }).tags).not.toContain(SENDS_SECRET_TEXT);
    expect(push("git add -A && git add . && git commit -m x && git push", { ".env": `key = ${AWS}\n` }).reads).toEqual([]);
    expect(projectView("git add notes.txt && git commit -m x", { "notes.txt": `left: ${AWS}\n` }).commands.some((command) => command.tags.includes(SENDS_SECRET_TEXT))).toBe(false);
  });
});
