// Interpreter code that hides what it runs (round 3): code built at run time
// given to exec/eval, a module or function reached by a computed name, a
// module's member picked by a computed key. The guard cannot see the command,
// so the analysis is unresolved (on_error) — as perl's and awk's
// `system("r"."m -rf ~")` already were. Literal code and literal names are
// read through; a computed name on a value of the code's own is no concern.
import { describe, expect, test } from "bun:test";
import { readCode } from "../../../../src/shell/languages/code.ts";
import { decide } from "../../../support/decide.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const unresolved = (language: string, code: string) => readCode(language, code, language).unresolved;

describe("code built at run time, given to something that runs code", () => {
  test.each([
    ["python", "exec(__import__('base64').b64decode('cm0gLXJmIH4='))"],
    ["python", "eval(compile(open('/tmp/x').read(), 'x', 'exec'))"],
    ["python", "import codecs; exec(codecs.decode('vzcbeg bf', 'rot13'))"],
    ["python", "import builtins; builtins.exec(payload)"],
    ["node", "eval(Buffer.from('cm0gLXJmIH4=', 'base64').toString())"],
    ["node", "new Function(atob('cm0gLXJmIH4='))()"],
    ["node", "const vm = require('vm'); vm.runInNewContext(code, {})"],
    ["node", "console.log(`${eval(x)}`)"],
    ["ruby", 'eval(Base64.decode64("eA=="))'],
    ["ruby", "instance_eval(STDIN.read)"],
    ["perl", "eval $ARGV[0]"],
    ["php", "eval(base64_decode($x));"],
    ["lua", "load(io.read())()"],
  ])("%s: %s", (language, code) => {
    expect(unresolved(language, code).join("\n")).toMatch(/code given to .* only known at run time/);
  });

  test("literal code is read in its own language, like the rest", () => {
    expect(readCode("python", "exec('import os\\nos.system(\"rm -rf /srv\")')", "python3").code).toEqual([
      { language: "python", text: 'import os\nos.system("rm -rf /srv")', label: "exec" },
    ]);
    expect(readCode("node", "new Function('a', 'b', 'return a + b')", "node").code?.[0]?.text).toBe("return a + b");
    expect(unresolved("python", "print(eval('1 + 2'))")).toEqual([]);
  });

  test("blocks of code written out and methods named eval are not string eval", () => {
    expect(unresolved("perl", 'eval { die "x" }; print "ok\\n"')).toEqual([]);
    expect(unresolved("ruby", "String.class_eval { def shout; upcase; end }")).toEqual([]);
    expect(unresolved("ruby", "Foo.class_eval do\n def x; end\nend")).toEqual([]);
    expect(unresolved("python", "model.eval(); df.eval(expr)")).toEqual([]);
    expect(unresolved("python", "import re; re.compile(pattern)")).toEqual([]);
    expect(unresolved("python", "print('eval(x) is how not to do it')")).toEqual([]);
  });
});

