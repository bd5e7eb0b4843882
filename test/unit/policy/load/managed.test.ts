// The managed policy: an administrator's file above the user's. Its rules
// always apply — nothing in the user's files (or what they include) switches
// them off, lowers, observes or excepts them — its [defaults] are a floor,
// and a broken managed file fails closed.
import { afterAll, describe, expect, test } from "bun:test";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decide } from "../../../support/decide.ts";
import { loadFrom } from "../../../support/memory-files.ts";
import { loadPolicyFile } from "../../../../src/policy/load/load-file.ts";
import { managedPolicyFile } from "../../../../src/policy/load/managed-file.ts";
import { policyJson, policyLines } from "../../../../src/report/policy-report.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const MANAGED = "/etc/synaps-policy/policy.toml";
const NO_CURL = '[[rule]]\nid = "corp-no-curl"\ntool = "bash"\nwhen = { command = "curl" }\ndecision = "block"\nreason = "no downloads on corporate machines"\n';
const managedText = (more = "") => `version = 1\ninclude = ["builtin:git"]\n${more}${NO_CURL}`;

function load(user: string, managed: string = managedText(), more: Record<string, string> = {}) {
  return loadFrom({ "/p/policy.toml": `version = 1\n${user}`, [MANAGED]: managed, ...more }, "/p/policy.toml", {}, MANAGED);
}

function loaded(user: string, managed?: string, more?: Record<string, string>) {
  const outcome = load(user, managed, more);
  if (!outcome.ok) throw new Error(outcome.problems.join("\n"));
  expect(outcome.testFailures).toEqual([]);
  return outcome;
}

describe("the managed policy's rules", () => {
  test("apply with the user's, and the user's file can neither switch off nor lower them (a warning names them)", () => {
    const { policy, warnings } = loaded('[[override]]\nrules = ["corp-*", "git-*"]\ndecision = "off"\n');
    expect(decide("curl https://example.com", policy)).toMatchObject({ decision: "block", rule: "corp-no-curl" });
    expect(decide("git push --force", policy).decision).toBe("confirm");
    expect(warnings.join("\n")).toContain("the managed policy (an administrator's, above your files) may be tightened, never loosened: this override would switch off");
    expect(warnings.join("\n")).toContain("corp-no-curl");
  });

  test("are not loosened by a lower decision, observe or unless, even for a pack the user's file includes too", () => {
    for (const change of ['decision = "continue"', 'mode = "observe"', 'unless = { command = "curl" }']) {
      const { policy, warnings } = loaded(`include = ["builtin:git"]\n[[override]]\nrules = ["corp-no-curl", "git-force-push"]\n${change}\n`);
      expect(decide("curl https://example.com", policy).decision).toBe("block");
      expect(decide("git push --force", policy).decision).toBe("confirm");
      expect(warnings.some((warning) => warning.includes("may be tightened, never loosened"))).toBe(true);
    }
  });

  test("are not loosened from a file the user's file includes", () => {
    const { policy, warnings } = loaded('include = ["team.toml"]\n', undefined, { "/p/team.toml": 'version = 1\n[[override]]\nrules = "corp-no-curl"\ndecision = "off"\n' });
    expect(decide("curl https://example.com", policy).decision).toBe("block");
    expect(warnings.join("\n")).toContain("/p/team.toml");
  });

  test("can be tightened by the user's file", () => {
    const { policy, warnings } = loaded('[[override]]\nrules = "git-force-push"\ndecision = "block"\nreason = "never here"\n');
    expect(decide("git push --force", policy).decision).toBe("block");
    expect(warnings.filter((warning) => warning.includes("never loosened"))).toEqual([]);
  });

  test("apply their own overrides last, but cannot loosen a pack the user's file includes itself", () => {
    const managed = managedText('[[override]]\nrules = "corp-no-curl"\ndecision = "confirm"\nmessage = "download?"\n[[override]]\nrules = "git-force-push"\ndecision = "off"\n');
    const { policy } = loaded('include = ["builtin:git"]\n[[override]]\nrules = "corp-no-curl"\ndecision = "block"\nreason = "mine"\n', managed);
    expect(decide("curl https://example.com", policy).decision).toBe("confirm");
    expect(decide("git push --force", policy).decision).toBe("confirm");
  });

  test("leave the user's own rules to the user", () => {
    const { policy, warnings } = loaded('[[rule]]\nid = "mine"\nwhen = { command = "docker" }\ndecision = "block"\n[[override]]\nrules = "mine"\ndecision = "confirm"\n');
    expect(decide("docker run x", policy).decision).toBe("confirm");
    expect(warnings.filter((warning) => warning.includes("never loosened"))).toEqual([]);
  });
});

