// Which of pom.xml's plugin calls a Maven command runs: the executions bound
// to the phases of the lifecycle up to the phase asked for, the plugin's own
// configuration when its goal is asked for, and the whole file's calls where
// the file wires plugins in ways this reading does not follow.
import { describe, expect, test } from "bun:test";
import { mavenGoalCalls } from "../../../../src/shell/session/maven-phases.ts";
import { ranFrom } from "../../../support/project-view.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

/** An exec-maven-plugin execution running `sh -c LINE` in a phase (none: no <phase>). */
const execution = (id: string, phase: string | undefined, line: string) =>
  `<execution><id>${id}</id>${phase ? `<phase>${phase}</phase>` : ""}<goals><goal>exec</goal></goals><configuration><executable>sh</executable><arguments><argument>-c</argument><argument>${line}</argument></arguments></configuration></execution>`;
const pom = (plugins: string, extra = "") => `<project><modelVersion>4.0.0</modelVersion>${extra}<build><plugins>${plugins}</plugins></build></project>`;
const execPlugin = (executions: string, own = "") =>
  `<plugin><groupId>org.codehaus.mojo</groupId><artifactId>exec-maven-plugin</artifactId>${own}<executions>${executions}</executions></plugin>`;
/** What the calls are, as words: the reading hands back shell text. */
const words = (text: string) => [text];

const PHASED = pom(execPlugin(`${execution("gen", "generate-sources", "echo gen")}${execution("ship", "deploy", "rm -rf ~/.m2")}${execution("wipe", "clean", "rm -rf out")}`));

describe("a phase runs its lifecycle up to it", () => {
  test("mvn test runs what is bound up to test, not to deploy; mvn deploy runs all of the default lifecycle", () => {
    expect(mavenGoalCalls(PHASED, ["test"], words)?.join("\n")).toContain("echo gen");
    expect(mavenGoalCalls(PHASED, ["test"], words)?.join("\n")).not.toContain("~/.m2");
    expect(mavenGoalCalls(PHASED, ["deploy"], words)?.join("\n")).toContain("~/.m2");
  });

  test("mvn clean alone runs only what is bound to the clean lifecycle", () => {
    const ran = mavenGoalCalls(PHASED, ["clean"], words)!.join("\n");
    expect(ran).toContain("rm -rf out");
    expect(ran).not.toContain("echo gen");
  });

  test("through the shell analysis: the dangerous execution runs with its phase only", () => {
    expect(ranFrom("mvn -q -DskipTests package", { "pom.xml": PHASED }).join("\n")).not.toContain("/home/ada/.m2");
    expect(ranFrom("./mvnw -pl core clean install", { "pom.xml": pom(execPlugin(execution("x", "install", "rm -rf ~"))) }).join("\n")).toContain("rm");
  });
});

describe("plugin goals, defaults and what is not followed", () => {
  test("a plugin goal runs the plugin's own configuration (and the named execution), no phase", () => {
    const own = "<configuration><executable>./run.sh</executable></configuration>";
    const file = pom(execPlugin(execution("ship", "deploy", "rm -rf ~/.m2"), own));
    const direct = mavenGoalCalls(file, ["exec:exec"], words)!.join("\n");
    expect(direct).toContain("./run.sh");
    expect(direct).not.toContain("~/.m2");
    expect(mavenGoalCalls(file, ["exec:exec@ship"], words)?.join("\n")).toContain("~/.m2");
    expect(mavenGoalCalls(file, ["dependency:tree"], words)).toEqual([]);
  });

  test("no <executions> or no <phase>: taken to run with any default-lifecycle phase, not with clean", () => {
    const unbound = pom(
      "<plugin><artifactId>exec-maven-plugin</artifactId><configuration><executable>sh</executable><arguments><argument>-c</argument><argument>rm -rf ~</argument></arguments></configuration></plugin>",
    );
    expect(mavenGoalCalls(unbound, ["validate"], words)).toHaveLength(1);
    expect(mavenGoalCalls(unbound, ["clean"], words)).toEqual([]);
    expect(mavenGoalCalls(pom(execPlugin(execution("x", undefined, "echo hi"))), ["compile"], words)?.join("\n")).toContain("echo hi");
    expect(mavenGoalCalls(pom(execPlugin(execution("x", "none", "echo hi"))), ["deploy"], words)?.join("\n")).not.toContain("echo hi");
  });

  test("no goal: <defaultGoal>, or nothing (Maven refuses to run)", () => {
    expect(mavenGoalCalls(pom(execPlugin(execution("gen", "compile", "echo gen")), ""), [], words)).toEqual([]);
    const withDefault = PHASED.replace("<build>", "<build><defaultGoal>compile</defaultGoal>");
    expect(mavenGoalCalls(withDefault, [], words)?.join("\n")).toContain("echo gen");
  });

  test("undefined (the whole file is judged): profiles, pluginManagement, a call outside a plugin, a phase from a property, an unknown goal", () => {
    expect(mavenGoalCalls(pom(execPlugin(execution("x", "deploy", "rm -rf ~")), "<profiles><profile><id>p</id></profile></profiles>"), ["test"], words)).toBeUndefined();
    expect(
      mavenGoalCalls(`<project><build><pluginManagement><plugins>${execPlugin(execution("x", "deploy", "rm"))}</plugins></pluginManagement></build></project>`, ["test"], words),
    ).toBeUndefined();
    expect(mavenGoalCalls('<project><target><exec executable="rm"><arg value="-rf"/></exec></target></project>', ["clean"], words)).toBeUndefined();
    expect(mavenGoalCalls(pom(execPlugin(execution("x", "${when}", "rm -rf ~"))), ["clean"], words)).toBeUndefined();
    expect(mavenGoalCalls(PHASED, ["tset"], words)).toBeUndefined();
  });
});
