// Clojure and babashka code as the commands it starts: clojure.java.shell's
// sh, babashka.process's shell and process; a babashka script run by bb.
import { describe, expect, test } from "bun:test";
import { readClojure } from "../../../../src/shell/languages/clojure-calls.ts";
import { ranFrom } from "../../../support/project-view.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const lines = (text: string) => readClojure(text).lines.map((line) => line.line);

describe("readClojure", () => {
  test("babashka's shell and process, one string a command line, more an argv", () => {
    expect(lines('(require \'[babashka.process :refer [shell]])\n(shell "gh repo delete acme/web --yes")\n')).toEqual(["gh repo delete acme/web --yes"]);
    expect(lines('(p/shell {:dir "web"} "npm" "run" "build")')).toEqual(["npm run build"]);
  });

  test("clojure.java.shell's sh, its options left out; a comment runs nothing", () => {
    expect(lines('(sh "ls" "-la" :dir "src")\n; (shell "rm -rf ~")\n')).toEqual(["ls -la"]);
  });
});

describe("bb", () => {
  test("a .clj script and -f FILE are read as Clojure; -e code too", () => {
    expect(ranFrom("bb scripts/task.clj", { "scripts/task.clj": '(shell "make nuke")\n' })).toContain("make nuke");
    expect(ranFrom("bb -f tools/gen.clj", { "tools/gen.clj": '(sh "make" "gen")\n' })).toContain("make gen");
    expect(ranFrom(`bb -e '(shell "make lint")'`)).toContain("make lint");
  });
});
