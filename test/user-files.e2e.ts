// A user's policy and audit log survive every way the plugin folder is
// replaced, because they do not live in it. Each test has its own HOME with
// ~/.synaps-cli/plugins/synaps-policy/ in it, and drives the binary as the
// host does: the environment cleared to PATH, HOME, LANG, TERM; the config
// the host resolves from the folder's manifest defaults and its settings
// file; a /plugins update re-enacted step by step as the host's code does it
// (a fresh clone into a pending folder, the old folder renamed to a backup,
// the pending one moved into place, the backup deleted).
import { afterAll, describe, expect, test } from "bun:test";
import { chmodSync, copyFileSync, existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { bashCall, ExtensionProcess, HOST_BINARY, hookEvent, runCli } from "./harness.ts";

const ROOT = join(import.meta.dir, "..");
const made: string[] = [];
afterAll(() => {
  for (const path of made) rmSync(path, { recursive: true, force: true });
});

type World = { home: string; plugins: string; dir: string; userFolder: string; env: Record<string, string> };

function world(home?: string): World {
  const base = home ?? mkdtempSync(join(tmpdir(), "synaps-policy-home-"));
  if (home === undefined) made.push(base);
  const plugins = join(base, ".synaps-cli", "plugins");
  return {
    home: base,
    plugins,
    dir: join(plugins, "synaps-policy"),
    userFolder: join(base, ".synaps-cli", "synaps-policy"),
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: base, LANG: "C.UTF-8", TERM: "dumb" },
  };
}

const put = (path: string, text: string) => {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
};

/** The user's own rule: something the default policy lets through. */
const MY_POLICY = `version = 1
include = ["builtin:destructive-fs"]

[[rule]]
id = "no-deploy-from-agents"
hook = "before_tool_call"
tool = "bash"
when = { command = "make", args = ["deploy"] }
decision = "block"
reason = "deploys are run by people"
`;

/** What a fresh clone of the repository holds that the host reads, plus the binary its setup puts in bin/. */
function freshClone(target: string) {
  for (const file of [".synaps-plugin/plugin.json", ".synaps-plugin/marketplace.json", "scripts/setup.sh", "README.md", "LICENSE"]) {
    mkdirSync(dirname(join(target, file)), { recursive: true });
    copyFileSync(join(ROOT, file), join(target, file));
  }
  mkdirSync(join(target, "bin"), { recursive: true });
  // A hard link where the file system allows it: each folder would otherwise hold a 100+ MB copy.
  try {
    linkSync(HOST_BINARY, join(target, "bin", "synaps-policy"));
  } catch {
    copyFileSync(HOST_BINARY, join(target, "bin", "synaps-policy"));
    chmodSync(join(target, "bin", "synaps-policy"), 0o755);
  }
}

/** The host's `/plugins` update (PROTOCOL.md): no git pull; clone, swap, delete. */
function hostUpdate(w: World) {
  const pending = join(w.plugins, ".synaps-policy.pending");
  const backup = join(w.plugins, ".synaps-policy.backup");
  freshClone(pending);
  renameSync(w.dir, backup);
  renameSync(pending, w.dir);
  rmSync(backup, { recursive: true, force: true });
}

/** The config the host sends: each key from the settings file `config` in the folder, else the manifest's default. */
function hostConfig(dir: string): Record<string, unknown> {
  const manifest = JSON.parse(readFileSync(join(dir, ".synaps-plugin", "plugin.json"), "utf8"));
  const config: Record<string, unknown> = Object.fromEntries(manifest.extension.config.map((entry: any) => [entry.key, entry.default]));
  const file = join(dir, "config");
  if (existsSync(file)) {
    for (const line of readFileSync(file, "utf8").split("\n")) {
      const match = /^\s*([\w-]+)\s*=\s*(.*?)\s*$/.exec(line);
      if (match) config[match[1]!] = match[2];
    }
  }
  return config;
}

