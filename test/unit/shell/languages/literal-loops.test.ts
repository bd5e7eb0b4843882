import { describe, expect, test } from "bun:test";
import { readLanguage } from "../../../../src/shell/languages/index.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const lines = (language: string, code: string) => readLanguage(language, code, language).lines.map((line) => line.line);
const UNKNOWN_DELETE = /rm -r(?:f)? (?:-- )?"\$__synaps_value"/;

describe("a loop over a literal list is read once per listed value", () => {
  test.each([
    ["node", "for (const dir of ['out', 'reports']) fs.rmSync(dir, { recursive: true, force: true });"],
    ["node", 'for (let dir of ["out", "reports"]) {\n  fs.rmSync(path.join(__dirname, dir), { recursive: true });\n}\n'],
    ["node", "['out', 'reports'].forEach((dir) => fs.rmSync(dir, { recursive: true }));"],
    ["node", "['out', 'reports'].forEach(function (dir) { fs.rmSync(`${dir}`, { recursive: true }); });"],
    ["python", 'for dir in ["out", "reports"]:\n    shutil.rmtree(dir, ignore_errors=True)\n'],
    ["python", "for dir in {'out', 'reports'}: shutil.rmtree(os.path.join(os.path.dirname(__file__), dir))\n"],
    ["ruby", "%w[out reports].each do |dir|\n  FileUtils.rm_rf(dir)\nend\n"],
    ["ruby", "['out', 'reports'].each { |dir| FileUtils.rm_r(dir) }\n"],
    ["php", "<?php\nforeach (array('out', 'reports') as $dir) {\n    system(\"rm -rf $dir\");\n}\n"],
    ["perl", 'for my $dir (qw(out reports)) {\n    system("rm -rf $dir");\n}\n'],
    ["lua", 'for _, dir in ipairs({ "out", "reports" }) do\n  os.execute("rm -rf " .. dir)\nend\n'],
    ["r", 'for (dir in c("out", "reports")) {\n  unlink(dir, recursive = TRUE)\n}\n'],
  ])("%s: %s", (language, code) => {
    const read = lines(language, code).join("\n");
    expect(read).toMatch(/rm .*\bout\b/);
    expect(read).toMatch(/rm .*\breports\b/);
    expect(read).not.toMatch(UNKNOWN_DELETE);
  });

  test("a listed name under home is that file, and is judged as one", () => {
    expect(lines("python", 'for d in (".ssh", ".aws"):\n    shutil.rmtree(os.path.join(os.path.expanduser("~"), d))\n')).toEqual(["rm -r -- ~/.ssh", "rm -r -- ~/.aws"]);
    expect(lines("ruby", "%w[.gnupg].each { |d| FileUtils.rm_rf(File.join(Dir.home, d)) }").join("\n")).toContain("~/.gnupg");
  });

  test("the variable stays unknown outside the body, when the body assigns it, or when the list is not all plain literals", () => {
    expect(lines("node", "for (const d of ['out']) {\n  log(d);\n}\nfs.rmSync(d, { recursive: true });\n").join("\n")).toMatch(UNKNOWN_DELETE);
    expect(lines("python", 'for d in ("out",):\n    d = os.path.expanduser("~")\n    shutil.rmtree(d)\n').join("\n")).toMatch(UNKNOWN_DELETE);
    expect(lines("python", 'for d in ("out", os.environ["TARGET"]):\n    shutil.rmtree(d)\n').join("\n")).toMatch(UNKNOWN_DELETE);
    expect(lines("python", 'for d in ("/", "out"):\n    shutil.rmtree(d)\n').join("\n")).toMatch(UNKNOWN_DELETE);
    expect(lines("node", "for (const d of [a, 'out']) fs.rmSync(d, { recursive: true });").join("\n")).toMatch(UNKNOWN_DELETE);
  });

  test.each([
    ["python", 'for d in ("out",):\n    (d := os.path.expanduser("~"))\n    shutil.rmtree(d)\n'],
    ["python", 'for d in ("out",):\n    d, e = os.path.expanduser("~"), 1\n    shutil.rmtree(d)\n'],
    ["python", 'for d in ("out",):\n    for d in [os.path.expanduser("~")]:\n        shutil.rmtree(d)\n'],
    ["python", 'for d in ("out",):\n    with open("cfg") as d:\n        pass\n    shutil.rmtree(d)\n'],
    ["node", "for (let d of ['out']) { [d] = [os.homedir()]; fs.rmSync(d, { recursive: true }); }"],
    ["node", "for (let d of ['out']) { ({ d } = { d: os.homedir() }); fs.rmSync(d, { recursive: true }); }"],
    ["php", "<?php\nforeach (['out'] as $d) {\n  list($d) = [getenv('HOME')];\n  system(\"rm -rf $d\");\n}\n"],
    ["perl", 'for my $d (qw(out)) {\n  $d =~ s/out/$ENV{HOME}/;\n  system("rm -rf $d");\n}\n'],
    ["perl", 'for my $d (qw(out)) {\n  ($d) = ($ENV{HOME});\n  system("rm -rf $d");\n}\n'],
    ["ruby", "%w[out].each { |d| d.replace(Dir.home); FileUtils.rm_rf(d) }"],
    ["ruby", "%w[out].each { |d| d << '/..'; FileUtils.rm_rf(d) }"],
  ])("%s: a body that rebinds or changes the variable in any form keeps it unknown: %s", (language, code) => {
    const read = lines(language, code).join("\n");
    expect(read).toContain("$__synaps_value");
    expect(read).not.toMatch(/\bout\b/);
  });

  test("a pathological body, just under or far over the size read, is read within the test's limit", () => {
    for (const size of [1_000, 40_000]) {
      const calls = `for (const d of ['out']) { f(${"a=1,".repeat(size / 4)}d); ${"for d ".repeat(size / 6)} }`;
      expect(readLanguage("node", calls, "node").lines).toBeDefined();
      expect(readLanguage("ruby", `%w[out].each { |d| ${"| d ".repeat(size / 4)} }`, "ruby").lines).toBeDefined();
    }
  });

  test("a name spelled in pieces is still a name only the run knows", () => {
    expect(readLanguage("python", "import os\ngetattr(os, 'sys' + 'tem')('id')\n", "python").unresolved).not.toEqual([]);
  });
});

