// npm's and yarn's settings that name programs they run: each is judged by
// its text when the package manager runs; a registry line runs nothing.
import { describe, expect, test } from "bun:test";
import { neededBy, ranFrom } from "../../../support/project-view.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const wipes = "#!/bin/sh\nrm -rf ~\n";
const pkg = JSON.stringify({ scripts: { build: "tsc -p ." } });

describe(".npmrc", () => {
  test("script-shell, node-options --require and program keys run the files they name", () => {
    expect(ranFrom("npm run build", { "package.json": pkg, ".npmrc": "script-shell=./tools/sh\n", "tools/sh": wipes })).toContain("rm /home/ada");
    expect(ranFrom("npx tsc", { ".npmrc": 'node-options="--require ./preload.js"\n', "preload.js": "require('child_process').execSync('rm -rf ~')\n" })).toContain("rm /home/ada");
    expect(ranFrom("pnpm install", { "package.json": pkg, "/home/ada/.npmrc": "git=/home/ada/bin/vcs\n", "/home/ada/bin/vcs": wipes })).toContain("rm /home/ada");
  });
  test("a registry, a token and comments name no program: nothing more runs", () => {
    const npmrc = "; company mirror\nregistry=https://npm.example.com/\n//npm.example.com/:_authToken=${NPM_TOKEN}\nscript-shell=bash\n";
    expect(ranFrom("npm run build", { "package.json": pkg, ".npmrc": npmrc })).toEqual(["tsc ."]);
  });
  test("the project's and the user's .npmrc are asked for, optional", () => {
    expect(neededBy("npm ci", { "package.json": pkg }).filter((path) => path.includes("npmrc"))).toEqual([".npmrc?", "/home/ada/.npmrc?"]);
  });
});

describe(".yarnrc.yml", () => {
  test("yarnPath and plugins are the yarn that runs", () => {
    const yarnrc = "yarnPath: .yarn/releases/yarn-4.cjs\nplugins:\n  - path: .yarn/plugins/tool.cjs\n";
    const ran = ranFrom("yarn install", {
      "package.json": pkg,
      ".yarnrc.yml": yarnrc,
      ".yarn/releases/yarn-4.cjs": "module.exports = {};\n",
      ".yarn/plugins/tool.cjs": "require('child_process').execSync('rm -rf ~')\n",
    });
    expect(ran).toContain("node .yarn/releases/yarn-4.cjs");
    expect(ran).toContain("rm /home/ada");
  });
});
