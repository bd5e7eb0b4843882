// Build, task and dev tools run what their project files say: each row of the
// table reads the files its tool obeys, and only the lines that tool runs on
// this machine (a LOCALLY Earthly target, not a container one; the shell
// executor of gitlab-runner, not docker; the job act was asked for).
import { describe, expect, test } from "bun:test";
import { type GivenFiles, neededBy, projectView, ranFrom } from "../../../support/project-view.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

type Case = { input: string; files: GivenFiles; runs?: string[]; not?: string[] };

const CASES: Case[] = [
  // Earthly: only a LOCALLY target's RUN lines run here; BUILD +other is followed.
  {
    input: "earthly +all",
    files: {
      Earthfile:
        "VERSION 0.8\nimage:\n    FROM alpine\n    RUN rm -rf /tmp/in-container\nhost:\n    LOCALLY\n    RUN --no-cache touch stamp\nall:\n    BUILD +image\n    BUILD +host\n",
    },
    runs: ["touch stamp"],
    not: ["rm /tmp/in-container"],
  },
  // gitlab-runner: the shell executor runs the job here (its template's before_script too); docker does not.
  {
    input: "gitlab-runner exec shell lint",
    files: { ".gitlab-ci.yml": ".t:\n  before_script: [touch a]\nlint:\n  extends: .t\n  script: [touch b]\nother:\n  script: [touch c]\n" },
    runs: ["touch a", "touch b"],
    not: ["touch c"],
  },
  { input: "gitlab-runner exec docker lint", files: { ".gitlab-ci.yml": "lint:\n  script: [touch b]\n" }, not: ["touch b"] },
  // act: the job asked for; expressions are values nobody knows.
  {
    input: "act -j test",
    files: {
      // The listing the extension answers for the workflows' glob.
      ".github/workflows/*.yml": { matches: [".github/workflows/ci.yml"] },
      ".github/workflows/ci.yml":
        "on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ github.sha }}\n  deploy:\n    runs-on: ubuntu-latest\n    steps:\n      - run: touch deployed\n",
    },
    runs: ["echo ${ACTIONS_VALUE}"],
    not: ["touch deployed"],
  },
  // Procfile managers: the processes named, or all of them.
  { input: "foreman start web", files: { Procfile: "web: touch w\nworker: touch k\n" }, runs: ["touch w"], not: ["touch k"] },
  { input: "overmind start", files: { Procfile: "web: touch w\nworker: touch k\n" }, runs: ["touch w", "touch k"] },
  // Poe: deps, refs and sequences are followed; another task is not run.
  {
    input: "poe all",
    files: { "pyproject.toml": '[tool.poe.tasks]\na = "touch a"\nb = { shell = "touch b", deps = ["a"] }\nc = { ref = "b" }\nall = ["c", "touch d"]\nnever = "touch n"\n' },
    runs: ["touch a", "touch b", "touch d"],
    not: ["touch n"],
  },
  // Bazel: make variables are values nobody knows; `$$` is the shell's `$`.
  {
    input: "bazel build //gen:v",
    files: { "gen/BUILD.bazel": 'genrule(name = "v", outs = ["v.txt"], cmd = "echo $$HOME > $@; cp $(location :x) $(RULEDIR)")\n' },
    runs: ["echo", "cp ${BAZEL_VALUE} ${BAZEL_VALUE}"],
  },
  // Tilt: local() and local_resource's cmd, as a string or an argv list.
  { input: "tilt up", files: { Tiltfile: 'local(["touch", "a b"])\nlocal_resource("x", "touch c", serve_cmd="touch d")\n' }, runs: ["touch a b", "touch c", "touch d"] },
  // Packer: shell-local runs here, shell runs in the machine being built.
  {
    input: "packer build image.pkr.hcl",
    files: {
      "image.pkr.hcl": 'build {\n  provisioner "shell" {\n    inline = ["touch remote"]\n  }\n  post-processor "shell-local" {\n    inline = ["touch ${var.out}"]\n  }\n}\n',
    },
    runs: ["touch ${PACKER_VALUE}"],
    not: ["touch remote"],
  },
  // cargo-make: the task's dependencies first, its command with args, a script in the shell (not a Rust one).
  {
    input: "cargo make all",
    files: {
      "Makefile.toml":
        '[tasks.a]\ncommand = "touch"\nargs = ["x y"]\n\n[tasks.r]\nscript_runner = "@rust"\nscript = "fn main() {}"\n\n[tasks.all]\ndependencies = ["a", "r"]\nscript = ["touch z"]\n',
    },
    runs: ["touch x y", "touch z"],
    not: ["fn"],
  },
  // DevSpace: `run NAME` is that command alone; the dev pipeline runs for `devspace dev`.
  { input: "devspace run seed", files: { "devspace.yaml": "commands:\n  seed: touch s\npipelines:\n  dev: touch p\n" }, runs: ["touch s"], not: ["touch p"] },
  // doit: a string action is a command line, a list an argv; `doit list` imports the file but runs no action.
  { input: "doit", files: { "dodo.py": 'def task_a():\n    return {"actions": ["touch a", ["touch", "b c"]]}\n' }, runs: ["python3 dodo.py", "touch a", "touch b c"] },
  { input: "doit list", files: { "dodo.py": 'def task_a():\n    return {"actions": ["touch a"]}\n' }, runs: ["python3 dodo.py"], not: ["touch a"] },
  // babashka: one string is a command line, several an argv; an options map first is skipped.
  { input: "bb t", files: { "bb.edn": '{:tasks {t (do (shell {:dir "sub"} "touch a") (shell "sh" "-c" "touch b"))}}\n' }, runs: ["touch a", "touch b"] },
  // pm2: an ecosystem file runs as JavaScript and starts each app's script with its interpreter.
  {
    input: "pm2 start ecosystem.config.js",
    files: { "ecosystem.config.js": 'module.exports = { apps: [{ name: "w", script: "bin/w.sh" }, { name: "x", script: "touch", args: "x" }] };\n' },
    runs: ["node ecosystem.config.js", "bash bin/w.sh", "touch x"],
  },
];

