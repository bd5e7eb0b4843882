import { describe, expect, test } from "bun:test";
import { readPlaybook } from "../../../../src/shell/languages/playbook.ts";
import { endsOnBudget, expectChargedLinearly } from "../../../support/reader-budget.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const commands = (text: string) => readPlaybook(text).lines.map((line) => line.line);

describe("readPlaybook", () => {
  test("a file task with state: absent removes its path; the home directory's Jinja is $HOME, other variables are not read", () => {
    const block = (path: string, state = "absent") => `- hosts: localhost\n  tasks:\n    - ansible.builtin.file:\n        path: "${path}"\n        state: ${state}\n`;
    expect(commands(block("{{ lookup('env', 'HOME') }}/work"))).toEqual(['rm -rf -- "$HOME/work"']);
    expect(commands(block("./build"))).toEqual(['rm -rf -- "./build"']);
    expect(commands(block("./build", "directory"))).toEqual([]);
    expect(commands(block("{{ app_dir }}/old"))).toEqual([]);
    expect(commands("- hosts: all\n  tasks:\n    - file: path={{ ansible_env.HOME }} state=absent\n    - file: dest=/srv/app/releases/1 state=absent\n")).toEqual([
      'rm -rf -- "$HOME"',
      'rm -rf -- "/srv/app/releases/1"',
    ]);
  });

  test("shell, command and raw tasks are their command lines, short or qualified", () => {
    const playbook = [
      "- hosts: web",
      "  tasks:",
      "    - name: build",
      "      command: make -C /srv/app build",
      "    - ansible.builtin.shell: 'systemctl restart app'",
      "    - raw: uptime",
    ].join("\n");
    expect(commands(playbook)).toEqual(["make -C /srv/app build", "systemctl restart app", "uptime"]);
  });

  test("flow YAML on one line, and a script task as the script it runs", () => {
    expect(commands("[{hosts: localhost, tasks: [shell: df -h]}]")).toEqual(["df -h"]);
    expect(commands("- hosts: all\n  tasks:\n    - script: ./files/setup.sh")).toEqual(["sh ./files/setup.sh"]);
  });

  test("a block scalar is read line by line, up to the next key", () => {
    const playbook = "- hosts: db\n  tasks:\n    - shell: |\n        cd /srv\n        tar czf /tmp/b.tgz data\n    - debug: msg=done";
    expect(commands(playbook)).toEqual(["cd /srv", "tar czf /tmp/b.tgz data"]);
  });

  test("modules that run no command line give nothing", () => {
    expect(commands("- hosts: all\n  tasks:\n    - apt: name=nginx state=present\n    - copy: src=a dest=/tmp/a\n    - name: shell is only a word here")).toEqual([]);
  });
});

describe("readPlaybook on crafted block scalars", () => {
  test("the lines of a block scalar are its text, not keys: a task inside one is read once, as a line", () => {
    const nested = ["- shell: |", "    echo one", "    - shell: |", "        rm -rf ~", "- command: ls"].join("\n");
    expect(commands(nested)).toEqual(["echo one", "- shell: |", "rm -rf ~", "ls"]);
  });

  test("block scalars nested as deep as a readable file allows are read each line once, charged to the analysis's budget", () => {
    // Each `shell: |` once read every deeper line again: quadratic in lines, and as many lines handed on.
    const depth = 700;
    const text = Array.from({ length: depth }, (_, at) => `${" ".repeat(at)}- shell: |`).join("\n");
    expect(expectChargedLinearly(text, readPlaybook).lines).toHaveLength(depth - 1);
    expect(endsOnBudget("ansible-playbook play.yml", "play.yml", text)).toBe(true);
  });
});
