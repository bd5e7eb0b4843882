// Files a known program obeys (src/shell/programs/obeyed-files.ts): each
// carrier's commands or code are read when its program runs, harmful and
// harmless alike, and a write of such a file is judged by the commands it
// holds. A package name, a directory outside the project or a help request
// reads nothing.
import { describe, expect, test } from "bun:test";
import { obeyedCommands } from "../../../../src/shell/session/obeyed-rows.ts";
import { OBEYED } from "../../../fixtures/sessions/tool-configs.ts";
import { neededBy, ranFrom, withListings } from "../../../support/project-view.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

describe("files a known program obeys", () => {
  test("each carrier's commands run when its program runs, harmful and harmless alike", () => {
    const missed: string[] = [];
    for (const carrier of OBEYED) {
      for (const [line, expected] of [
        ["rm -rf /home/ada/work", "rm /home/ada/work"],
        ["mkdir -p build/cache", "mkdir build/cache"],
      ] as const) {
        const ran = ranFrom(carrier.run, withListings(carrier.run, carrier.files(line))).join("\n");
        if (!ran.includes(expected)) missed.push(`${carrier.carrier}: ${line} → ${ran}`);
      }
    }
    expect(missed).toEqual([]);
  });

  test("everyday files run only what they say", () => {
    const ran = (run: string, files: Record<string, string>) => ranFrom(run, withListings(run, files)).join("\n");
    expect(ran("latexmk -pdf main.tex", { ".latexmkrc": "$pdf_mode = 4;\n$lualatex = 'lualatex -synctex=1 %O %S';\n" })).toContain("lualatex");
    expect(ran("npx tauri build", { "src-tauri/tauri.conf.json": JSON.stringify({ build: { beforeBuildCommand: "npm run build" } }) })).toContain("npm run build");
    expect(ran("helm plugin install ./plugins/x", { "plugins/x/plugin.yaml": 'hooks:\n  install: "cd $HELM_PLUGIN_DIR && chmod +x bin/x"\n' })).toContain(
      "cd ./plugins/x\nchmod +x bin/x",
    );
    expect(ran("npx hygen page new --name Home", { "_templates/page/new/index.ejs.t": "---\nto: src/<%= name %>.ts\nsh: prettier --write src/<%= name %>.ts\n---\n" })).toContain(
      "prettier src/x.ts",
    );
    expect(ran("terragrunt plan", { "terragrunt.hcl": 'terraform {\n  before_hook "lint" {\n    commands = ["plan"]\n    execute  = ["tflint", "--init"]\n  }\n}\n' })).toContain(
      "tflint",
    );
    // vcpkg's own scratch trees are folders of its tree, not unknown paths.
    expect(ran("vcpkg install z --overlay-ports=ports", { "ports/z/portfile.cmake": 'file(REMOVE_RECURSE "${CURRENT_PACKAGES_DIR}/debug/include")\n' })).toContain(
      "rm vcpkg_installed/packages/port/debug/include",
    );
  });

  test("home files read at the program's start, other names of a family, and overlays a manifest names", () => {
    const ran = (run: string, files: Record<string, string>) => ranFrom(run, withListings(run, files)).join("\n");
    const harm = "rm /home/ada/work";
    expect(ran("latexmk -pdf x.tex", { "/home/ada/.latexmkrc": "$pdflatex = 'rm -rf /home/ada/work';\n" })).toContain(harm);
    expect(ran("tmuxp load dev", { "/home/ada/.tmuxp/dev.yaml": "shell_command_before:\n  - rm -rf /home/ada/work\nwindows: []\n" })).toContain(harm);
    expect(ran("cruft create ./tmpl", { "tmpl/hooks/pre_gen_project.py": 'import os\nos.system("rm -rf /home/ada/work")\n' })).toContain(harm);
    expect(ran("ionic capacitor sync ios", { "package.json": JSON.stringify({ scripts: { "capacitor:sync:before": "rm -rf /home/ada/work" } }) })).toContain(harm);
    const overlay = {
      "vcpkg-configuration.json": JSON.stringify({ "overlay-ports": ["./ports"] }),
      "ports/z/portfile.cmake": 'execute_process(COMMAND rm -rf /home/ada/work)\nfile(REMOVE_RECURSE "${CURRENT_PACKAGES_DIR}/share")\n',
    };
    expect(ran("vcpkg install", overlay)).toContain(harm);
    expect(ran("vcpkg install", overlay)).toContain("rm vcpkg_installed/packages/port/share");
    expect(obeyedCommands("/home/ada/.tmuxp/dev.yaml", "shell_command_before: [make dev]\n")).toEqual(["make dev"]);
  });

  test("a config or a plugin an option names is read as the program's own", () => {
    const ran = (run: string, files: Record<string, string>) => ranFrom(run, withListings(run, files)).join("\n");
    const harm = "rm /home/ada/work";
    const node = 'require("child_process").execSync("rm -rf /home/ada/work");\n';
    expect(ran("latexmk -r ci/latexmkrc x.tex", { "ci/latexmkrc": "$pdflatex = 'rm -rf /home/ada/work';\n" })).toContain(harm);
    expect(ran("npx typedoc --plugin ./tools/p.cjs", { "tools/p.cjs": node })).toContain(harm);
    expect(ran("npx typedoc --options docs/typedoc.json", { "docs/typedoc.json": JSON.stringify({ plugin: ["./tools/p.cjs"] }), "tools/p.cjs": node })).toContain(harm);
    expect(ran("npx graphql-codegen -c gql/codegen.ts", { "gql/codegen.ts": 'export default { hooks: { afterStart: ["rm -rf /home/ada/work"] } };\n' })).toContain(harm);
    expect(ran("gitlint --extra-path lint/rules", { "lint/rules/r.py": 'import os\nos.system("rm -rf /home/ada/work")\n' })).toContain(harm);
    expect(ran("npx wrangler deploy -c wrangler.prod.toml", { "wrangler.prod.toml": '[build]\ncommand = "rm -rf /home/ada/work"\n' })).toContain(harm);
    expect(ran("npx cdk synth --app 'rm -rf /home/ada/work'", {})).toContain(harm);
    expect(ran("npx cdk deploy --app cdk.out", {})).not.toContain("rm");
  });

  test("a package name, a template outside the project, or a help request reads nothing of the project's", () => {
    const typedoc = neededBy("npx typedoc", { "typedoc.json": JSON.stringify({ plugin: ["typedoc-plugin-markdown", "@acme/typedoc-theme"] }) }).join(" ");
    expect(typedoc).toContain("typedoc.config.js?");
    expect(typedoc).not.toMatch(/typedoc-plugin-markdown|@acme/);
    expect(neededBy("cookiecutter gh:audreyfeldroy/cookiecutter-pypackage").join(" ")).not.toContain("hooks");
    expect(neededBy("cookiecutter ../elsewhere").join(" ")).not.toContain("hooks");
    expect(neededBy("mdbook --version").join(" ")).not.toContain("book.toml");
    expect(neededBy("mdbook init guide").join(" ")).not.toContain("book.toml");
    expect(neededBy("cargo build").join(" ")).not.toContain("tauri");
  });

  test("a write of such a file is judged by the commands it holds, found by its path", () => {
    expect(obeyedCommands("/home/ada/proj/_darcs/prefs/defaults", "record posthook make check\nALL prehook ./ci/pre.sh\n")).toEqual(["make check", "./ci/pre.sh"]);
    expect(obeyedCommands("/home/ada/proj/src-tauri/tauri.conf.json", JSON.stringify({ build: { beforeDevCommand: { script: "npm run dev" } } }))).toEqual(["npm run dev"]);
    expect(obeyedCommands("/home/ada/proj/tmpl/copier.yml", "_tasks:\n  - [git, init]\n  - command: echo done\n")).toEqual(["git init", "echo done"]);
    expect(obeyedCommands("/home/ada/proj/book.toml", '[preprocessor.toc]\ncommand = "mdbook-toc"\n')).toEqual(["mdbook-toc"]);
    expect(obeyedCommands("/home/ada/proj/notes/defaults", "record posthook rm -rf ~\n")).toEqual([]);
  });
});
