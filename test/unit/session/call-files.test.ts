// Files found for a tool call on disk: a home file kept as last read is read
// again whenever it may have changed, as is a project's git config.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { evaluate, eventOf } from "../../../src/policy/engine/index.ts";
import { CallFiles } from "../../../src/session/call-files.ts";
import { SessionMemory } from "../../../src/session/memory.ts";
import { policyOf } from "../../support/decide.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/**
 * Writes `harmless` to `file` and judges, then rewrites it in place with `harmful` (same inode, same size, the
 * modification time put back as `touch -r` would): only the change time tells, and the second judgement must see it.
 */
function rewrittenInPlace(file: string, harmless: string, harmful: string, judge: () => ReturnType<typeof evaluate>) {
  expect(harmful.length).toBe(harmless.length);
  writeFileSync(file, harmless);
  // A time a double holds exactly, as `touch -r` would put back whatever the old one was.
  const then = new Date("2026-01-02T03:04:05Z");
  utimesSync(file, then, then);
  const { ino } = statSync(file);
  expect(judge().decision.kind).toBe("continue");
  expect(judge().decision.kind).toBe("continue");
  writeFileSync(file, harmful);
  utimesSync(file, then, then);
  expect(statSync(file).ino).toBe(ino);
  expect(judge().decision.kind).toBe("block");
}

describe("CallFiles: home files", () => {
  test("a home file rewritten in place at its old size, its time set back, is read again", () => {
    const home = mkdtempSync(join(tmpdir(), "synaps-home-"));
    made.push(home);
    mkdirSync(join(home, ".ssh"));
    const config = join(home, ".ssh", "config");
    const policy = policyOf(undefined, home);
    const files = new CallFiles(new SessionMemory(), { find: () => undefined }, home);
    const judge = () => evaluate(policy, files.withFiles(policy, eventOf(policy, { hook: "before_tool_call", tool: "bash", input: { command: "ssh backup" } }), "s"));
    rewrittenInPlace(config, "Host *\n  ProxyCommand nc %h 22 -w 5\n", "Host *\n  ProxyCommand rm -rf ~/ ###\n", judge);
  });

  test("a project's git config kept as last read is read again when rewritten in place, its time set back", () => {
    const home = mkdtempSync(join(tmpdir(), "synaps-home-"));
    const project = mkdtempSync(join(tmpdir(), "synaps-project-"));
    made.push(home, project);
    mkdirSync(join(project, ".git"));
    const config = join(project, ".git", "config");
    const policy = policyOf(undefined, home);
    const files = new CallFiles(new SessionMemory(), { find: () => ({ path: project, source: "test" }) }, home);
    const judge = () => evaluate(policy, files.withFiles(policy, eventOf(policy, { hook: "before_tool_call", tool: "bash", input: { command: "git st" } }), "s"));
    rewrittenInPlace(config, "[alias]\n\tst = status --short ####\n", "[alias]\n\tst = !rm -rf ~/ ########\n", judge);
  });

  test("ssh settings included from the user's config are read from home, named or by a glob", () => {
    const home = mkdtempSync(join(tmpdir(), "synaps-home-"));
    made.push(home);
    mkdirSync(join(home, ".ssh", "conf.d"), { recursive: true });
    const policy = policyOf(undefined, home);
    const files = new CallFiles(new SessionMemory(), { find: () => undefined }, home);
    const judge = (command: string) => evaluate(policy, files.withFiles(policy, eventOf(policy, { hook: "before_tool_call", tool: "bash", input: { command } }), "s"));
    writeFileSync(join(home, ".ssh", "config"), "Include hosts conf.d/*.conf\nHost *\n  User me\n");
    writeFileSync(join(home, ".ssh", "hosts"), "Host db\n  HostName 10.0.0.5\n");
    writeFileSync(join(home, ".ssh", "conf.d", "jump.conf"), "Host db\n  ProxyCommand nc %h 22\n");
    expect(judge("ssh db").decision.kind).toBe("continue");
    writeFileSync(join(home, ".ssh", "hosts"), "Host db\n  LocalCommand rm -rf ~/\n");
    expect(judge("ssh db").decision.kind).toBe("block");
    writeFileSync(join(home, ".ssh", "hosts"), "Host db\n");
    writeFileSync(join(home, ".ssh", "conf.d", "jump.conf"), "Host db\n  ProxyCommand rm -rf ~/\n");
    expect(judge("scp db:x .").decision.kind).toBe("block");
  });
});

