// What every release archive holds, checked without building it (the built
// archives are unpacked as the host does in test/release/): the marketplace
// manifest's one command at its exact path, and no file the user edits.
import { describe, expect, test } from "bun:test";
import { archiveFiles, RELEASE_TARGETS } from "../build.ts";
import manifest from "../.synaps-plugin/plugin.json" with { type: "json" };
import { MARKETPLACE_COMMAND, USER_FILES, WINDOWS_COMMAND_STUB } from "../src/cli/plugin-folder.ts";
import { setTestLimit } from "./support/test-limit.ts";

setTestLimit();

const isUserFile = (path: string) => USER_FILES.some((user) => path === user || path.startsWith(`${user}/`));

describe.each(RELEASE_TARGETS.map((target) => [target.name, target] as const))("the %s archive", (_, target) => {
  const files = archiveFiles(target);

  test("holds the marketplace command at its exact path", () => {
    expect(files).toContain(MARKETPLACE_COMMAND);
  });

  test("holds what the platform starts: the .exe beside the command on Windows", () => {
    if (target.platform === "windows") expect(files).toContain(`${MARKETPLACE_COMMAND}.exe`);
    else expect(files.filter((file) => file.startsWith("bin/"))).toEqual([MARKETPLACE_COMMAND]);
  });

  test("carries no file the user edits, and the starter policy under another name", () => {
    expect(files.filter(isUserFile)).toEqual([]);
    expect(files).toContain("policy.example.toml");
  });

  test("carries its manifest, the setup script it names, README and LICENSE", () => {
    for (const file of [".synaps-plugin/plugin.json", manifest.extension.setup, "README.md", "LICENSE"]) expect(files).toContain(file);
  });
});

test("the Windows command stub hands over to the .exe beside it", () => {
  expect(WINDOWS_COMMAND_STUB).toStartWith("#!/bin/sh\n");
  expect(WINDOWS_COMMAND_STUB).toContain('exec "$0.exe" "$@"');
});
