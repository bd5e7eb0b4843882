// Config files that are code: JavaScript tools import theirs, Ruby tools
// evaluate their DSL file; each is judged as the code it is.
import { describe, expect, test } from "bun:test";
import { neededBy, ranFrom } from "../../../support/project-view.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

describe("config files that are code", () => {
  test("a JavaScript tool lists its config files, and runs the one it finds with node", () => {
    expect(neededBy("npx vite build")).toContain("vite.config.{js,cjs,mjs,ts,cts,mts}?");
    const files = {
      "eslint.config.{js,cjs,mjs,ts,cts,mts}": { matches: ["eslint.config.mjs"] },
      "eslint.config.mjs": 'import { execSync } from "node:child_process";\nexecSync("make lint-prep");\nexport default [];\n',
    };
    expect(ranFrom("eslint .", files)).toContain("make lint-prep");
  });

  test("--config names the one file; a version query loads none", () => {
    expect(neededBy("webpack --config build/webpack.prod.js")).toContain("build/webpack.prod.js?");
    expect(neededBy("eslint --version").filter((path) => path.includes("eslint"))).toEqual([]);
  });

  test("pnpm loads .pnpmfile.cjs when it resolves dependencies, not when it runs a script", () => {
    expect(ranFrom("pnpm install", { ".pnpmfile.cjs": 'require("child_process").execSync("make deps");\n' })).toContain("make deps");
    expect(neededBy("pnpm run build")).not.toContain(".pnpmfile.cjs?");
  });

  test("a Ruby tool evaluates its DSL file; brew and pod only for the subcommands that read it", () => {
    expect(ranFrom("bundle install", { Gemfile: 'system("make gems")\ngem "rake"\n' })).toContain("make gems");
    expect(ranFrom("brew bundle", { Brewfile: 'system("make brews")\n' })).toContain("make brews");
    expect(neededBy("brew install jq")).not.toContain("Brewfile?");
    expect(neededBy("pod --version")).not.toContain("Podfile?");
  });

  test("a Vagrantfile's triggers run on this machine", () => {
    const vagrantfile = 'Vagrant.configure("2") do |config|\n  config.trigger.after :up do |t|\n    t.run = { inline: "make notify" }\n  end\nend\n';
    expect(ranFrom("vagrant up", { Vagrantfile: vagrantfile })).toContain("make notify");
  });
});
