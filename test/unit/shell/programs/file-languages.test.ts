import { describe, expect, test } from "bun:test";
import { languageOfFile, languageOfFileName } from "../../../../src/shell/programs/file-languages.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

describe("the language of a file", () => {
  test.each([
    ["tools/gen.py", "python"],
    ["e2e/setup.cjs", "node"],
    ["scripts/seed.mts", "node"],
    ["lib/tasks/db.rake", "ruby"],
    ["t/basic.t", undefined],
    ["Build.PL", "perl"],
    ["spec/helper.lua", "lua"],
    ["tests/testthat/helper-db.R", "r"],
    ["test/runtests.jl", "julia"],
    ["tools/main.go", "go"],
    ["build.gradle.kts", "kotlin"],
    ["settings.gradle", "groovy"],
    ["project/plugins.sbt", "scala"],
    ["tool/grind.dart", "dart"],
    ["ci/Check.ps1", "powershell"],
    ["test/cli.bats", "shell"],
    ["Rakefile", "ruby"],
    ["ios/Podfile", "ruby"],
    ["fastlane/Fastfile", "ruby"],
    ["Jakefile", "node"],
    ["Tiltfile", "python"],
    ["third_party/BUILD.bazel", "python"],
    ["SConstruct", "python"],
    ["cpanfile", "perl"],
    ["Makefile", "shell"],
    ["justfile", "shell"],
    ["Procfile", "shell"],
    ["Earthfile", "shell"],
    ["README.md", undefined],
    ["package.json", undefined],
    ["docker/Dockerfile", undefined],
    ["config/app.yaml", undefined],
    ["build.zig", undefined],
    ["Setup.hs", "haskell"],
    ["config/runtime.exs", "elixir"],
  ])("%s is read as %s", (path, language) => expect(languageOfFileName(path)?.language).toBe(language as string));

  test("a #! line chooses the language over the name, and makes a nameless file code", () => {
    expect(languageOfFile("bin/deploy", "#!/usr/bin/env python3\nprint(1)\n")?.language).toBe("python");
    expect(languageOfFile("bin/serve", "#!/usr/bin/env node\n")?.language).toBe("node");
    expect(languageOfFile("tools/x.txt", "#!/bin/bash\nmake\n")?.language).toBe("shell");
    expect(languageOfFile("test/smoke", "#!/usr/bin/env bats\n@test 'a' {\n  true\n}\n")?.text?.("@test 'a' {\n  true\n}\n")).toBe("{\n  true\n}\n");
    expect(languageOfFile("notes/todo", "buy milk\n")).toBeUndefined();
    expect(languageOfFile("bin/tool", "#!/usr/bin/env deno\n")).toBeUndefined();
    // A #! line naming a program no reader knows leaves the name to say the language.
    expect(languageOfFile("scripts/publish.mjs", "#!/usr/bin/env zx\nawait $`npm publish`\n")?.language).toBe("node");
  });

  test("tools' own formats are read as the shell commands they run", () => {
    const shell = (path: string, text: string) => languageOfFileName(path)?.text?.(text);
    expect(shell("test/x.bats", '@test "logs in" {\n  run ./cli login\n  [ "$status" -eq 0 ]\n}\n')).toBe('{\n  ./cli login\n  [ "$status" -eq 0 ]\n}\n');
    expect(shell("Procfile", "web: bundle exec puma -C config/puma.rb\nworker: bundle exec sidekiq\n")).toBe("bundle exec puma -C config/puma.rb\nbundle exec sidekiq");
    expect(shell("Makefile", "OUT := dist\nclean:\n\t@rm -rf $(OUT)\n\t-echo $$HOME\n")).toBe("rm -rf $(OUT)\necho $HOME");
    expect(shell("justfile", "# tasks\ntest:\n    cargo test\n    # a comment\n")).toBe("cargo test");
    expect(shell("Earthfile", "VERSION 0.8\nbuild:\n    FROM alpine\n    RUN make\nclean:\n    LOCALLY\n    RUN rm -rf out\n")).toBe("rm -rf out");
    expect(shell("Tiltfile", 'local("make gen")\nlocal_resource("web", serve_cmd="npm run dev")\n')).toBe(
      'os.system("make gen")\nlocal_resource("web", serve_cmd="npm run dev")\n',
    );
  });
});
