// The file tools are held to what a shell redirect is (issue 26.9): for every
// path a built-in pack's `writes` names (start-up files, credential stores,
// hooks, system files, devices), `write` and `edit` of that path get the same
// decision as `echo x >> path`. The paths are read from the packs themselves,
// so a rule added later is covered by this test without a new line here.
import { describe, expect, test } from "bun:test";
import { parse } from "smol-toml";
import { decide, TEST_HOME } from "../support/decide.ts";
import { setTestLimit } from "../support/test-limit.ts";

setTestLimit();

const PACKS = ["persistence", "secrets", "destructive-fs", "agent-config", "system"];

/** Where the tools may rightly differ, and why. */
const DIFFERENT: Record<string, string> = {
  // Editing a .env means working on the secrets in it; appending one line is the way the pack offers.
  "x/.env": "edit reads the secrets",
  "x/.env.x": "edit reads the secrets",
  // A file tool's content is visible (a plain Host entry passes, ProxyCommand is blocked); a redirect's may not be.
  "~/.ssh/config": "content judged for file tools",
};

type Pack = { rule?: Array<{ when?: unknown }> };

async function writtenPaths(): Promise<string[]> {
  const paths = new Set<string>();
  for (const pack of PACKS) {
    const parsed = parse(await Bun.file(`${import.meta.dir}/../../src/policy/packs/${pack}.toml`).text()) as Pack;
    for (const rule of parsed.rule ?? []) {
      for (const when of [rule.when].flat() as Array<{ writes?: string[] } | undefined>) {
        for (const glob of when?.writes ?? []) if (!glob.startsWith("!")) paths.add(glob.replaceAll("**", "x").replaceAll("*", "x"));
      }
    }
  }
  return [...paths].filter((path) => !(path in DIFFERENT));
}

const paths = await writtenPaths();
const absolute = (path: string) => path.replace(/^~/, TEST_HOME);
const shellWord = (path: string) => (path.includes(" ") ? `'${path}'` : path);

describe("write and edit are judged as a shell redirect is", () => {
  test("the packs name paths to check", () => expect(paths.length).toBeGreaterThan(100));

  test.each(paths)("%s", (path) => {
    const redirect = decide(`echo x >> ${shellWord(path)}`).decision;
    expect(decide({ tool: "write", input: { path: absolute(path), content: "x\n" } }).decision).toBe(redirect);
    expect(decide({ tool: "edit", input: { path: absolute(path), old_string: "a", new_string: "x" } }).decision).toBe(redirect);
  });
});
