// Tool configs that name code a later command runs: a key holding a shell
// line, a key naming a script or a code file, or the file being code. Each
// kind is read when its program runs, harmful and harmless alike; a config
// naming a standard program, or a plain data file, runs nothing of its own.
import { describe, expect, test } from "bun:test";
import { neededBy, projectView, ranFrom, withListings } from "../../../support/project-view.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const HOME = "/home/ada";
const q = (line: string) => JSON.stringify(line);
const script = (line: string) => `#!/bin/sh\n${line}\n`;

/** Each config kind: the command that obeys it, and the files that make it run `line`. */
const CONFIGS: ReadonlyArray<{ run: string; files: (line: string) => Record<string, string> }> = [
  { run: "mise install", files: (line) => ({ ".config/mise/config.toml": `[hooks]\npreinstall = [${q(line)}]\n` }) },
  { run: "mise run fmt", files: (line) => ({ "mise.toml": `[tasks.fmt]\nrun = ${q(line)}\n` }) },
  { run: "devbox shell", files: (line) => ({ "devbox.json": JSON.stringify({ shell: { init_hook: line } }) }) },
  { run: "nix-shell dev.nix", files: (line) => ({ "dev.nix": `with import <nixpkgs> {};\nmkShell {\n  shellHook = "${line}";\n}\n` }) },
  { run: "nix develop ./tools#ci -c make", files: (line) => ({ "tools/flake.nix": `{ outputs = _: { devShells.x.default = { shellHook = ''\n  ${line}\n''; }; }; }\n` }) },
  { run: "pixi shell", files: (line) => ({ "pyproject.toml": `[tool.pixi.activation]\nscripts = ["dev/env.sh"]\n`, "dev/env.sh": script(line) }) },
  { run: "pylint --rcfile=ci/pylintrc app", files: (line) => ({ "ci/pylintrc": `[MASTER]\ninit-hook=import os; os.system(${q(line)})\n` }) },
  {
    run: "pylint app",
    files: (line) => ({ ".pylintrc": "[MAIN]\nload-plugins=lint.checkers\n", "lint/checkers.py": `import subprocess\nsubprocess.call(${q(line)}, shell=True)\n` }),
  },
  { run: "dmypy run -- app", files: (line) => ({ "mypy.ini": "[mypy]\nplugins = ci/plugin.py:entry\n", "ci/plugin.py": `import os\nos.system(${q(line)})\n` }) },
  { run: "rubocop --config ci/rubocop.yml", files: (line) => ({ "ci/rubocop.yml": "require: [./ci/cop.rb]\n", "ci/cop.rb": `system(${q(line)})\n` }) },
  { run: "phpstan analyse -c ci/stan.neon", files: (line) => ({ "ci/stan.neon": "parameters:\n  bootstrap: ci/boot.php\n", "ci/boot.php": `<?php\nsystem(${q(line)});\n` }) },
  { run: "php-cs-fixer fix", files: (line) => ({ ".php-cs-fixer.dist.php": `<?php\npassthru(${q(line)});\nreturn new PhpCsFixer\\Config();\n` }) },
  { run: "storybook dev -c config/sb", files: (line) => ({ "config/sb/main.js": `require("child_process").execSync(${q(line)});\nmodule.exports = {};\n` }) },
  { run: "gatsby build", files: (line) => ({ "gatsby-node.ts": `import { execSync } from "child_process";\nexecSync(${q(line)});\n` }) },
  { run: "eleventy --config=site.config.js", files: (line) => ({ "site.config.js": `require("child_process").execSync(${q(line)});\n` }) },
  { run: "truffle migrate", files: (line) => ({ "truffle-config.js": `require("child_process").execSync(${q(line)});\nmodule.exports = {};\n` }) },
  { run: "bazel test //...", files: (line) => ({ "user.bazelrc": "test --workspace_status_command tools/ws.sh\n", "tools/ws.sh": script(line) }) },
  { run: "ansible-playbook -i hosts site.yml", files: (line) => ({ "ansible.cfg": "[defaults]\nvault_password_file = secrets/pass.sh\n", "secrets/pass.sh": script(line) }) },
  { run: "ansible-vault view --vault-password-file ops/pw x.yml", files: (line) => ({ "ops/pw": script(line) }) },
  { run: "gh cleanup --dry-run", files: (line) => ({ [`${HOME}/.config/gh/config.yml`]: `aliases:\n  cleanup: ${q(`!${line}`)}\n` }) },
  { run: "nix build", files: (line) => ({ [`${HOME}/.config/nix/nix.conf`]: `post-build-hook = ${HOME}/bin/post\n`, [`${HOME}/bin/post`]: script(line) }) },
  { run: "gpg --clearsign notes.txt", files: (line) => ({ [`${HOME}/.gnupg/gpg-agent.conf`]: `pinentry-program ~/bin/pin\n`, [`${HOME}/bin/pin`]: script(line) }) },
  { run: "git tag -s v3 -m v3", files: (line) => ({ [`${HOME}/.gnupg/gpg-agent.conf`]: "pinentry-program /var/tmp/pin-wrap\n", "/var/tmp/pin-wrap": script(line) }) },
  { run: "svn di", files: (line) => ({ [`${HOME}/.subversion/config`]: `[helpers]\ndiff-cmd = ${HOME}/bin/differ\n`, [`${HOME}/bin/differ`]: script(line) }) },
  { run: "micromamba run -n dev pytest", files: (line) => ({ [`${HOME}/.conda/envs/dev/etc/conda/activate.d/x.sh`]: script(line) }) },
];

