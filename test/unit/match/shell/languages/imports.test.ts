import { describe, expect, test } from "bun:test";
import { resolveImports } from "../../../../../src/match/shell/languages/imports.ts";

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

  test("perl and ruby word lists become quoted lists; perl's exec { PROG } drops the list's own name", () => {
    expect(resolveImports("perl", "system qw(rm -rf /x)")).toBe('system ["rm", "-rf", "/x"]');
    expect(resolveImports("ruby", "system(*%w[rm -rf /x])")).toBe('system(*["rm", "-rf", "/x"])');
    expect(resolveImports("perl", 'exec { "/bin/rm" } "rm", "-rf", "/x"')).toBe('exec "/bin/rm",  "-rf", "/x"');
  });
});