/** Start the folder's own binary as the host does, with the config the host resolves. */
async function startAsHost(w: World, config: Record<string, unknown> = hostConfig(w.dir)): Promise<ExtensionProcess> {
  const ext = new ExtensionProcess({ binary: join(w.dir, "bin", "synaps-policy"), cwd: w.dir, env: w.env });
  const answer = await ext.request("initialize", { synaps_version: "test", extension_protocol_version: 1, plugin_id: "synaps-policy", plugin_root: w.dir, config });
  expect(answer.result.protocol_version).toBe(1);
  return ext;
}

async function decide(w: World, command: string): Promise<string> {
  const ext = await startAsHost(w);
  try {
    return (await ext.request("hook.handle", bashCall(command))).result.action;
  } finally {
    await ext.request("shutdown", null);
    await ext.exitCode();
  }
}

const cli = (w: World, args: string[], cwd?: string) => runCli(args, { env: w.env, ...(cwd ? { cwd } : {}) });
const folderCli = (w: World, args: string[], cwd?: string) => {
  const result = Bun.spawnSync([join(w.dir, "bin", "synaps-policy"), ...args], { env: w.env, cwd: cwd ?? w.home, stdin: "ignore" });
  return { code: result.exitCode, stdout: result.stdout.toString(), stderr: result.stderr.toString() };
};

/** A folder as an older version left it: its manifest's defaults inside the folder, the user's policy and a real audit log there. */
async function olderInstall(w: World) {
  freshClone(w.dir);
  put(join(w.dir, "policy.toml"), MY_POLICY);
  const ext = await startAsHost(w, { policy_file: "policy.toml", audit_log: "logs/audit.jsonl" });
  expect((await ext.request("hook.handle", bashCall("make deploy"))).result.action).toBe("block");
  await ext.request("shutdown", null);
  await ext.exitCode();
  expect(readFileSync(join(w.dir, "logs", "audit.jsonl"), "utf8")).toContain("no-deploy-from-agents");
}

describe("the defaults are outside the plugin folder", () => {
  test("the extension writes its audit log to ~/.synaps-cli/synaps-policy/ and reads the policy from there", async () => {
    const w = world();
    freshClone(w.dir);
    put(join(w.userFolder, "policy.toml"), MY_POLICY);
    expect(await decide(w, "make deploy")).toBe("block");
    expect(readFileSync(join(w.userFolder, "logs", "audit.jsonl"), "utf8")).toContain("no-deploy-from-agents");
    expect(existsSync(join(w.dir, "logs", "audit.jsonl"))).toBe(false);
  });
});

describe("a /plugins update (fresh clone, swap, old folder deleted)", () => {
  test("the user's rule still applies and the old audit records are still readable with `log`", async () => {
    const w = world();
    freshClone(w.dir);
    put(join(w.userFolder, "policy.toml"), MY_POLICY);
    expect(await decide(w, "make deploy")).toBe("block");
    hostUpdate(w);
    expect(await decide(w, "make deploy")).toBe("block");
    const log = folderCli(w, ["log", "--json"]);
    expect(log.code).toBe(0);
    const records = log.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(records.filter((record) => record.rule === "no-deploy-from-agents")).toHaveLength(2);
  });

  test("after an older install: its policy and logs are copied out at the first start, so the update after it keeps them", async () => {
    const w = world();
    await olderInstall(w);
    // The new version arrives as an archive unpacked over the folder: its manifest, with the new defaults.
    copyFileSync(join(ROOT, ".synaps-plugin", "plugin.json"), join(w.dir, ".synaps-plugin", "plugin.json"));
    const ext = await startAsHost(w);
    expect((await ext.request("hook.handle", bashCall("make deploy"))).result.action).toBe("block");
    await ext.request("shutdown", null);
    await ext.exitCode();
    expect(await ext.stderr()).toContain(`copied ${join(w.dir, "policy.toml")} to ${join(w.userFolder, "policy.toml")}`);
    // Nothing was deleted from the old folder.
    expect(readFileSync(join(w.dir, "policy.toml"), "utf8")).toBe(MY_POLICY);
    hostUpdate(w);
    expect(await decide(w, "make deploy")).toBe("block");
    const log = folderCli(w, ["log", "--rule", "no-deploy-from-agents", "--json"]);
    expect(log.stdout.trim().split("\n")).toHaveLength(3);
    const doctor = folderCli(w, ["doctor"]);
    expect(doctor.stdout).toContain(`copied ${join(w.dir, "policy.toml")} to ${join(w.userFolder, "policy.toml")}`);
  });
});

