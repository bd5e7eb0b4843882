// Names that can only hold a temp directory the code made: counted only when
// every binding of the name in the file is one; any other binding (a
// parameter, a reassignment, a loop, an import) leaves it unknown.
import { describe, expect, test } from "bun:test";
import { tempBelow, tempDirNames } from "../../../../src/shell/languages/temp-dirs.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const names = (language: string, code: string) => Object.fromEntries(tempDirNames(language, code));

describe("temp directories in code", () => {
  test("a directory made by mkdtemp, TemporaryDirectory, t.TempDir or pytest's fixture, and literal joins below it", () => {
    expect(names("node", "const d = mkdtempSync(join(tmpdir(), 'x-'));\nconst out = join(d, 'out');\nrmSync(out, { recursive: true });")).toEqual({ d: "", out: "/out" });
    expect(names("node", "let work = await fs.promises.mkdtemp('/tmp/w');")).toEqual({ work: "" });
    expect(names("python", "import tempfile\nw = tempfile.mkdtemp()\nshutil.rmtree(w)")).toEqual({ w: "" });
    expect(names("python", "def test_a(tmp_path):\n    p = tmp_path / 'a' / 'b'\n    shutil.rmtree(p)")).toEqual({ tmp_path: "", p: "/a/b" });
    expect(names("go", "func TestX(t *testing.T) {\n\tdir := t.TempDir()\n\tos.RemoveAll(dir)\n}")).toEqual({ dir: "" });
    expect(names("go", 'd, err := os.MkdirTemp("", "x")')).toEqual({ d: "" });
  });

  test("the temp directory makers of Rust, the JVM languages, C# and Dart count too", () => {
    expect(names("rust", "let scratch = tempfile::tempdir().unwrap();\nfs::remove_dir_all(scratch.path())?;")).toEqual({ scratch: "" });
    expect(names("rust", 'let t = tempfile::Builder::new().prefix("bench").tempdir()?;')).toEqual({ t: "" });
    expect(names("java", 'Path work = Files.createTempDirectory("it-");')).toEqual({ work: "" });
    expect(names("kotlin", 'val out = kotlin.io.path.createTempDirectory("gen")')).toEqual({ out: "" });
    expect(names("groovy", 'File log = File.createTempFile("run", ".log")')).toEqual({ log: "" });
    expect(names("csharp", 'var stage = Directory.CreateTempSubdirectory("pack");')).toEqual({ stage: "" });
    expect(names("dart", 'final sandbox = await Directory.systemTemp.createTemp("t");')).toEqual({ sandbox: "" });
    // Seen through its object, it is the same directory.
    expect(tempBelow("&scratch.path()", new Map([["scratch", ""]]))).toBe("");
    expect(tempBelow("work.toFile()", new Map([["work", ""]]))).toBe("");
    expect(tempBelow("stage.FullName", new Map([["stage", ""]]))).toBe("");
  });

  test("each test's own `const dir = mkdtempSync(…)` counts: every binding is one", () => {
    expect(names("node", "test('a', () => { const dir = mkdtempSync('/tmp/a'); rmSync(dir); });\ntest('b', () => { const dir = mkdtempSync('/tmp/b'); rmSync(dir); });")).toEqual({
      dir: "",
    });
  });

  test("any other binding of the name leaves it unknown", () => {
    const unknown = [
      ["node", "let d = mkdtempSync('/tmp/x');\nd = os.homedir();"],
      ["node", "const d = mkdtempSync('/tmp/x');\nfunction wipe(d) { rmSync(d, { recursive: true }); }"],
      ["node", "const d = mkdtempSync('/tmp/x');\nconst f = (d) => rmSync(d);"],
      ["node", "const d = mkdtempSync('/tmp/x');\nconst g = d => rmSync(d);"],
      ["node", "const d = mkdtempSync('/tmp/x');\nfor (const d of [homedir()]) rmSync(d);"],
      ["node", "import { d } from './paths.js';\nconst x = 1;\nconst d2 = mkdtempSync('/tmp'); d2;"],
      ["node", "const d = mkdtempSync('/tmp/x');\nconst { d: _ } = {};\n({ d } = other);"],
      ["node", "const d = mkdtempSync('/tmp/x');\ntry {} catch (d) { rmSync(d); }"],
      ["python", "d = tempfile.mkdtemp()\nd += '/../..'"],
      ["python", "d = tempfile.mkdtemp()\nwith open('x') as d:\n    pass"],
      ["python", "def test_a(tmp_path):\n    tmp_path = Path.home()"],
      ["python", "@pytest.fixture\ndef tmp_path():\n    return Path.home()\n\ndef test_a(tmp_path):\n    shutil.rmtree(tmp_path)"],
      ["go", 'dir := t.TempDir()\ndir = os.Getenv("HOME")'],
      ["go", "dir := t.TempDir()\nfor _, dir := range dirs {}"],
    ] as const;
    for (const [language, code] of unknown) {
      const found = tempDirNames(language, code);
      expect({ code, found: [...found.keys()].filter((name) => name === "d" || name === "dir" || name === "tmp_path") }).toEqual({ code, found: [] });
    }
  });

  test("a join that climbs out (`..`) or is not literal is not below it", () => {
    const temps = tempDirNames("node", "const d = mkdtempSync('/tmp/x');");
    expect(tempBelow("join(d, 'a')", temps)).toBe("/a");
    expect(tempBelow("join(d, '..')", temps)).toBeUndefined();
    expect(tempBelow("join(d, name)", temps)).toBeUndefined();
    expect(tempBelow("other", temps)).toBeUndefined();
  });
});