describe("tool configs that name code", () => {
  test("each kind's code is read when its program runs, harmful and harmless alike", () => {
    const missed: string[] = [];
    for (const config of CONFIGS) {
      for (const line of ["rm -rf /home/ada/work", "mkdir -p build/cache"]) {
        const ran = ranFrom(config.run, withListings(config.run, config.files(line))).join("\n");
        const expected = line.startsWith("rm") ? "rm /home/ada/work" : "mkdir build/cache";
        if (!ran.includes(expected)) missed.push(`${config.run}: ${line} → ${ran}`);
      }
    }
    expect(missed).toEqual([]);
  });

  test("a standard program, a program on the PATH or a plain password file runs nothing of the config's", () => {
    expect(ranFrom("git commit -S -m x", { [`${HOME}/.gnupg/gpg-agent.conf`]: "pinentry-program /usr/bin/pinentry-gnome3\n" })).toEqual([]);
    expect(neededBy("svn diff", { [`${HOME}/.subversion/config`]: "[helpers]\ndiff-cmd = colordiff\n" }).join(" ")).not.toContain("colordiff");
    expect(ranFrom("ansible-playbook site.yml", { "ansible.cfg": "[defaults]\nvault_password_file = .vault_pass\n", ".vault_pass": "correct horse battery staple\n" })).toEqual([]);
    // A harmless alias expands to the gh command it names.
    expect(ranFrom("gh prs", { [`${HOME}/.config/gh/config.yml`]: "aliases:\n    prs: pr list --author @me\n" })).toContain("gh pr list @me");
  });

  test("what a vault password script or a status command prints is the tool's, not shown to the agent", () => {
    const view = projectView("ansible-playbook site.yml", { "ansible.cfg": "[defaults]\nvault_password_file = bin/vault.sh\n", "bin/vault.sh": script("pass show team/vault") });
    const pass = view.commands.find((command) => command.name === "pass");
    expect(pass?.outputShown).toBe(false);
  });

  test("configs are asked for where the program looks, home ones in home", () => {
    expect(neededBy("mise install")).toEqual(expect.arrayContaining(["mise.toml?", ".mise.toml?"]));
    expect(neededBy("gh pr list")).toContain(`${HOME}/.config/gh/config.yml?`);
    expect(neededBy("conda run -n ml python --version")).toContain(`${HOME}/miniconda3/envs/ml/etc/conda/activate.d/*.sh?`);
    expect(neededBy("nix-shell -p jq").join(" ")).not.toContain("shell.nix");
    expect(neededBy("mise --version").join(" ")).not.toContain("mise.toml");
  });
});
