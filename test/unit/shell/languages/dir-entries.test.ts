// Names that can only hold an entry of a directory the code lists: a literal
// directory joined with one is a child of it; a name bound any other way,
// or a listing that yields `.` and `..` or full paths, stays unknown.
import { describe, expect, test } from "bun:test";
import { entryBelow, entryNames } from "../../../../src/shell/languages/dir-entries.ts";
import { decide, policyOf } from "../../../support/decide.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const names = (language: string, code: string) => [...entryNames(language, code)];

describe("a listed directory's entries in code", () => {
  test("loops over os.listdir, readdirSync and Dir.children bind entry names", () => {
    expect(names("python", "[shutil.rmtree(os.path.join('tmpdata', d)) for d in os.listdir('tmpdata')]")).toEqual(["d"]);
    expect(names("python", "for f in listdir('out'):\n    os.remove(join('out', f))")).toEqual(["f"]);
    expect(names("node", "for (const f of fs.readdirSync('dist')) fs.rmSync(path.join('dist', f), { recursive: true })")).toEqual(["f"]);
    expect(names("node", "fs.readdirSync('out').forEach((f) => fs.unlinkSync(path.join('out', f)))")).toEqual(["f"]);
    expect(names("ruby", "Dir.children('tmp').each { |f| FileUtils.rm_rf(File.join('tmp', f)) }")).toEqual(["f"]);
  });

  test("a name also assigned, a parameter, bound by another loop, or from a listing with . and .. stays unknown", () => {
    expect(names("python", "for d in os.listdir('tmp'):\n    d = '/'\n    shutil.rmtree(os.path.join('tmp', d))")).toEqual([]);
    expect(names("python", "for d in os.listdir('tmp'): pass\nfor d in sys.argv: shutil.rmtree(os.path.join('tmp', d))")).toEqual([]);
    expect(names("python", "def clean(d):\n    shutil.rmtree(os.path.join('tmp', d))\nfor d in os.listdir('tmp'): clean(d)")).toEqual([]);
    expect(names("python", "d, e = sys.argv[1:3]\nfor d in os.listdir('tmp'): pass")).toEqual([]);
    expect(names("php", "foreach (scandir('cache') as $f) unlink('cache/' . $f);")).toEqual([]);
  });

  test("only a literal directory joined with the name is below it", () => {
    const bound = new Set(["d"]);
    expect(entryBelow("os.path.join('tmpdata', d)", "python", bound, "$x")).toBe("tmpdata/$x");
    expect(entryBelow("os.path.join('..', d)", "python", bound, "$x")).toBeUndefined();
    expect(entryBelow("os.path.join(base, d)", "python", bound, "$x")).toBeUndefined();
    expect(entryBelow("os.path.join('tmpdata', e)", "python", bound, "$x")).toBeUndefined();
  });

  test("clearing a project directory's entries passes; home's, a parent's or a run-time list's does not", () => {
    const policy = policyOf(undefined);
    const run = (code: string) => decide(`python3 -c "${code}"`, policy).decision;
    expect(run("import shutil,os; [shutil.rmtree(os.path.join('tmpdata', d), ignore_errors=True) for d in os.listdir('tmpdata')]")).toBe("continue");
    expect(decide(`node -e "fs.readdirSync('out').forEach((f) => fs.rmSync(path.join('out', f), { recursive: true }))"`, policy).decision).toBe("continue");
    expect(run("import shutil,os; [shutil.rmtree(os.path.join('..', d)) for d in os.listdir('..')]")).toBe("block");
    expect(run("import shutil,os,sys; [shutil.rmtree(os.path.join('tmpdata', d)) for d in sys.argv]")).toBe("block");
    expect(run("import shutil,os; [shutil.rmtree(os.path.join('/home', d)) for d in os.listdir('/home')]")).toBe("block");
  });
});
