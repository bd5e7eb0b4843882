import { describe, expect, test } from "bun:test";
import { resolveImports } from "../../../../src/shell/languages/imports.ts";
import { readCode } from "../../../../src/shell/languages/code.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

describe("resolveImports", () => {
  test("python: modules under another name are called by their own", () => {
    expect(resolveImports("python", "import subprocess as sp; sp.run(x)")).toContain("subprocess.run(x)");
    expect(resolveImports("python", "from os import system as go\ngo('ls')")).toContain("os.system('ls')");
    expect(resolveImports("python", "__import__('shutil').rmtree(p)")).toBe("shutil.rmtree(p)");
    expect(resolveImports("python", 'importlib.import_module("os").remove(p)')).toBe("os.remove(p)");
  });

  test("python: a name the code does not bind is left alone", () => {
    expect(resolveImports("python", "import os\nrun(['ls'])")).toBe("import os\nrun(['ls'])");
    expect(resolveImports("python", "from os import path\npath.join('a', 'b')")).toBe("from os import path\npath.join('a', 'b')");
  });

  test("node: require, import and destructuring bind module functions", () => {
    expect(resolveImports("node", "require('node:https').get(u)")).toBe("https.get(u)");
    expect(resolveImports("node", "const c = require(\"child_process\"); c.spawn('rm')")).toContain("child_process.spawn('rm')");
    expect(resolveImports("node", "import * as cp from 'child_process'; cp.execFile('rm')")).toContain("child_process.execFile('rm')");
    expect(resolveImports("node", "const { get: fetchIt } = require('http'); fetchIt(u)")).toContain("http.get(u)");
    expect(resolveImports("node", "new Deno.Command('rm', { args: ['-rf', 'x'] })")).toBe("new Deno.Command('rm', ['-rf', 'x'])");
  });

  test("node: a module's subpath (fs/promises) is its member, as the call table names it", () => {
    expect(resolveImports("node", "import { rm } from 'node:fs/promises'; rm(p)")).toContain("fs.promises.rm(p)");
    expect(resolveImports("node", "const fsp = require('fs/promises'); fsp.rm(p)")).toContain("fs.promises.rm(p)");
    expect(resolveImports("node", "import * as fsp from 'node:fs/promises'; fsp.unlink(p)")).toContain("fs.promises.unlink(p)");
  });

  test("perl and ruby word lists become quoted lists; perl's exec { PROG } drops the list's own name", () => {
    expect(resolveImports("perl", "system qw(rm -rf /x)")).toBe('system ["rm", "-rf", "/x"]');
    expect(resolveImports("ruby", "system(*%w[rm -rf /x])")).toBe('system(*["rm", "-rf", "/x"])');
    expect(resolveImports("perl", 'exec { "/bin/rm" } "rm", "-rf", "/x"')).toBe('exec "/bin/rm",  "-rf", "/x"');
  });
});

describe("names given as literals are the calls they name", () => {
  test("python: getattr, sys.modules, globals() and the builtins with a literal name", () => {
    expect(resolveImports("python", "getattr(os, 'system')('ls')")).toBe("os.system('ls')");
    expect(resolveImports("python", "getattr(__import__('subprocess'), \"run\")(['ls'])")).toBe("subprocess.run(['ls'])");
    expect(resolveImports("python", "sys.modules['os'].system('ls')")).toBe("os.system('ls')");
    expect(resolveImports("python", "globals()['os'].remove(p)")).toBe("os.remove(p)");
    expect(resolveImports("python", "__builtins__.__dict__['exec'](c)")).toBe("exec(c)");
  });

  test("python: a computed name is left as written", () => {
    expect(resolveImports("python", "getattr(os, 'sys' + 'tem')('ls')")).toBe("getattr(os, 'sys' + 'tem')('ls')");
  });

  test("node: a member named by a literal, on a module under another name too", () => {
    expect(resolveImports("node", "require('child_process')['execSync']('ls')")).toBe("child_process.execSync('ls')");
    expect(resolveImports("node", "const cp = require('child_process'); cp[k]('ls')")).toContain("child_process[k]('ls')");
    expect(resolveImports("node", "o['a'+'b']")).toBe("o['a'+'b']");
  });

  test("ruby: send with a literal name calls that method", () => {
    expect(resolveImports("ruby", 'Kernel.send(:system, "ls")')).toBe('Kernel.system("ls")');
    expect(resolveImports("ruby", "public_send('exec', 'ls')")).toBe("exec('ls')");
    expect(resolveImports("ruby", "send :system, 'ls'")).toBe("system 'ls'");
    expect(resolveImports("ruby", "send(name, 'ls')")).toBe("send(name, 'ls')");
  });
});

describe("PHP functions named by a string", () => {
  const lines = (code: string) => readCode("php", code, "php").lines.map((line) => line.line);
  test("call_user_func and call_user_func_array call the function they name", () => {
    expect(lines('call_user_func("exec", "make clean");')).toEqual(["make clean"]);
    expect(lines("call_user_func_array('shell_exec', ['git gc']);")).toEqual(["git gc"]);
  });
  test("array_map calls it on each item of a written list, or once on a list only the run knows", () => {
    expect(lines("array_map('unlink', ['/srv/a.log', 'b.log']);")).toEqual(["rm -- /srv/a.log", "rm -- b.log"]);
    expect(lines("array_map('unlink', glob('tmp/*.cache'));")).toEqual(["rm -- 'tmp/*.cache'"]);
    expect(lines("array_map('strtoupper', ['a', 'b']);")).toEqual([]);
  });
});

describe("Go packages imported under other names", () => {
  test("go: a package imported under another name, or into the file's own names, is called by its own", () => {
    const lines = (code: string) => readCode("go", code, "go").lines.map((line) => line.line);
    const grouped =
      'package main\n\nimport (\n\t"fmt"\n\trun "os/exec"\n\tfiles "os"\n)\n\nfunc main() {\n\trun.Command("git", "clean", "-fdx").Run()\n\tfiles.RemoveAll("/srv/data")\n\tfmt.Println("ok")\n}\n';
    expect(lines(grouped)).toEqual(expect.arrayContaining(["git clean -fdx", "rm -r -- /srv/data"]));
    expect(lines('package main\nimport sh "os/exec"\nfunc main() { sh.CommandContext(ctx, "shred", "-u", "key.pem").Run() }\n')).toEqual(["shred -u key.pem"]);
    expect(lines('package main\nimport . "os/exec"\nfunc main() { Command("dropdb", "prod").Run() }\n')).toEqual(["dropdb prod"]);
    // A name bound to another package stays its own: `exec` here is not os/exec.
    expect(lines('package main\nimport exec "example.com/jobs"\nfunc main() { exec.Command("x") }\n')).toEqual([]);
  });

  test("go: a []string{…} literal is a list of words (syscall.Exec's argv, exec.Command's spread)", () => {
    const lines = (code: string) => readCode("go", code, "go").lines.map((line) => line.line);
    expect(lines('package main\nimport "syscall"\nfunc main() { syscall.Exec("/usr/bin/env", []string{"env", "git", "clean", "-fdx"}, os.Environ()) }\n')).toEqual([
      "/usr/bin/env git clean -fdx",
    ]);
    expect(lines('package main\nimport "os/exec"\nfunc main() { exec.Command("git", []string{"push", "--force"}...).Run() }\n')).toEqual(["git push --force"]);
  });
});
