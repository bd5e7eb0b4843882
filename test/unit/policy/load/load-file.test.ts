import { describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MAX_POLICY_FILE_BYTES, MAX_PROJECT_POLICY_BYTES } from "../../../../src/limits.ts";
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

describe("a project's policy file that is not a regular file", () => {
  // A repository decides what `.synaps/policy.toml` is: a FIFO nobody writes to, a link to a device that never
  // ends, a link out of the project. Reading must neither block the process nor run past the size limit.
  const withProjectFile = (make: (path: string) => void) => {
    const root = folder();
    mkdirSync(join(root, ".synaps"));
    make(join(root, ".synaps", "policy.toml"));
    return loadPolicyFile({ file: undefined, explicit: false }, HOME, undefined, join(root, "no-managed.toml"), root);
  };

  test("a named pipe, or a link to one, is skipped without blocking", () => {
    for (const make of [
      (path: string) => Bun.spawnSync(["mkfifo", path]),
      (path: string) => {
        const fifo = join(folder(), "pipe");
        Bun.spawnSync(["mkfifo", fifo]);
        symlinkSync(fifo, path);
      },
    ]) {
      const loaded = withProjectFile(make);
      expect(loaded.ok && loaded.warnings.join("\n")).toContain("a named pipe, not a regular file");
    }
  });

  test("a link to an endless device is skipped; a link to a readable file outside is read only within the limit", () => {
    const zero = withProjectFile((path) => symlinkSync("/dev/zero", path));
    expect(zero.ok && zero.warnings.join("\n")).toContain("a device, not a regular file");
    const outside = join(folder(), "big.toml");
    writeFileSync(outside, `version = 1\n${"#".repeat(MAX_PROJECT_POLICY_BYTES)}\n`);
    const big = withProjectFile((path) => symlinkSync(outside, path));
    expect(big.ok && big.warnings.join("\n")).toContain("-byte limit for a project's policy");
  });
});
