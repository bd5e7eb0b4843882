// The manifest, checked against what the SynapsCLI host really enforces
// (shared/PROTOCOL.md): a manifest that only matches the docs may be refused.
import { describe, expect, test } from "bun:test";
import { accessSync, constants, existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import * as v from "valibot";
import marketplace from "../.synaps-plugin/marketplace.json" with { type: "json" };
import manifest from "../.synaps-plugin/plugin.json" with { type: "json" };
import packageJson from "../package.json" with { type: "json" };
import { SUBSCRIBED_HOOKS } from "../src/plugin/subscriptions.ts";
import { setTestLimit } from "./support/test-limit.ts";

setTestLimit();

const ROOT = join(import.meta.dir, "..");

const VALID_PERMISSIONS = new Set([
  "tools.intercept",
  "tools.transform_output",
  "privacy.llm_content",
  "session.lifecycle",
  "tools.register",
  "providers.register",
  "context_providers.register",
  "memory.read",
  "memory.write",
  "config.write",
  "config.subscribe",
  "audio.input",
  "audio.output",
]);
const PERMISSION_OF_HOOK: Record<string, string> = {
  before_tool_call: "tools.intercept",
  after_tool_call: "tools.intercept",
  before_message: "privacy.llm_content",
  on_message_complete: "privacy.llm_content",
  on_compaction: "privacy.llm_content",
  on_session_start: "session.lifecycle",
  on_session_end: "session.lifecycle",
};
const extension = manifest.extension as Record<string, any>;

describe("the plugin manifest", () => {
  test("runs a process the host can start", () => {
    expect(extension.runtime).toBe("process");
    expect(extension.command).toBeString();
    expect(extension.command).toContain("/");
    expect(extension.args).toEqual([]);
    expect(extension.protocol_version).toBe(1);
  });

  test("carries the short guide's names too", () => {
    expect(extension.entry_point).toBe(extension.command);
    expect(extension.extension_protocol_version).toBe(1);
  });

  test("asks only for permissions the host knows (an unknown one refuses the whole plugin)", () => {
    for (const permission of extension.permissions) expect(VALID_PERMISSIONS.has(permission)).toBe(true);
  });

  test("holds the permission each subscribed hook needs", () => {
    expect(extension.hooks.length).toBeGreaterThan(0);
    for (const hook of extension.hooks) {
      expect(Object.keys(PERMISSION_OF_HOOK)).toContain(hook.hook);
      expect(extension.permissions).toContain(PERMISSION_OF_HOOK[hook.hook]);
      for (const key of Object.keys(hook)) expect(["hook", "tool", "match"]).toContain(key);
    }
  });

  test("registers tools only with tools.register", () => {
    expect(extension.permissions).toContain("tools.register");
  });

  // That the build writes the executable it names: test/manifest.e2e.ts (bare `bun test` builds nothing).

  test("declares the /policy slash command as the host reads it", () => {
    const commands = (manifest as Record<string, any>).commands;
    expect(commands).toEqual([expect.objectContaining({ name: "policy", interactive: true })]);
    expect(commands[0].description.length).toBeGreaterThan(0);
    expect(commands[0].subcommands).toEqual(["status", "check", "rules", "reload", "allow-last"]);
  });

  test("declares the config keys the extension reads", () => {
    expect(extension.config.map((entry: { key: string }) => entry.key)).toEqual(["policy_file", "audit_log", "model_dry_run", "project_root"]);
    expect(extension.config.find((entry: { key: string }) => entry.key === "model_dry_run").default).toBe(false);
  });

  test("config keys are ones the host accepts (no dots, slashes or spaces)", () => {
    for (const entry of extension.config) expect(entry.key).toMatch(/^[^./ ]+$/);
  });

  test("names a setup script that exists and is executable, in git too", () => {
    expect(extension.setup).toBe("scripts/setup.sh");
    expect(() => accessSync(join(ROOT, extension.setup), constants.X_OK)).not.toThrow();
    const index = Bun.spawnSync(["git", "ls-files", "--stage", "--", extension.setup], { cwd: ROOT }).stdout.toString();
    expect(index).toStartWith("100755 ");
  });

  test("carries the fields the ecosystem's linter recommends", () => {
    expect(manifest.description.length).toBeGreaterThanOrEqual(40);
    expect(manifest.author).toEqual({ name: expect.any(String), url: expect.stringMatching(/^https:\/\//) });
    expect(manifest.repository).toMatch(/^https:\/\/github\.com\/[^/]+\/[^/]+$/);
    expect(manifest.license).toBe(packageJson.license);
    expect(manifest.category).toMatch(/^[a-z0-9-]+$/);
  });

  test("subscribes the same hooks the handshake announces", () => {
    expect(extension.hooks.map((entry: { hook: string }) => entry.hook)).toEqual(SUBSCRIBED_HOOKS);
  });

  test("carries the package version", () => {
    expect(manifest.version).toBe(packageJson.version);
  });
});

/** The settings block as the host deserializes it (ManifestSettings: categories of fields with an editor kind). */
const SettingsField = v.object({
  key: v.string(),
  label: v.string(),
  editor: v.picklist(["text", "cycler", "picker", "custom"]),
  options: v.optional(v.array(v.string())),
  help: v.optional(v.string()),
  default: v.optional(v.unknown()),
  numeric: v.optional(v.boolean()),
});
const Settings = v.object({ categories: v.array(v.object({ id: v.string(), label: v.string(), fields: v.array(SettingsField) })) });

describe("the settings the TUI shows", () => {
  const settings = v.parse(Settings, (manifest as Record<string, unknown>).settings);
  const fields = settings.categories.flatMap((category) => category.fields);
  const config = new Map(extension.config.map((entry: { key: string; default: unknown }) => [entry.key, entry.default]));

  test("has one category of its own, with unique keys", () => {
    expect(settings.categories.map((category) => category.id)).toEqual(["synaps-policy"]);
    expect(new Set(fields.map((field) => field.key)).size).toBe(fields.length);
  });

  // The editor writes `key = value` into the plugin's config store, which the
  // host reads when it resolves extension.config: a key that is not declared
  // there never reaches the extension.
  test("exposes the policy file, the audit log and model dry runs, each a declared config key with the same default", () => {
    expect(fields.map((field) => field.key)).toEqual(["policy_file", "audit_log", "model_dry_run"]);
    for (const field of fields) {
      expect(config.has(field.key)).toBe(true);
      expect(String(field.default)).toBe(String(config.get(field.key)));
    }
  });

  test("uses editors as the host defines them", () => {
    for (const field of fields) {
      if (field.editor === "cycler") {
        expect(field.options?.length).toBeGreaterThan(0);
        expect(field.options).toContain(String(field.default));
      }
      if (field.numeric) expect(field.editor).toBe("text");
      expect(field.help?.length).toBeGreaterThan(0);
    }
    expect(fields.find((field) => field.key === "model_dry_run")).toEqual(expect.objectContaining({ editor: "cycler", options: ["false", "true"] }));
  });
});

/** marketplace.json as the host reads and validates it. */
const SAFE_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const Marketplace = v.object({
  name: v.pipe(v.string(), v.regex(SAFE_NAME)),
  version: v.optional(v.string()),
  description: v.optional(v.string()),
  owner: v.object({ name: v.string(), url: v.optional(v.string()) }),
  plugins: v.array(
    v.object({
      name: v.pipe(v.string(), v.regex(SAFE_NAME)),
      source: v.union([v.pipe(v.string(), v.regex(/^https:\/\//)), v.pipe(v.string(), v.regex(/^\.\/[A-Za-z0-9_-]{1,64}$/))]),
      version: v.optional(v.string()),
      description: v.optional(v.string()),
      author: v.optional(v.object({ name: v.string(), url: v.optional(v.string()) })),
      category: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9-]+$/))),
    }),
  ),
});

/** The folder a marketplace source installs: a subfolder of this repository, or (an https URL of it) the repository itself. */
function sourceFolder(source: string): string | undefined {
  if (source.startsWith("./")) return join(ROOT, source);
  const repository = source.replace(/\.git$/, "").replace(/\/$/, "");
  return repository === manifest.repository ? ROOT : undefined;
}

describe("the repository as a marketplace", () => {
  const parsed = v.parse(Marketplace, marketplace);

  test("lists this plugin with the package's version, description and category", () => {
    expect(parsed.plugins).toHaveLength(1);
    const [plugin] = parsed.plugins;
    expect(plugin).toEqual(expect.objectContaining({ name: manifest.name, version: packageJson.version, category: manifest.category }));
    expect(plugin!.description!.length).toBeGreaterThanOrEqual(40);
    expect(parsed.version).toBe(packageJson.version);
  });

  test("its source is a folder whose manifest names the setup script", () => {
    const folder = sourceFolder(parsed.plugins[0]!.source);
    expect(folder).toBeDefined();
    const installed = JSON.parse(readFileSync(join(folder!, ".synaps-plugin", "plugin.json"), "utf8"));
    expect(installed.name).toBe(parsed.plugins[0]!.name);
    expect(existsSync(join(folder!, installed.extension.setup))).toBe(true);
  });
});