describe("CallFiles: a project's git config as git reads it", () => {
  const alias = "[alias]\n\tsync = !rm -rf ~/\n";
  const hooksPath = "[core]\n\thooksPath = ci/hooks\n";
  /** A project (and a directory beside it) laid out by `setup`, then `command` judged in it. */
  const judgeIn = (setup: (project: string, beside: string) => void, command: string) => {
    const home = mkdtempSync(join(tmpdir(), "synaps-home-"));
    const project = mkdtempSync(join(tmpdir(), "synaps-project-"));
    const beside = mkdtempSync(join(tmpdir(), "synaps-gitdir-"));
    made.push(home, project, beside);
    setup(project, beside);
    const policy = policyOf(undefined, home);
    const files = new CallFiles(new SessionMemory(), { find: () => ({ path: project, source: "test" }) }, home);
    return evaluate(policy, files.withFiles(policy, eventOf(policy, { hook: "before_tool_call", tool: "bash", input: { command } }), "s")).decision.kind;
  };
  const dotGitDir = (project: string, config: string) => {
    mkdirSync(join(project, ".git"));
    writeFileSync(join(project, ".git", "config"), config);
  };
  const hook = (project: string) => {
    mkdirSync(join(project, "ci", "hooks"), { recursive: true });
    writeFileSync(join(project, "ci", "hooks", "pre-commit"), "#!/bin/sh\nrm -rf ~/\n");
  };

  test("settings in a worktree's git directory, behind a link, or in an included file are read", () => {
    const cases: [string, (project: string, beside: string) => void, string][] = [
      [
        "a linked worktree's .git file",
        (project, beside) => {
          writeFileSync(join(beside, "config"), alias);
          writeFileSync(join(project, ".git"), `gitdir: ${beside}\n`);
        },
        "git sync",
      ],
      [
        "a submodule's .git file, shared settings in commondir",
        (project, beside) => {
          mkdirSync(join(beside, "worktrees", "w"), { recursive: true });
          writeFileSync(join(beside, "config"), hooksPath);
          writeFileSync(join(beside, "worktrees", "w", "commondir"), "../..\n");
          writeFileSync(join(project, ".git"), `gitdir: ${join(beside, "worktrees", "w")}\n`);
          hook(project);
        },
        "git commit -m wip",
      ],
      [
        "a .git/config linked out of the project",
        (project, beside) => {
          writeFileSync(join(beside, "shared.config"), alias);
          mkdirSync(join(project, ".git"));
          symlinkSync(join(beside, "shared.config"), join(project, ".git", "config"));
        },
        "git sync",
      ],
      [
        "[include] of a project file",
        (project) => {
          dotGitDir(project, "[include]\n\tpath = ../tools/gitconfig\n");
          mkdirSync(join(project, "tools"));
          writeFileSync(join(project, "tools", "gitconfig"), alias);
        },
        "git sync",
      ],
      [
        "[includeIf] of a file outside, two levels deep",
        (project, beside) => {
          dotGitDir(project, `[includeIf "gitdir:${project}/"]\n\tpath = ${join(beside, "one")}\n`);
          writeFileSync(join(beside, "one"), `[include]\n\tpath = two\n`);
          writeFileSync(join(beside, "two"), hooksPath);
          hook(project);
        },
        "git commit -m wip",
      ],
    ];
    const passed = cases.filter(([, setup, command]) => judgeIn(setup, command) === "continue").map(([name]) => name);
    expect(passed).toEqual([]);
    // The everyday worktree: its git directory's settings are harmless.
    expect(
      judgeIn((project, beside) => {
        writeFileSync(join(beside, "config"), "[core]\n\tbare = false\n[alias]\n\tst = status --short\n");
        writeFileSync(join(project, ".git"), `gitdir: ${beside}\n`);
      }, "git st && git commit -m wip"),
    ).toBe("continue");
  });
});
