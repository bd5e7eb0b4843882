// Names bound only to what a one-directory glob finds stand for entries of
// that directory; a script's own-directory expression is the file's folder.
// A name bound any other way, or a glob of many folders, stays unknown.
import { describe, expect, test } from "bun:test";
import { globbedNames } from "../../../../src/shell/languages/glob-entries.ts";
import { withScriptDirectory } from "../../../../src/shell/languages/script-directory.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const bound = (language: string, code: string) => Object.fromEntries(globbedNames(language, code));

describe("a one-directory glob's entries in code", () => {
  test.each([
    ["php", "foreach (glob('var/cache/*') as $f) { unlink($f); }", { $f: "var/cache" }],
    ["php", "$dir = 'bin' . '/../var/cache';\nforeach (glob($dir . '/*') as $f) { if (is_file($f)) unlink($f); }", { $f: "var/cache" }],
    ["php", 'foreach (glob("storage/logs/*.log") as $log) unlink($log);', { $log: "storage/logs" }],
    ["php", "foreach (glob('tools' . '/../../*') as $f) unlink($f);", { $f: ".." }],
    ["python", "for f in glob.glob('build/*.o'):\n    os.remove(f)", { f: "build" }],
  ])("%s: %s", (language, code, expected) => {
    expect(bound(language, code)).toEqual(expected);
  });

  test.each([
    ["php", "foreach (glob($_GET['d'] . '/*') as $f) unlink($f);"],
    ["php", "foreach (glob('var/*/cache/*') as $f) unlink($f);"],
    ["php", "foreach (glob('var/cache') as $f) unlink($f);"],
    ["php", "foreach (glob('var/cache/*') as $f) { $f = '/etc/passwd'; unlink($f); }"],
    ["php", "$dir = 'a'; $dir = '/'; foreach (glob($dir . '/*') as $f) unlink($f);"],
    ["python", "for f in glob.glob(os.path.expanduser('~') + '/*'):\n    os.remove(f)"],
    ["python", "for f in glob.glob('out/*'):\n    pass\nfor f in sys.argv:\n    os.remove(f)"],
  ])("%s leaves the name unknown: %s", (language, code) => {
    expect(bound(language, code)).toEqual({});
  });
});

describe("a script's own directory", () => {
  test.each([
    ["php", "glob(__DIR__ . '/../var/cache/*')", "bin", "glob('bin' . '/../var/cache/*')"],
    ["php", "dirname(__FILE__) . '/x'", "tools", "'tools' . '/x'"],
    ["python", "os.path.join(os.path.dirname(os.path.abspath(__file__)), 'out')", "scripts", "os.path.join('scripts', 'out')"],
    ["node", "path.join(__dirname, 'dist')", "scripts", "path.join('scripts', 'dist')"],
    ["ruby", "File.join(__dir__, 'tmp')", ".", "File.join('.', 'tmp')"],
    ["php", "__DIR__", "it's", "__DIR__"],
    ["perl", "__FILE__", "bin", "__FILE__"],
  ])("%s: %s in %s", (language, code, directory, expected) => {
    expect(withScriptDirectory(language, code, directory)).toBe(expected);
  });
});
