import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MAX_PROJECT_FILE_BYTES } from "../../../src/limits.ts";
import { linkOnDisk, listProjectFiles, readProjectFile, stampOf } from "../../../src/session/project-files.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

const root = mkdtempSync(join(tmpdir(), "synaps-project-files-"));
const outside = mkdtempSync(join(tmpdir(), "synaps-outside-"));
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});
mkdirSync(join(root, "tests", "unit"), { recursive: true });
mkdirSync(join(root, "node_modules", "x"), { recursive: true });
writeFileSync(join(root, "build.sh"), "rm -rf dist\n");
writeFileSync(join(root, "tests", "test_a.py"), "assert True\n");
writeFileSync(join(root, "tests", "unit", "test_b.py"), "assert True\n");
writeFileSync(join(root, "node_modules", "x", "test_c.py"), "assert True\n");
mkdirSync(join(root, ".venv", "lib", "python3.12", "site-packages", "pkg", "sub"), { recursive: true });
writeFileSync(join(root, ".venv", "lib", "python3.12", "site-packages", "a.pth"), "import os\n");
writeFileSync(join(root, ".venv", "lib", "python3.12", "site-packages", "pkg", "b.pth"), "import os\n");
writeFileSync(join(root, ".venv", "lib", "python3.12", "site-packages", "pkg", "sub", "c.pth"), "import os\n");
writeFileSync(join(root, "big.sh"), "#".repeat(MAX_PROJECT_FILE_BYTES + 1));
writeFileSync(join(root, "app"), Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 1]));
writeFileSync(join(outside, "secret.sh"), "echo outside\n");
symlinkSync(join(outside, "secret.sh"), join(root, "escape.sh"));
symlinkSync("/home/nobody", join(root, "home-link"));

describe("reading the files a command runs", () => {
  test("a text file under the root is read", () => {
    expect(readProjectFile(join(root, "build.sh"), root)).toEqual({ content: "rm -rf dist\n", label: "on disk" });
  });

  test("an absent file is known absent; nothing runs", () => {
    expect(readProjectFile(join(root, "configure"), root)).toMatchObject({ absent: true });
  });

  test("nothing outside the root is read, not even through a link", () => {
    expect(readProjectFile(join(outside, "secret.sh"), root)).toBeUndefined();
    expect(readProjectFile(join(root, "escape.sh"), root)).toEqual({ label: "outside the project" });
  });

  test("a file over the size limit is not read (unseen code), a compiled program is a program", () => {
    expect(readProjectFile(join(root, "big.sh"), root)).not.toHaveProperty("content");
    expect(readProjectFile(join(root, "app"), root)).toMatchObject({ binary: true });
    // Asked for as a file that is sent, a tar archive is read for its members; anything else binary stays binary.
    expect(readProjectFile(join(root, "app"), root, true)).toMatchObject({ binary: true });
  });

  test("a listing finds project files by glob and skips dependencies", () => {
    expect(listProjectFiles("**/test_*.py", root)).toEqual(["tests/test_a.py", "tests/unit/test_b.py"]);
  });

  test("a listing of a directory it names enters it, however it is skipped below, and no deeper than the glob reaches", () => {
    expect(listProjectFiles(".venv/lib/python*/site-packages/*.pth", root)).toEqual([".venv/lib/python3.12/site-packages/a.pth"]);
    expect(listProjectFiles(".venv/lib/**/*.pth", root)).toHaveLength(3);
  });

  test("a link on disk names its target, dangling or not", () => {
    expect(linkOnDisk(join(root, "home-link"), root)).toMatchObject({ link: "/home/nobody" });
    expect(linkOnDisk(join(root, "build.sh"), root)).toBeUndefined();
  });
});

describe("stampOf: what a read would find, told apart without a read", () => {
  const dir = join(root, "stamps");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, "run.sh");

  test("absent, then there, then rewritten to another length, then replaced by a rename: each a new stamp", () => {
    const stamps = [stampOf(file)];
    writeFileSync(file, "echo a\n");
    stamps.push(stampOf(file));
    writeFileSync(file, "echo a longer line\n");
    stamps.push(stampOf(file));
    writeFileSync(`${file}.new`, "echo b longer line\n");
    renameSync(`${file}.new`, file);
    stamps.push(stampOf(file));
    expect(stamps[0]).toBe("absent");
    expect(new Set(stamps).size).toBe(stamps.length);
    expect(stampOf(file)).toBe(stamps.at(-1)!);
  });

  test("a link retargeted to another file changes its stamp", () => {
    writeFileSync(join(dir, "a.sh"), "echo a\n");
    writeFileSync(join(dir, "b.sh"), "echo b\n");
    const link = join(dir, "current.sh");
    symlinkSync(join(dir, "a.sh"), link);
    const before = stampOf(link);
    unlinkSync(link);
    symlinkSync(join(dir, "b.sh"), link);
    expect(stampOf(link)).not.toBe(before);
  });
});