describe("every other way the folder is replaced keeps the user's files", () => {
  test("`install` over an older install copies the policy and logs out (originals kept), and names where they are", async () => {
    const w = world();
    await olderInstall(w);
    const result = await cli(w, ["install", w.dir]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`copy your ${join(w.dir, "policy.toml")} to ${join(w.userFolder, "policy.toml")}`);
    expect(result.stdout).toContain(`edit ${join(w.userFolder, "policy.toml")}`);
    expect(readFileSync(join(w.userFolder, "policy.toml"), "utf8")).toBe(MY_POLICY);
    expect(readFileSync(join(w.dir, "policy.toml"), "utf8")).toBe(MY_POLICY);
    expect(readFileSync(join(w.userFolder, "logs", "audit.jsonl"), "utf8")).toContain("no-deploy-from-agents");
    hostUpdate(w);
    expect(await decide(w, "make deploy")).toBe("block");
  });

  test("a fresh `install` writes the starter into the user folder; a second one keeps the user's edit", async () => {
    const w = world();
    expect((await cli(w, ["install", w.dir])).code).toBe(0);
    expect(readFileSync(join(w.userFolder, "policy.toml"), "utf8")).toStartWith("#:schema ./policy.schema.json");
    expect(existsSync(join(w.userFolder, "policy.schema.json"))).toBe(true);
    expect(existsSync(join(w.dir, "policy.toml"))).toBe(false);
    put(join(w.userFolder, "policy.toml"), MY_POLICY);
    const again = await cli(w, ["install", w.dir]);
    expect(again.stdout).toContain(`keep your ${join(w.userFolder, "policy.toml")}`);
    expect(readFileSync(join(w.userFolder, "policy.toml"), "utf8")).toBe(MY_POLICY);
  });

  test("a /plugins reinstall (the folder removed, cloned again) keeps them", async () => {
    const w = world();
    freshClone(w.dir);
    put(join(w.userFolder, "policy.toml"), MY_POLICY);
    expect(await decide(w, "make deploy")).toBe("block");
    rmSync(w.dir, { recursive: true, force: true });
    freshClone(w.dir);
    expect(await decide(w, "make deploy")).toBe("block");
    expect(readdirSync(join(w.userFolder, "logs"))).toEqual(["audit.jsonl"]);
  });
});

describe("the command line agrees with the live hook", () => {
  test("check, status and log read the plugin folder's settings file as the host does", async () => {
    const w = world();
    freshClone(w.dir);
    put(join(w.home, "team.toml"), MY_POLICY);
    put(join(w.dir, "config"), `policy_file = ${join(w.home, "team.toml")}\naudit_log = ~/team-audit.jsonl\n`);
    expect(await decide(w, "make deploy")).toBe("block");
    const check = folderCli(w, ["check", "bash", "make deploy"]);
    expect(check.code).toBe(2);
    expect(check.stdout).toContain("no-deploy-from-agents");
    expect(folderCli(w, ["status"]).stdout).toContain(`audit log: ${join(w.home, "team-audit.jsonl")}`);
    expect(folderCli(w, ["log", "--json"]).stdout).toContain("no-deploy-from-agents");
    expect(folderCli(w, ["doctor"]).stdout).toContain(`policy_file = ${join(w.home, "team.toml")} (from the settings file ${join(w.dir, "config")}`);
  });
});

