// `devcontainer up` runs the configuration's lifecycle commands: initializeCommand on this machine, the others
// in the container it starts.
import { describe, expect, test } from "bun:test";
import { neededBy, ranFrom } from "../../../support/project-view.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const CONFIG =
  '{\n  // the image\n  "image": "mcr.microsoft.com/devcontainers/base",\n  "initializeCommand": "git submodule update --init",\n  "postCreateCommand": { "deps": "npm ci", "db": ["make", "seed"] },\n  "postStartCommand": "rm -rf tmp/cache",\n}\n';

describe("a dev container's lifecycle commands", () => {
  test("up asks for the configuration of its workspace folder", () => {
    expect(neededBy("devcontainer up --workspace-folder .")).toEqual([".devcontainer/devcontainer.json", ".devcontainer.json"]);
    expect(neededBy("devcontainer up --workspace-folder app")).toContain("app/.devcontainer/devcontainer.json");
    expect(neededBy("devcontainer up --config ci/dc.json")).toEqual(["ci/dc.json"]);
  });

  test("up runs every lifecycle command (strings, argument lists, named ones); build only initializeCommand", () => {
    expect(ranFrom("devcontainer up --workspace-folder .", { ".devcontainer/devcontainer.json": CONFIG })).toEqual(["git submodule update", "npm ci", "make seed", "rm tmp/cache"]);
    expect(ranFrom("devcontainer build --workspace-folder .", { ".devcontainer/devcontainer.json": CONFIG })).toEqual(["git submodule update"]);
  });

  test("other subcommands, and a folder outside the project, run nothing known", () => {
    expect(ranFrom("devcontainer exec --workspace-folder . ls", { ".devcontainer/devcontainer.json": CONFIG }).filter((line) => line.includes("npm"))).toEqual([]);
    expect(neededBy("devcontainer up --workspace-folder /srv/other").filter((path) => path.includes("devcontainer"))).toEqual([]);
  });
});
