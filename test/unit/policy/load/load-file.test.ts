import { describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MAX_POLICY_FILE_BYTES } from "../../../../src/limits.ts";
import { EMBEDDED_POLICY_NAME, fileKind, loadPolicyFile } from "../../../../src/policy/load/load-file.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const folder = () => mkdtempSync(join(tmpdir(), "synaps-policy-load-"));
const HOME = "/home/ada";

describe("loadPolicyFile", () => {
  test("the default name absent: the embedded default policy", () => {
    const loaded = loadPolicyFile({ file: join(folder(), "policy.toml"), explicit: false }, HOME);
    expect(loaded.ok && loaded.policy.source).toBe(EMBEDDED_POLICY_NAME);
  });

  test("a file named explicitly and absent is an error that says why the default does not stand in", () => {
    const file = join(folder(), "team.toml");
    expect(loadPolicyFile({ file, explicit: true }, HOME)).toMatchObject({
      ok: false,
      problems: [`${file}: no such file (it was named explicitly, so the embedded default does not stand in for it)`],
      onError: "block",
    });
  });

  test("a directory or an oversized file is refused without being read", () => {
    const directory = folder();
    mkdirSync(join(directory, "policy.toml"));
    expect(loadPolicyFile({ file: join(directory, "policy.toml"), explicit: false }, HOME)).toMatchObject({
      ok: false,
      problems: [expect.stringContaining("a directory, not a regular file")],
    });
    const big = join(folder(), "policy.toml");
    writeFileSync(big, `version = 1\n${"#".repeat(MAX_POLICY_FILE_BYTES)}\n`);
    expect(loadPolicyFile({ file: big, explicit: true }, HOME)).toMatchObject({ ok: false, problems: [expect.stringContaining("-byte limit for a policy file")] });
  });

  test("a failing inline test keeps the policy from loading, with the on_error the file asked for", () => {
    const file = join(folder(), "policy.toml");
    writeFileSync(file, 'version = 1\n[defaults]\non_error = "confirm"\n[[test]]\ninput = "ls"\nexpect = "block"\n');
    expect(loadPolicyFile({ file, explicit: true }, HOME)).toMatchObject({ ok: false, onError: "confirm", problems: [expect.stringContaining("expected block, got continue")] });
  });
});

describe("fileKind", () => {
  test("absent, a regular file with its size, or something else named", () => {
    const directory = folder();
    writeFileSync(join(directory, "f"), "abc");
    expect(fileKind(join(directory, "nope"))).toEqual({ kind: "absent" });
    expect(fileKind(join(directory, "f"))).toEqual({ kind: "regular", size: 3 });
    expect(fileKind(directory)).toEqual({ kind: "other", what: "a directory" });
    expect(fileKind(join(directory, "f", "below"))).toEqual({ kind: "absent" });
  });
});