describe("init", () => {
  test("writes where the active policy lives and says where; --force keeps the old one beside it", () => {
    const w = world();
    freshClone(w.dir);
    const first = folderCli(w, ["init"]);
    expect(first.code).toBe(0);
    const target = join(w.userFolder, "policy.toml");
    expect(first.stdout).toContain(`wrote ${target} (where the extension reads the policy from)`);
    put(target, MY_POLICY);
    const refused = folderCli(w, ["init"]);
    expect(refused.code).toBe(1);
    expect(readFileSync(target, "utf8")).toBe(MY_POLICY);
    const forced = folderCli(w, ["init", "--force"]);
    expect(forced.code).toBe(0);
    const backups = readdirSync(w.userFolder).filter((name) => name.startsWith("policy.toml.bak-"));
    expect(backups).toHaveLength(1);
    expect(readFileSync(join(w.userFolder, backups[0]!), "utf8")).toBe(MY_POLICY);
    expect(forced.stdout).toContain(`kept your previous policy as ${join(w.userFolder, backups[0]!)}`);
    expect(folderCli(w, ["init", "--force"]).code).toBe(0);
    expect(readdirSync(w.userFolder).filter((name) => name.startsWith("policy.toml.bak-"))).toHaveLength(2);
  });

  test("follows the policy_file setting", () => {
    const w = world();
    freshClone(w.dir);
    put(join(w.dir, "config"), "policy_file = ~/policies/mine.toml\n");
    expect(folderCli(w, ["init"]).stdout).toContain(`wrote ${join(w.home, "policies", "mine.toml")}`);
  });
});

describe("doctor in a project", () => {
  test("warns about a project-local copy that replaces the plugin, and names the host's switch", () => {
    const w = world();
    freshClone(w.dir);
    const project = join(w.home, "code", "cloned");
    put(join(project, ".synaps", "plugins", "synaps-policy", ".synaps-plugin", "plugin.json"), "{}");
    const doctor = folderCli(w, ["doctor"], project);
    expect(doctor.stdout).toContain(`warn  project-local plugin ${join(project, ".synaps", "plugins", "synaps-policy")} REPLACES this one`);
    expect(doctor.stdout).toContain("SYNAPS_DISABLE_PROJECT_PLUGINS=1");
    const elsewhere = folderCli(w, ["doctor"], w.home);
    expect(elsewhere.stdout).not.toContain("REPLACES this one");
  });
});

describe("install --no-transform-output", () => {
  test("the extension no longer answers replace (the host would discard it with a warning)", async () => {
    const w = world();
    expect((await cli(w, ["install", w.dir, "--no-transform-output"])).code).toBe(0);
    const output = "token: ghp_16C7e42F292c6912E7710c838347Ae178B4a\n";
    const ext = await startAsHost(w);
    const answer = await ext.request(
      "hook.handle",
      hookEvent("after_tool_call", { tool_name: "bash", tool_runtime_name: "bash", tool_input: { command: "cat .env" }, tool_output: output }),
    );
    await ext.request("shutdown", null);
    expect(answer.result.action).toBe("continue");
    expect(await ext.stderr()).toContain("tool output is NOT redacted");
  });
});

describe("HOME is /tmp itself", () => {
  const w = world("/tmp");
  test("the starter validates, ls continues, rm -rf ~ is stopped", () => {
    const starter = join(ROOT, "src", "policy", "default-policy.toml");
    expect(Bun.spawnSync([HOST_BINARY, "validate", starter], { env: w.env }).exitCode).toBe(0);
    expect(Bun.spawnSync([HOST_BINARY, "check", "--policy", starter, "bash", "ls"], { env: w.env }).exitCode).toBe(0);
    expect(Bun.spawnSync([HOST_BINARY, "check", "--policy", starter, "bash", "rm -rf ~"], { env: w.env }).exitCode).toBe(2);
  });

  test("through the extension too", async () => {
    const scratch = mkdtempSync(join(tmpdir(), "synaps-policy-tmphome-"));
    made.push(scratch);
    const ext = new ExtensionProcess({ cwd: scratch, env: w.env });
    await ext.request("initialize", { plugin_root: scratch, config: { policy_file: join(ROOT, "src", "policy", "default-policy.toml"), audit_log: join(scratch, "audit.jsonl") } });
    expect((await ext.request("hook.handle", bashCall("ls"))).result.action).toBe("continue");
    expect((await ext.request("hook.handle", bashCall("rm -rf ~"))).result.action).toBe("block");
    await ext.request("shutdown", null);
  });
});