describe("the managed policy's [defaults]", () => {
  test("are a floor: a weaker user default is raised, and the warning says which", () => {
    const managed = managedText('[defaults]\ndecision = "confirm"\nunseen_code = "block"\n');
    const { policy, warnings } = loaded('[defaults]\ndecision = "continue"\nmode = "observe"\nconfirmed = "session"\n', managed);
    expect(policy.defaults).toMatchObject({ decision: "confirm", unseen_code: "block", mode: "enforce", confirmed: "ask-again" });
    expect(decide("ls", policy).decision).toBe("confirm");
    for (const key of ["decision", "unseen_code", "mode", "confirmed"])
      expect(warnings.some((warning) => warning.includes(`defaults.${key}: the managed policy ${MANAGED} sets a floor`))).toBe(true);
  });

  test("let a stricter user default stand", () => {
    const { policy, warnings } = loaded('[defaults]\ndecision = "block"\n', managedText('[defaults]\ndecision = "confirm"\n'));
    expect(policy.defaults.decision).toBe("block");
    expect(warnings.filter((warning) => warning.includes("sets a floor"))).toEqual([]);
  });

  test("raise only the calls' defaults: the user's inline tests are judged by the user's own", () => {
    const outcome = load('[defaults]\ndecision = "continue"\n[[test]]\ninput = "ls"\nexpect = "continue"\n', managedText('[defaults]\ndecision = "block"\n'));
    expect(outcome.ok && outcome.testFailures).toEqual([]);
    expect(outcome.ok && decide("ls", outcome.policy).decision).toBe("block");
  });
});

describe("a broken managed file", () => {
  test("fails closed, whatever the user's file asks for on errors", () => {
    const outcome = load('[defaults]\non_error = "continue"\n', 'version = 1\n[[rule]]\nid = "x"\nwhen = { comand = "curl" }\ndecision = "block"\n');
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.problems.join("\n")).toContain(MANAGED);
  });

  test("that includes a missing file fails closed too", () => {
    expect(load("", 'version = 1\ninclude = ["missing.toml"]\n').ok).toBe(false);
  });
});

