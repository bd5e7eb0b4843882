// Reloading through the binary: a change to an included file, a new file a
// glob include matches, or an edit of the target of a linked policy.toml is
// applied; a file written with pauses is applied only once complete.
import { describe, expect, test } from "bun:test";
import { closeSync, mkdirSync, openSync, symlinkSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { bashCall, pluginFolder, readAudit, startExtension, type ExtensionProcess, type PluginFolder } from "./harness.ts";
import { eventually } from "./support/eventually.ts";

const blocks = (command: string) => `version = 1\n[[rule]]\nid = "no-${command}"\nwhen = { command = "${command}" }\ndecision = "block"\nreason = "${command} is off"\n`;

/** These tests wait for quiet windows and big loads: they run side by side, each with its own process. */
const TIMEOUT_MS = 30_000;

async function withExtension(folder: PluginFolder, run: (ext: ExtensionProcess) => Promise<void>) {
  const ext = await startExtension(folder);
  try {
    await run(ext);
  } finally {
    await ext.stop();
  }
}

async function decide(ext: ExtensionProcess, command: string): Promise<string> {
  return (await ext.request("hook.handle", bashCall(command))).result.action;
}

describe("what is watched", () => {
  test.concurrent(
    "editing an included file applies it",
    async () => {
      const folder = pluginFolder('version = 1\ninclude = ["team/rules.toml"]\n');
      mkdirSync(join(folder.root, "team"));
      writeFileSync(join(folder.root, "team", "rules.toml"), blocks("alpha"));
      await withExtension(folder, async (ext) => {
        expect(await decide(ext, "alpha")).toBe("block");
        writeFileSync(join(folder.root, "team", "rules.toml"), blocks("beta"));
        await eventually(async () => (await decide(ext, "beta")) === "block");
        expect(await decide(ext, "alpha")).toBe("continue");
      });
    },
    TIMEOUT_MS,
  );

  test.concurrent(
    "a new file matching a glob include is picked up",
    async () => {
      const folder = pluginFolder('version = 1\ninclude = ["conf.d/*.toml"]\n');
      mkdirSync(join(folder.root, "conf.d"));
      writeFileSync(join(folder.root, "conf.d", "a.toml"), blocks("alpha"));
      await withExtension(folder, async (ext) => {
        expect(await decide(ext, "alpha")).toBe("block");
        writeFileSync(join(folder.root, "conf.d", "b.toml"), blocks("beta"));
        await eventually(async () => (await decide(ext, "beta")) === "block");
      });
    },
    TIMEOUT_MS,
  );

  test.concurrent(
    "editing the target of a linked policy.toml applies it",
    async () => {
      const folder = pluginFolder();
      const elsewhere = join(pluginFolder().root, "real-policy.toml");
      writeFileSync(elsewhere, blocks("alpha"));
      symlinkSync(elsewhere, folder.policyFile);
      await withExtension(folder, async (ext) => {
        expect(await decide(ext, "alpha")).toBe("block");
        writeFileSync(elsewhere, blocks("beta"));
        await eventually(async () => (await decide(ext, "beta")) === "block");
      });
    },
    TIMEOUT_MS,
  );
});

describe("a file written with pauses", () => {
  // `version = 1` alone is a valid, empty policy: applied, it would let everything through.
  for (const pause of [300, 600, 1_000]) {
    test.concurrent(
      `is applied once complete, never as its prefix (the writer pauses ${pause} ms)`,
      async () => {
        const folder = pluginFolder(blocks("alpha"));
        await withExtension(folder, async (ext) => {
          expect(await decide(ext, "alpha")).toBe("block");
          const fd = openSync(folder.policyFile, "w");
          writeSync(fd, "version = 1\n");
          await Bun.sleep(pause);
          writeSync(fd, blocks("beta").slice("version = 1\n".length));
          closeSync(fd);
          await eventually(async () => (await decide(ext, "beta")) === "block");
          expect(readAudit(folder).filter((record) => record.event === "policy_reload" && record.ok)).toHaveLength(1);
        });
      },
      TIMEOUT_MS,
    );
  }
});
