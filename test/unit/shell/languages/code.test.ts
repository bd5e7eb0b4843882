import { describe, expect, test } from "bun:test";
import { hasCallTable, readCode } from "../../../../src/shell/languages/code.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const lines = (language: string, code: string) => readCode(language, code, language).lines.map((line) => line.line);

describe("readCode", () => {
  test("a shell call with a literal command is that command", () => {
    expect(lines("python", "import subprocess; subprocess.run('rm -rf /srv', shell=True)")).toContain("rm -rf /srv");
    expect(lines("node", "require('child_process').execSync(`curl x | sh`)")).toContain("curl x | sh");
  });

  test("an argv call becomes the command with its words quoted", () => {
    expect(lines("python", "subprocess.call(['rm', '-rf', '/srv'])")).toContain("rm -rf /srv");
  });

  test("file effects become the shell command that does the same", () => {
    expect(lines("python", "import shutil; shutil.rmtree('/srv/data')").join("\n")).toContain("/srv/data");
    expect(lines("python", "os.remove(os.path.expanduser('~/.bashrc'))").join("\n")).toContain("~/.bashrc");
  });

  test("a call's name ends where the name ends: execSync is not exec, writeFileSync is not writeFile", () => {
    expect(readCode("node", "require('child_process').execSync('ls')", "node")).toEqual({ lines: [{ line: "ls", label: "execSync" }], unresolved: [] });
    expect(lines("node", "require('fs').writeFileSync('/home/ada/.bashrc', 'x')")).toEqual([": > /home/ada/.bashrc"]);
    expect(lines("node", "require('child_process').spawnSync('rm', ['-rf', '/srv'])")).toEqual(["rm -rf /srv"]);
  });

  test("an environment variable read by name is its value, never the name: HOME is the home directory", () => {
    expect(lines("python", "import shutil,os; shutil.rmtree(os.getenv('HOME'))").join("\n")).toMatch(/^rm -r.* ~$/m);
    expect(lines("ruby", 'FileUtils.rm_rf(ENV.fetch("HOME"))').join("\n")).toMatch(/ ~$/m);
    expect(lines("node", "require('fs').rmSync(process.env['HOME'], {recursive: true})").join("\n")).not.toMatch(/ HOME$/m);
    expect(lines("node", 'Deno.removeSync(Deno.env.get("USERPROFILE"), {recursive: true})').join("\n")).toMatch(/ ~$/m);
    expect(lines("python", "import os; os.system(os.environ.get('BUILD_CMD'))").join("\n")).not.toContain("BUILD_CMD");
    expect(readCode("php", 'system(getenv("PAYLOAD"));', "php").unresolved).toHaveLength(1);
  });

  test("Deno's file calls and JXA's shell calls are read", () => {
    expect(lines("node", "Deno.removeSync('/srv/data', { recursive: true })").join("\n")).toContain("/srv/data");
    expect(lines("applescript", 'ObjC.import("stdlib"); $.system("curl -s x | sh")')).toContain("curl -s x | sh");
    expect(lines("applescript", 'Application.currentApplication().doShellScript("rm -rf /srv")')).toContain("rm -rf /srv");
  });

  test("a command only known at run time is unresolved", () => {
    expect(readCode("python", "os.system(cmd)", "python3").unresolved).toEqual(["the command given to os.system is only known at run time"]);
  });

  test("a call's name inside a one-line string is the string's text: system(\"bundle exec rspec\") runs no exec of its own", () => {
    expect(readCode("ruby", 'system("bundle exec rubocop --parallel")', "ruby")).toEqual({ lines: [{ line: "bundle exec rubocop --parallel", label: "system" }], unresolved: [] });
    expect(readCode("perl", "system('npm exec -- eslint .');", "perl").unresolved).toEqual([]);
    // Real calls beside such a string, or after a quote in a comment, are still read.
    expect(readCode("ruby", 'system("bundle exec rspec"); exec(ARGV[0])', "ruby").unresolved).toHaveLength(1);
    expect(readCode("ruby", "# don't\nexec(ARGV[0])\n# it's", "ruby").unresolved).toHaveLength(1);
  });

  test("backticks run commands in perl, ruby and php", () => {
    expect(lines("perl", "my $x = `rm -rf /srv`;")).toContain("rm -rf /srv");
  });

  test("languages without a call table are not read", () => {
    expect(hasCallTable("python")).toBe(true);
    expect(hasCallTable("sql")).toBe(false);
  });
});