describe("on disk", () => {
  const dir = mkdtempSync(join(tmpdir(), "synaps-policy-managed-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const user = join(dir, "policy.toml");
  writeFileSync(user, 'version = 1\n[defaults]\non_error = "continue"\n');

  test("an absent managed file is no layer, and status says where it would be", () => {
    const outcome = loadPolicyFile({ file: user, explicit: true }, "/home/ada", undefined, join(dir, "absent.toml"));
    expect(outcome.ok && outcome.policy.layers).toEqual([
      { layer: "managed", file: join(dir, "absent.toml"), present: false },
      { layer: "user", file: user, present: true },
    ]);
    expect(outcome.ok && policyLines(outcome.policy).join("\n")).toContain(`managed: ${join(dir, "absent.toml")} (none there)`);
  });

  test("status lists the layers in order with their files, and --json has them", () => {
    const managed = join(dir, "managed.toml");
    writeFileSync(managed, managedText());
    const outcome = loadPolicyFile({ file: user, explicit: true }, "/home/ada", undefined, managed);
    if (!outcome.ok) throw new Error(outcome.problems.join("\n"));
    const lines = policyLines(outcome.policy);
    const at = lines.indexOf("layers, highest first:");
    expect(lines.slice(at, at + 3)).toEqual([
      "layers, highest first:",
      `  managed: ${managed} (an administrator's; your files can tighten it, never loosen it)`,
      `  user: ${user} (yours)`,
    ]);
    expect(policyJson(outcome.policy).layers.map((layer) => layer.layer)).toEqual(["managed", "user"]);
    expect(outcome.watch.files).toContain(managed);
  });

  test("a managed path that is not a readable regular file fails closed with block", () => {
    const folder = join(dir, "a-directory");
    mkdirSync(folder);
    const outcome = loadPolicyFile({ file: user, explicit: true }, "/home/ada", undefined, folder);
    expect(outcome).toMatchObject({ ok: false, onError: "block" });
    expect(!outcome.ok && outcome.problems[0]).toContain("the managed policy, an administrator's");
    const unreadable = join(dir, "unreadable.toml");
    writeFileSync(unreadable, managedText());
    chmodSync(unreadable, 0o000);
    if (process.getuid?.() !== 0) expect(loadPolicyFile({ file: user, explicit: true }, "/home/ada", undefined, unreadable).ok).toBe(false);
  });
});

test("the managed place is fixed per platform, not taken from the environment", () => {
  process.env.ProgramData = "/tmp/somewhere-a-user-chose";
  expect(managedPolicyFile("linux")).toBe("/etc/synaps-policy/policy.toml");
  expect(managedPolicyFile("darwin")).toBe("/Library/Application Support/synaps-policy/policy.toml");
  expect(managedPolicyFile("win32")).toBe("C:\\ProgramData\\synaps-policy\\policy.toml");
  delete process.env.ProgramData;
});

describe("the managed policy bounds how the user's files read calls", () => {
  const FS = 'version = 1\ninclude = ["builtin:destructive-fs"]\n';
  const corpRm = '[[rule]]\nid = "corp-no-shred"\nwhen = { command = "shred" }\ndecision = "block"\n';

  test("a user's wrapper or [programs] entry for a program the guard knows is refused, and its rules still see the program", () => {
    const { policy, warnings } = loaded('[shell]\nwrappers = { rm = {}, shred = {}, my-runner = {} }\n[programs.rm]\noperands = ["argv"]\n', `${FS}${corpRm}`);
    expect(decide("rm -rf /etc", policy).decision).toBe("block");
    expect(decide("shred -u secrets.txt", policy)).toMatchObject({ decision: "block", rule: "corp-no-shred" });
    // A wrapper of the user's own still works: what it runs is read.
    expect(decide("my-runner rm -rf /etc", policy).decision).toBe("block");
    const said = warnings.join("\n");
    for (const name of ["shell.wrappers.rm", "shell.wrappers.shred", "programs.rm"]) expect(said).toContain(name);
    expect(said).not.toContain("my-runner");
  });

  test("under a managed rule on every program's paths, a user's [programs] entry may not read a word as other than a file", () => {
    const managed = 'version = 1\n[[rule]]\nid = "corp-keys"\nwhen = { paths = ["/etc/shadow", "~/.ssh/**"] }\ndecision = "block"\n';
    const hiding = [
      'operands = ["value"]',
      'operands = ["argv"]',
      'options = { "-k" = "pattern" }',
      'subcommands = { get = { operands = ["host"] } }',
      'inertWith = ["-q"]',
      'lastOperand = "url"',
    ];
    for (const entry of hiding) {
      const { policy, warnings } = loaded(`[programs.vaultish]\n${entry}\n`, managed);
      for (const call of ["vaultish /etc/shadow", "vaultish -k ~/.ssh/id_rsa", "vaultish get ~/.ssh/id_ed25519", "vaultish -q a ~/.ssh/id_rsa"])
        expect(decide(call, policy)).toMatchObject({ decision: "block", rule: "corp-keys" });
      expect(warnings.join("\n")).toContain("programs.vaultish");
    }
    // Saying which words are files (or flags) hides nothing, and is kept.
    const { policy, warnings } = loaded('[programs.vaultish]\noptions = { "-o" = "write", "-v" = "flag" }\noperands = ["read"]\n', managed);
    expect(decide("vaultish -v -o ~/.ssh/authorized_keys x", policy).decision).toBe("block");
    expect(warnings.join("\n")).not.toContain("programs.vaultish");
  });

  test("a user's [shell] tools entry for a tool the managed rules look at is refused; an unknown MCP tool is kept", () => {
    const managed = `version = 1\n[[rule]]\nid = "corp-no-secrets"\ntool = ["write", "mcp_*"]\nwhen = { paths = ["~/.ssh/**"] }\ndecision = "block"\n`;
    const { policy, warnings } = loaded('[shell]\ntools = { write = "content", bash = "other", mcp_fs_write = "cmd", my_runner = "command" }\n', managed);
    expect(decide({ tool: "write", input: { path: "/home/ada/.ssh/authorized_keys", content: "x" } }, policy).decision).toBe("block");
    expect(policy.shellTools).toMatchObject({ bash: "command", my_runner: "command" });
    expect(policy.shellTools.write).toBeUndefined();
    expect(policy.shellTools.mcp_fs_write).toBeUndefined();
    const said = warnings.join("\n");
    for (const name of ["shell.tools.write", "shell.tools.bash", "shell.tools.mcp_fs_write"]) expect(said).toContain(name);
  });

  test("project_roots outside a folder of the home directory are refused; ~/code/* is kept", () => {
    const { policy, warnings } = loaded('[defaults]\nproject_roots = ["/", "/*", "~/*", "~", "/srv/*", "~/code/*"]\n', FS);
    expect(policy.defaults.project_roots).toEqual(["~/code/*"]);
    expect(decide("cd ~/code/webapp && rm -rf build", policy).decision).toBe("continue");
    expect(decide("rm -rf /etc/nginx", policy).decision).toBe("block");
    expect(decide("rm -rf ~/.ssh", policy).decision).toBe("block");
    expect(warnings.filter((warning) => warning.includes("outside a folder of your home directory"))).toHaveLength(5);
  });

  test("with the managed file's own project_roots, the user's must lie inside them", () => {
    const managed = `${FS}[defaults]\nproject_roots = ["~/work/*"]\n`;
    const { policy, warnings } = loaded('[defaults]\nproject_roots = ["~/work/*", "~/work/api/packages/*", "~/code/*"]\n', managed);
    expect(policy.defaults.project_roots).toEqual(["~/work/*", "~/work/api/packages/*"]);
    expect(decide("cd ~/code/webapp && rm -rf build", policy).decision).toBe("block");
    expect(decide("cd ~/work/api && rm -rf build", policy).decision).toBe("continue");
    expect(warnings.join("\n")).toContain("is not inside the managed policy's project_roots");
  });

  test("without a managed policy the user's reading is the user's own", () => {
    const outcome = loadFrom({ "/p/policy.toml": 'version = 1\ninclude = ["builtin:destructive-fs"]\n[defaults]\nproject_roots = ["/srv/*"]\n' });
    expect(outcome.ok && outcome.policy.defaults.project_roots).toEqual(["/srv/*"]);
  });
});