describe("exec of a file's text runs that file", () => {
  test("a literal file name, or a name set once to one, is the script run", () => {
    expect(lines("python", "exec(open('tools/patch.py').read())")).toContain("python3 -- tools/patch.py");
    expect(lines("python", "src = 'tools/patch.py'\nexec(compile(open(src).read(), src, 'exec'))")).toContain("python3 -- tools/patch.py");
  });

  test("runpy.run_path runs the file it names", () => {
    expect(lines("python", "import runpy\nrunpy.run_path('tools/patch.py', run_name='__main__')")).toContain("python3 -- tools/patch.py");
    expect(readLanguage("python", "import runpy, sys\nrunpy.run_path(sys.argv[1])", "python").unresolved).not.toEqual([]);
  });

  test("a file named at run time is not", () => {
    expect(readLanguage("python", "exec(open(sys.argv[1]).read())", "python").unresolved).not.toEqual([]);
    expect(readLanguage("python", "exec(open('/tmp/stage/x.py').read())", "python").unresolved).not.toEqual([]);
    expect(readLanguage("python", "exec(open('../other/x.py').read())", "python").unresolved).not.toEqual([]);
    expect(readLanguage("python", "f = 'a.py'\nf = input()\nexec(open(f).read())", "python").unresolved).not.toEqual([]);
  });
});

describe("a loader whose format runs code runs the file it reads", () => {
  test.each([
    ["import pickle\npickle.load(open('cache/state.pkl', 'rb'))", "cache/state.pkl"],
    ["import torch\nmodel = torch.load('weights/model.pt')", "weights/model.pt"],
    ["import joblib\nclf = joblib.load('clf.joblib')", "clf.joblib"],
    ["import pandas as pd\ndf = pd.read_pickle('frame.pkl')", "frame.pkl"],
  ])("%s", (code, file) => expect(lines("python", code)).toContain(`python3 -- ${file}`));

  test("a file named at run time is no question", () => {
    expect(readLanguage("python", "import torch, sys\ntorch.load(sys.argv[1])", "python").unresolved).toEqual([]);
    expect(lines("python", "import pickle\npickle.loads(blob)")).toEqual([]);
  });
});

describe("on one line, the loop's body ends where its brackets close", () => {
  test("what follows the loop keeps the variable unknown", () => {
    expect(lines("node", "for (const d of ['out']) { log(d); } fs.rmSync(d, { recursive: true });").join("\n")).toMatch(UNKNOWN_DELETE);
    expect(lines("node", "['out'].forEach((d) => log(d)); fs.rmSync(d, { recursive: true });").join("\n")).toMatch(UNKNOWN_DELETE);
    expect(lines("ruby", "%w[out].each { |d| puts d }; FileUtils.rm_rf(d)").join("\n")).toMatch(UNKNOWN_DELETE);
    expect(lines("node", "for (const d of ['out']) { fs.rmSync(d, { recursive: true }); }")).toEqual(["rm -r -- out"]);
  });
});

describe("calls the carriers' own languages make", () => {
  test("Rake's and fastlane's sh runs a shell line; a receiver's sh does not", () => {
    expect(lines("ruby", 'task :x do\n  sh "make dist"\nend\n')).toContain("make dist");
    expect(lines("ruby", 'sh("rm -rf tmp")')).toContain("rm -rf tmp");
    expect(lines("ruby", 'client.sh("x")')).toEqual([]);
  });

  test("Haskell applies a function to the next atom alone", () => {
    expect(lines("haskell", 'main = callCommand "make gen" >> defaultMain\n')).toEqual(["make gen"]);
  });
});