describe("a module or function reached by a computed name", () => {
  test.each([
    ["python", "import os; getattr(os, 'sys' + 'tem')('rm -rf ~')"],
    ["python", "getattr(__import__('o' + 's'), 'system')('x')"],
    ["python", "__import__(bytes.fromhex('6f73').decode()).system('x')"],
    ["python", "import importlib; importlib.import_module(name)"],
    ["python", "import subprocess as sp; getattr(sp, input())(['x'])"],
    ["python", "import sys; sys.modules['o' + 's'].system('x')"],
    ["python", "globals()[k]('x')"],
    ["python", "().__class__.__base__.__subclasses__()"],
    ["node", "require('child_process')['ex' + 'ecSync']('rm -rf ~')"],
    ["node", "const m = 'child_' + 'process'; require(m).execSync('x')"],
    ["node", "const cp = require('child_process'); cp[process.argv[1]]('x')"],
    ["node", "globalThis['ev' + 'al']('x')"],
    ["node", "import('child_' + 'process').then((m) => m.execSync('x'))"],
    ["node", "process.binding('spawn_sync')"],
    ["node", "Reflect.get(require('child_process'), 'ex' + 'ecSync')('x')"],
    ["python", "import os; o = os; getattr(o, n)('x')"],
    ["python", "b = __builtins__; getattr(b, 'ex' + 'ec')(x)"],
    ["ruby", 'send(ARGV[0], "x")'],
    ["ruby", '1.public_send(name, "x")'],
    ["ruby", 'Object.const_get("Ker" + "nel").system("x")'],
    ["perl", '&{"sys" . "tem"}("x")'],
    ["php", '$f = "sys" . "tem"; $f("x");'],
    ["php", 'call_user_func("sys" . "tem", "x");'],
    ["php", '("sys" . "tem")("x");'],
    ["lua", '_G["o" .. "s"].execute("x")'],
  ])("%s: %s", (language, code) => {
    expect(unresolved(language, code)).not.toEqual([]);
  });

  test.each([
    ["python", "d = {'a': 1}; print(getattr(d, 'get')('a'))"],
    ["python", "import argparse; a = parser.parse_args(); print(getattr(a, key))"],
    ["python", "import importlib; importlib.import_module('yaml')"],
    ["python", "import json, sys; print(json.load(sys.stdin)['version'])"],
    ["python", "import os; print(os.environ['HOME'])"],
    ["node", "const o = { a: 1 }; const k = 'a'; console.log(o[k])"],
    ["node", "console.log(require('./package.json').version)"],
    ["node", "const p = require('./package.json'); for (const k in p.scripts) console.log(k, p.scripts[k])"],
    ["node", "const plugin = require('./plugins/' + name)"],
    ["node", "require(path.join(__dirname, 'x'))"],
    ["node", "console.log(process.argv[2], process.env['HOME'])"],
    ["node", "console.log(x instanceof Function)"],
    ["node", "Reflect.get(options, key)"],
    ["python", "c = config; print(getattr(c, name))"],
    ["ruby", "puts 5.send(:+, 3)"],
    ["ruby", "def send(x); end; def method_missing(n); end"],
    ["ruby", 'puts "the method is fine"'],
    ["php", "echo json_encode(array_map(fn($x) => $x * 2, [1, 2]));"],
    ["php", "assert(1 === 1);"],
  ])("%s, no concern: %s", (language, code) => {
    expect(unresolved(language, code)).toEqual([]);
  });

  test("code read from standard input is held to the same", () => {
    expect(decide("python3 - <<'X'\nimport os\ngetattr(os, 'sys' + 'tem')('x')\nX").reason).toContain("getattr on os");
    expect(decide("node <<'X'\nrequire('child_process')[k]('x')\nX").reason).toContain("member of child_process");
  });

  test("a literal name is the call it names, judged as that call", () => {
    const lines = (language: string, code: string) => readCode(language, code, language).lines.map((line) => line.line);
    expect(lines("python", "getattr(os, 'system')('rm -rf /srv')")).toEqual(["rm -rf /srv"]);
    expect(lines("node", "require('child_process')['execSync']('rm -rf /srv')")).toEqual(["rm -rf /srv"]);
    expect(lines("ruby", 'Kernel.send(:system, "rm -rf /srv")')).toEqual(["rm -rf /srv"]);
  });
});

describe("with the default policy", () => {
  test.each([
    `python3 -c "exec(__import__('base64').b64decode('cm0gLXJmIH4='))"`,
    `python -c "import os; getattr(os, 'sys'+'tem')('rm -rf ~')"`,
    `node -e "require('child_process')['ex'+'ecSync']('rm -rf ~')"`,
    `deno eval "eval(atob('cm0gLXJmIH4='))"`,
    `bun -e "new Function(atob('cm0gLXJmIH4='))()"`,
    `ruby -e 'send(ARGV[0], "rm -rf ~")'`,
  ])("on_error: %s", (command) => {
    const verdict = decide(command);
    expect(verdict.decision).toBe("block");
    expect(verdict.rule).toBeUndefined();
    expect(verdict.reason).toContain("cannot judge");
  });

  test.each([
    `python3 -c "exec('import os; os.system(\\"rm -rf ~\\")')"`,
    `python3 -c "import sys; sys.modules['os'].system('rm -rf ~')"`,
    `ruby -e 'Kernel.send(:system, "rm -rf ~")'`,
  ])("stopped by the rule for what it runs: %s", (command) => {
    expect(decide(command)).toMatchObject({ decision: "block", rule: "fs-recursive-delete" });
  });

  test.each([
    `python3 -c "import json,sys; print(json.load(sys.stdin)['version'])"`,
    `python3 -c "d={'a':1}; print(getattr(d, 'get')('a'))"`,
    `python3 -c "import importlib; importlib.import_module('yaml')"`,
    `node -e "const fs=require('fs'); fs.writeFileSync('out.txt', JSON.stringify({a:1}))"`,
    `node -p "process.versions.node"`,
    `ruby -e 'puts RUBY_VERSION'`,
  ])("passes: %s", (command) => {
    expect(decide(command).decision).toBe("continue");
  });
});
