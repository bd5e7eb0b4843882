// Interpreter code that starts a process with its words as a list (round 2):
// a literal list is the command line of those words, however the module or
// the function is named.
import { describe, expect, test } from "bun:test";
import { readCode } from "../../../../src/shell/languages/code.ts";
import { decide } from "../../../support/decide.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const lines = (language: string, code: string) => readCode(language, code, language).lines.map((line) => line.line);

describe("argument lists", () => {
  test("exec and spawn forms run their first argument; the list's first word is only its own name", () => {
    expect(lines("python", "os.execvp('/bin/sh', ['sh', '-c', 'rm -rf ~'])")).toEqual(["/bin/sh -c 'rm -rf ~'"]);
    expect(lines("python", "os.spawnlp(os.P_WAIT, 'rm', 'rm', '-rf', '/srv')")).toEqual(["rm -rf /srv"]);
    expect(lines("python", "os.execve('/bin/rm', ['rm', '-rf', '/srv'], env)")).toEqual(["/bin/rm -rf /srv"]);
    expect(lines("python", "os.posix_spawn('/bin/rm', ['rm', '/srv/x'], os.environ)")).toEqual(["/bin/rm /srv/x"]);
    expect(lines("ruby", "exec(['rm', 'rm'], '-rf', '/srv')")).toEqual(["rm -rf /srv"]);
  });

  test("a program only known at run time cannot be judged", () => {
    expect(readCode("python", "os.execvp(prog, [prog, '-x'])", "python3").unresolved).toHaveLength(1);
  });

  test("a list joined with spaces is one command line; `args=` is the command", () => {
    expect(lines("python", "subprocess.run(' '.join(['rm', '-rf', '/srv']), shell=True)")).toEqual(["rm -rf /srv"]);
    expect(lines("python", "subprocess.Popen(args=['rm', '-rf', '/srv'])")).toEqual(["rm -rf /srv"]);
  });
});

describe("with the default policy", () => {
  const stopped = [
    `python -c '__import__("subprocess").call(["rm","-rf","/home/ada"])'`,
    `python3 -c 'import subprocess as sp; sp.check_call(["rm", "-r", "-f", "/home/ada/project"])'`,
    `python3 -c 'from subprocess import Popen as P; P(["rm","-rf","/etc"]).wait()'`,
    `sudo python3 -c 'import os; os.execvp("/bin/sh", ["sh", "-c", "rm -rf ~"])'`,
    `python3 -c 'import os; os.spawnvp(os.P_WAIT, "rm", ["rm", "-rf", "/home/ada"])'`,
    `python3 -c 'import asyncio; asyncio.run(asyncio.create_subprocess_exec("rm", "-rf", "/home/ada"))'`,
    `node -e 'const cp = require("child_process"); cp.execFileSync("rm", ["-rf", process.env.HOME + "/x", "/home/ada"])'`,
    `node -e 'import("node:child_process").then(({ spawn }) => spawn("rm", ["-rf", "/home/ada"]))'`,
    `deno eval 'new Deno.Command("rm", { args: ["-rf", "/home/ada"] }).outputSync()'`,
    `ruby -e 'system(*%w[rm -rf /home/ada])'`,
    `perl -e 'exec { "/bin/rm" } "rm", "-rf", "/home/ada"'`,
    `perl -e 'system qw(rm -rf /home/ada)'`,
  ];
  for (const line of stopped) test(`stopped: ${line}`, () => expect(["block", "confirm"]).toContain(decide(line).decision));

  const passed = [
    `python3 -c 'import subprocess as sp; print(sp.run(["git", "status"], capture_output=True).stdout)'`,
    `python3 -c 'from subprocess import check_output; check_output(["ls", "-la"])'`,
    `node -e 'require("child_process").spawnSync("npm", ["test"], { stdio: "inherit" })'`,
    `perl -e 'system qw(make test)'`,
    `ruby -e 'system("bundle", "exec", "rspec")'`,
  ];
  for (const line of passed) test(`passed: ${line}`, () => expect(decide(line).decision).toBe("continue"));
});

describe("scala.sys.process", () => {
  test('Process("…") runs the command line it is given', () => {
    expect(lines("scala", 'sys.process.Process("rm -rf /srv").!')).toEqual(["rm -rf /srv"]);
    expect(decide("scala -e 'import sys.process._; Process(\"rm -rf /data\").!'").decision).toBe("block");
    expect(decide("scala -e 'println(List(1, 2).sum)'").decision).toBe("continue");
  });
});

describe("commands run by a method on a literal (Groovy's execute, Scala's ! and !!) and Kotlin's list makers", () => {
  test("a string receiver is a command line split at blanks, a list receiver its words", () => {
    expect(lines("groovy", 'def out = "git push --force origin main".execute().text')).toEqual(["git push --force origin main"]);
    expect(lines("groovy", "['sh', '-c', 'shutdown -h now'].execute().waitFor()")).toEqual(["sh -c 'shutdown -h now'"]);
    expect(lines("scala", 'import sys.process._; val r = "rm -rf /srv/data" !')).toEqual(["rm -rf /srv/data"]);
    expect(lines("scala", 'import sys.process._; val r = "rm -rf /srv/data".!!')).toEqual(["rm -rf /srv/data"]);
    expect(lines("scala", 'import sys.process._; List("dd", "if=/dev/zero", "of=/dev/sda").!')).toEqual(["dd if=/dev/zero of=/dev/sda"]);
    expect(lines("kotlin", 'ProcessBuilder(listOf("rm", "-rf", "/srv")).inheritIO().start()')).toEqual(["rm -rf /srv"]);
    expect(lines("kotlin", 'Runtime.getRuntime().exec(arrayOf("bash", "-c", "rm -rf ~"))')).toEqual(["bash -c 'rm -rf ~'"]);
  });

  test("strings and lists that run nothing, and literal text that only mentions a call", () => {
    expect(lines("groovy", 'println "run it with .execute()"')).toEqual([]);
    expect(lines("groovy", "def xs = ['a', 'b'].collect { it.toUpperCase() }")).toEqual([]);
    expect(lines("scala", 'val xs = Seq("a", "b").map(_.length)')).toEqual([]);
    expect(lines("scala", 'if ("a" != name) println("b")')).toEqual([]);
    expect(lines("kotlin", "println(listOf(1, 2).sum())")).toEqual([]);
  });

  test("through the interpreters' -e, with the default policy", () => {
    expect(decide(`groovy -e '"rm -rf /home/dev".execute()'`).decision).toBe("block");
    expect(decide(`scala -e 'import sys.process._; "rm -rf /home/dev".!'`).decision).toBe("block");
    expect(decide(`kotlinc -e 'ProcessBuilder("rm", "-rf", "/home/dev").start()'`).decision).toBe("block");
    expect(decide(`kotlin -e 'println("ok")' && groovy -e 'println "ls".execute().text'`).decision).toBe("continue");
  });
});
