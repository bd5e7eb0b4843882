// turbo, lerna and nx run the workspace packages' scripts and nx's
// project.json targets by name.
import { describe, expect, test } from "bun:test";
import { neededBy, ranFrom } from "../../../support/project-view.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const json = (value: unknown) => JSON.stringify(value);
const workspace = {
  "package.json": json({ name: "root", private: true }),
  "**/package.json": { matches: ["apps/web/package.json"] },
  "**/project.json": { matches: ["apps/api/project.json"] },
  "apps/web/package.json": json({ name: "web", scripts: { prebuild: "echo before", build: "rm -rf ~/", dev: "vite" } }),
  "apps/api/project.json": json({
    name: "api",
    targets: {
      build: { executor: "nx:run-commands", options: { commands: ["tsc -b", { command: "chmod -R 777 ~" }] } },
      lint: { command: "eslint ." },
      serve: { executor: "nx:run-script", options: { script: "dev" } },
    },
  }),
};

describe("monorepo task runners", () => {
  test("turbo and lerna run the task's script (and its pre/post) of every package, and nx's run-commands targets", () => {
    for (const input of [
      "turbo run build",
      "turbo build --filter web",
      "lerna run build --stream",
      "nx run api:build",
      "nx build web",
      "nx run-many -t build",
      "nx affected --target=build",
    ]) {
      const ran = ranFrom(input, workspace);
      expect(ran).toContain("echo before");
      expect(ran).toContain("rm /home/ada/");
      expect(ran).toContain("chmod 777 /home/ada");
    }
  });

  test("a target's command shorthand runs; run-script runs the project's script by name; other targets do not run", () => {
    expect(ranFrom("nx run api:lint", workspace)).toEqual(["eslint ."]);
    expect(ranFrom("nx run-many -t lint build", workspace)).toContain("eslint .");
    expect(ranFrom("nx serve api", workspace)).toContain("npm run apps/api dev");
    expect(ranFrom("turbo run dev", workspace)).toEqual(["vite"]);
  });

  test("the runners' own commands read no workspace file", () => {
    // `lerna version` is no task run, but it runs the packages' version lifecycle scripts (read by the release rows).
    for (const input of ["nx graph", "nx reset", "turbo prune web", "turbo login", "lerna run"]) expect(neededBy(input)).toEqual([]);
    expect(neededBy("turbo run build")).toContain("**/package.json?");
  });
});