describe("build, task and dev tools", () => {
  test("each runs the lines its file gives it, and only those that run on this machine", () => {
    for (const { input, files, runs = [], not = [] } of CASES) {
      const ran = ranFrom(input, files);
      for (const line of runs) expect({ input, ran: ran.some((command) => command.startsWith(line)) }).toEqual({ input, ran: true });
      for (const line of not) expect({ input, ran: ran.some((command) => command.startsWith(line)) }).toEqual({ input, ran: false });
    }
  });

  test("the files are asked for where the tool looks, and not by help or version queries", () => {
    expect(neededBy("fab deploy")).toContain("fabfile.py?");
    expect(neededBy("sphinx-build -b html docs/source out")).toContain("docs/source/conf.py?");
    expect(neededBy("python -m mkdocs build -f site/mkdocs.yml")).toContain("site/mkdocs.yml?");
    expect(neededBy("bazel test //pkg/...")).toContain("pkg/**/BUILD.bazel?");
    expect(neededBy("act")).toContain(".github/workflows/*.yml?");
    expect(neededBy("zig build --build-file tools/build.zig")).toContain("tools/build.zig?");
    const queries: Array<[string, string]> = [
      ["fab --version", "fabfile.py?"],
      ["tilt version", "Tiltfile?"],
      ["packer validate .", "*.pkr.hcl?"],
      ["mkdocs --help", "mkdocs.yml?"],
      ["zig fmt src", "build.zig?"],
      ["bb --version", "bb.edn?"],
      ["gitlab-runner exec docker lint", ".gitlab-ci.yml?"],
    ];
    for (const [input, file] of queries) expect({ input, asks: neededBy(input).includes(file) }).toEqual({ input, asks: false });
  });

  test("after a clone, these tools run the downloaded project's code", () => {
    for (const tool of ["fab deploy", "tilt up", "bazel build //...", "poe test", "earthly +build"]) {
      const last = projectView(`git clone https://example.com/r.git && cd r && ${tool}`).commands.at(-1);
      expect({ tool, tags: last?.tags.includes("runs-downloaded-project") }).toEqual({ tool, tags: true });
    }
  });
});
