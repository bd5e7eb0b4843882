// An older install's policy.toml (with the files it includes) and logs/ in
// the plugin folder are copied once to the user folder, never deleted, never
// overwritten; when both places hold a file and they differ, the user
// folder's is used and the look says so.
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describeMigration, lookAtLegacyFiles, migrateLegacyFiles, recordedMoves } from "../../../src/plugin/migration.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

const made: string[] = [];
afterAll(() => {
  for (const path of made) rmSync(path, { recursive: true, force: true });
});

function world() {
  const base = mkdtempSync(join(tmpdir(), "synaps-policy-migration-"));
  made.push(base);
  const home = join(base, "home");
  const pluginRoot = join(home, ".synaps-cli", "plugins", "synaps-policy");
  mkdirSync(pluginRoot, { recursive: true });
  const userFolder = join(home, ".synaps-cli", "synaps-policy");
  const places = { pluginRoot, home, policyFile: join(userFolder, "policy.toml"), auditLog: join(userFolder, "logs", "audit.jsonl") };
  const put = (path: string, text: string) => {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  };
  return { home, pluginRoot, userFolder, places, put };
}

const MY_POLICY = 'version = 1\ninclude = ["team/rules.toml"]\n';
const TEAM =
  'version = 1\n[[rule]]\nid = "no-make-deploy"\nhook = "before_tool_call"\ntool = "bash"\nwhen = { command = "make", args = ["deploy"] }\ndecision = "block"\nreason = "not from an agent"\n';

describe("copying an older install's files out of the plugin folder", () => {
  test("the policy, the file it includes and every log generation are copied; the originals stay", () => {
    const { pluginRoot, userFolder, places, put } = world();
    put(join(pluginRoot, "policy.toml"), MY_POLICY);
    put(join(pluginRoot, "team", "rules.toml"), TEAM);
    put(join(pluginRoot, "logs", "audit.jsonl"), '{"time":"new"}\n');
    put(join(pluginRoot, "logs", "audit.jsonl.1"), '{"time":"old"}\n');
    put(join(pluginRoot, "logs", "install", "setup.log"), "the host's\n");
    const migration = migrateLegacyFiles(places, () => new Date("2026-12-01T00:00:00Z"));
    expect(migration.problems).toEqual([]);
    expect(readFileSync(join(userFolder, "policy.toml"), "utf8")).toBe(MY_POLICY);
    expect(readFileSync(join(userFolder, "team", "rules.toml"), "utf8")).toBe(TEAM);
    expect(readFileSync(join(userFolder, "logs", "audit.jsonl"), "utf8")).toBe('{"time":"new"}\n');
    expect(readFileSync(join(userFolder, "logs", "audit.jsonl.1"), "utf8")).toBe('{"time":"old"}\n');
    expect(existsSync(join(userFolder, "logs", "install"))).toBe(false);
    for (const original of ["policy.toml", "team/rules.toml", "logs/audit.jsonl", "logs/audit.jsonl.1"]) expect(existsSync(join(pluginRoot, original))).toBe(true);
    expect(recordedMoves(places.home)).toEqual([{ time: "2026-12-01T00:00:00.000Z", moves: migration.copied }]);
    expect(describeMigration(migration).join("\n")).toContain(`copied ${join(pluginRoot, "policy.toml")} to ${join(userFolder, "policy.toml")}`);
  });

  test("runs once: a second start copies nothing and says nothing", () => {
    const { pluginRoot, places, put } = world();
    put(join(pluginRoot, "policy.toml"), MY_POLICY);
    migrateLegacyFiles(places);
    const again = migrateLegacyFiles(places);
    expect(describeMigration(again)).toEqual([]);
  });

  test("both exist and differ: nothing is overwritten, the user folder's wins, and the look says so", () => {
    const { pluginRoot, userFolder, places, put } = world();
    put(join(pluginRoot, "policy.toml"), "version = 1\n# the old one\n");
    put(join(userFolder, "policy.toml"), "version = 1\n# the new one\n");
    const migration = migrateLegacyFiles(places);
    expect(migration.copied).toEqual([]);
    expect(readFileSync(join(userFolder, "policy.toml"), "utf8")).toBe("version = 1\n# the new one\n");
    expect(describeMigration(lookAtLegacyFiles(places)).join("\n")).toContain(
      `differs from ${join(userFolder, "policy.toml")}; ${join(userFolder, "policy.toml")} is the one used`,
    );
  });

  test("a log already in the user folder wins whole: no older generation is mixed into its history", () => {
    const { pluginRoot, userFolder, places, put } = world();
    put(join(pluginRoot, "logs", "audit.jsonl"), '{"time":"legacy"}\n');
    put(join(pluginRoot, "logs", "audit.jsonl.1"), '{"time":"legacy-1"}\n');
    put(join(userFolder, "logs", "audit.jsonl"), '{"time":"current"}\n');
    migrateLegacyFiles(places);
    expect(existsSync(join(userFolder, "logs", "audit.jsonl.1"))).toBe(false);
    expect(lookAtLegacyFiles(places).differ.map((move) => move.from)).toEqual([join(pluginRoot, "logs", "audit.jsonl")]);
  });

  test("a setting that names another file or log: nothing is copied (the user chose where their files are)", () => {
    const { pluginRoot, userFolder, places, put } = world();
    put(join(pluginRoot, "policy.toml"), MY_POLICY);
    put(join(pluginRoot, "logs", "audit.jsonl"), "{}\n");
    const migration = migrateLegacyFiles({ ...places, policyFile: join(places.home, "team.toml"), auditLog: undefined });
    expect(migration.copied).toEqual([]);
    expect(existsSync(userFolder)).toBe(false);
  });

  test("only looking changes nothing", () => {
    const { pluginRoot, userFolder, places, put } = world();
    put(join(pluginRoot, "policy.toml"), MY_POLICY);
    expect(lookAtLegacyFiles(places).pending.map((move) => move.to)).toEqual([join(userFolder, "policy.toml")]);
    expect(existsSync(userFolder)).toBe(false);
  });

  test("a log that is a symbolic link is not followed (the extension never writes through one either)", () => {
    const { pluginRoot, userFolder, places, put } = world();
    put(join(places.home, "secret"), "not a log\n");
    mkdirSync(join(pluginRoot, "logs"), { recursive: true });
    symlinkSync(join(places.home, "secret"), join(pluginRoot, "logs", "audit.jsonl"));
    migrateLegacyFiles(places);
    expect(existsSync(join(userFolder, "logs", "audit.jsonl"))).toBe(false);
  });
});
