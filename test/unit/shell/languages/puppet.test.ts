import { describe, expect, test } from "bun:test";
import { MAX_PROJECT_FILE_BYTES } from "../../../../src/limits.ts";
import { readPuppet } from "../../../../src/shell/languages/puppet.ts";
import { endsOnBudget, expectChargedLinearly } from "../../../support/reader-budget.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const lines = (manifest: string) => readPuppet(manifest).lines.map((line) => line.line);

describe("readPuppet", () => {
  test("exec resources run their title or command, file resources write their path", () => {
    expect(lines("exec { 'rm -rf /srv/app': }\nfile { '/etc/cron.d/x': ensure => present }")).toEqual(["rm -rf /srv/app", expect.stringContaining("/etc/cron.d/x")]);
    expect(lines("exec { 'wipe': command => 'rm -rf ~', }")).toEqual(["rm -rf ~"]);
  });

  test("a manifest of the largest readable size, resources never closed or many, is charged linearly to the analysis's budget", () => {
    // Each unclosed `exec{'…':` once looked for its `}` to the end of the text: quadratic, and not charged
    // to any budget. A crafted project file of this size took longer than the host waits for a hook.
    for (const unit of ["exec{'a':", "file {'b': path => 'c',", 'exec { "x" :\n']) {
      const manifest = unit.repeat(Math.floor(MAX_PROJECT_FILE_BYTES / unit.length));
      expect(expectChargedLinearly(manifest, readPuppet).lines).toEqual([]);
      expect(endsOnBudget("puppet apply site.pp", "site.pp", manifest)).toBe(true);
    }
    const closed = "exec{'a':}".repeat(MAX_PROJECT_FILE_BYTES / 16);
    expect(expectChargedLinearly(closed, readPuppet).lines).toHaveLength(MAX_PROJECT_FILE_BYTES / 16);
    expect(lines(`${"exec{'a':".repeat(5000)} }`)).toEqual(["a"]);
  });
});
