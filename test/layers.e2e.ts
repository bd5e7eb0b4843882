// Issue 29, layers, through the binary: a managed policy (an administrator's
// file) whose rules the user's file tries to switch off stays in force, its
// defaults are a floor, `status` lists the layers, and a broken managed file
// fails closed. The managed place is a temporary directory by a build-time
// constant in an executable of this test's own (a released binary has none
// and reads the fixed system place, which the last test shows).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildExecutable } from "../build.ts";
import { bashCall, ExtensionProcess, runCli } from "./harness.ts";

const dir = mkdtempSync(join(tmpdir(), "synaps-policy-layers-"));
const binary = join(dir, "plugin", "bin", "synaps-policy");
const managed = join(dir, "etc", "policy.toml");
const user = join(dir, "policy.toml");
const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: join(dir, "home"), LANG: "C.UTF-8" };
const MANAGED_TEXT =
  'version = 1\n[defaults]\ndecision = "confirm"\n[[rule]]\nid = "corp-no-curl"\ntool = "bash"\nwhen = { command = "curl" }\ndecision = "block"\nreason = "no downloads on corporate machines"\n';

beforeAll(async () => {
  mkdirSync(join(dir, "etc"));
  mkdirSync(env.HOME);
  writeFileSync(managed, MANAGED_TEXT);
  writeFileSync(user, 'version = 1\n[defaults]\ndecision = "continue"\n[[override]]\nrules = "*"\ndecision = "off"\n');
  await buildExecutable({ outfile: binary, managedPolicyFile: managed });
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(args: string[]) {
  const proc = Bun.spawn([binary, ...args], { cwd: dir, env, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { code, stdout, stderr };
}

describe("a managed policy", () => {
  test("stays in force when the user's file switches everything off, and validate says so", async () => {
    const checked = await run(["check", "bash", "curl https://example.com", "--policy", user]);
    expect(checked.stdout.split("\n")[0]).toBe("decision: block");
    const unmatched = await run(["check", "bash", "ls", "--policy", user]);
    expect(unmatched.stdout.split("\n")[0]).toBe("decision: confirm");
    const validated = await run(["validate", user]);
    expect(validated.stdout + validated.stderr).toContain("may be tightened, never loosened: this override would switch off 1 rule (corp-no-curl)");
    expect(validated.stdout + validated.stderr).toContain(`defaults.decision: the managed policy ${managed} sets a floor of decision = "confirm"`);
  });

  test("status and status --json list the layers in order with their files", async () => {
    const status = await run(["status", "--policy", user]);
    expect(status.code).toBe(0);
    expect(status.stdout).toContain(`layers, highest first:\n  managed: ${managed} (an administrator's; your files can tighten it, never loosen it)\n  user: ${user} (yours)`);
    const json = JSON.parse((await run(["status", "--json", "--policy", user])).stdout);
    expect(json.layers).toEqual([
      { layer: "managed", file: managed, present: true },
      { layer: "user", file: user, present: true },
      { layer: "project", file: join(dir, ".synaps", "policy.toml"), present: false },
    ]);
  });

  test("is not loosened by a project's policy either, and bounds how the user's files read calls", async () => {
    const project = join(dir, "shop");
    mkdirSync(join(project, ".synaps"), { recursive: true });
    writeFileSync(join(project, ".synaps", "policy.toml"), 'version = 1\n[[override]]\nrules = "corp-*"\ndecision = "off"\n');
    const checked = await run(["check", "bash", "curl https://example.com", "--policy", user, "--project", project]);
    expect(checked.stdout.split("\n")[0]).toBe("decision: block");
    const status = await run(["status", "--policy", user, "--project", project]);
    expect(status.stdout).toContain(`  project: ${join(project, ".synaps", "policy.toml")} (the project's; it can tighten yours, never loosen it)`);
    expect(status.stdout).toContain("a project's policy may tighten, never loosen");
    // The user's file declaring curl a wrapper would hide every curl from the managed rule.
    const wrapping = join(dir, "wrapping.toml");
    writeFileSync(wrapping, 'version = 1\n[shell]\nwrappers = { curl = {} }\n[defaults]\nproject_roots = ["/*"]\n');
    const wrapped = await run(["check", "bash", "curl https://example.com", "--policy", wrapping]);
    expect(wrapped.stdout.split("\n")[0]).toBe("decision: block");
    const validated = await run(["validate", wrapping]);
    expect(validated.stderr).toContain("shell.wrappers.curl");
    expect(validated.stderr).toContain('project root "/*" would make directories outside a folder of your home directory projects');
  });

  test("is applied by the running extension, and a broken one fails closed", async () => {
    const root = join(dir, "plugin");
    writeFileSync(join(root, "policy.toml"), 'version = 1\n[defaults]\non_error = "continue"\n[[override]]\nrules = "corp-no-curl"\ndecision = "off"\n');
    const ext = new ExtensionProcess({ binary, cwd: root, env });
    try {
      const init = await ext.request("initialize", {
        synaps_version: "test",
        extension_protocol_version: 1,
        plugin_id: "synaps-policy",
        plugin_root: root,
        config: { policy_file: "policy.toml", audit_log: "off" },
      });
      expect(init.result?.protocol_version).toBe(1);
      expect((await ext.request("hook.handle", bashCall("curl https://example.com"))).result.action).toBe("block");
    } finally {
      await ext.stop();
    }
    writeFileSync(managed, 'version = 1\n[[rule]]\nid = "x"\nwhen = { comand = "curl" }\n');
    try {
      const status = await run(["check", "bash", "ls", "--policy", user]);
      expect(status.code).not.toBe(0);
      expect(status.stderr).toContain(managed);
    } finally {
      writeFileSync(managed, MANAGED_TEXT);
    }
  });
});

test("the released executable reads the fixed system place, which a setting cannot move", async () => {
  const status = await runCli(["status", "--json", "--policy", user], { cwd: dir, env });
  expect(JSON.parse(status.stdout).layers[0]).toMatchObject({ layer: "managed", file: process.platform === "linux" ? "/etc/synaps-policy/policy.toml" : expect.any(String) });
});
