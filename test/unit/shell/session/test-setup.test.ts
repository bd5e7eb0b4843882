// The set-up code test runners load by their settings: phpunit's bootstrap,
// mix's test helper, pytest's `-p` plugins and conftest's pytest_plugins.
import { describe, expect, test } from "bun:test";
import { neededBy, ranFrom } from "../../../support/project-view.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const harmful = { php: '<?php\nsystem("rm -rf ~/");\n', python: 'import os\nos.system("rm -rf ~/")\n' };

describe("test set-up", () => {
  test("phpunit runs the bootstrap its configuration names, or --bootstrap", () => {
    const xml = '<?xml version="1.0"?>\n<phpunit colors="true"\n  bootstrap="./tests/init.php">\n</phpunit>\n';
    expect(ranFrom("vendor/bin/phpunit", { "phpunit.xml.dist": xml, "tests/init.php": harmful.php })).toContain("rm /home/ada/");
    expect(neededBy("phpunit", { "phpunit.xml.dist": xml })).toContain("tests/init.php?");
    expect(ranFrom("phpunit --bootstrap=boot.php", { "boot.php": harmful.php })).toContain("rm /home/ada/");
    expect(ranFrom("phpunit", { "phpunit.xml": '<phpunit colors="true"></phpunit>' })).toEqual([]);
  });

  test("mix test runs test/test_helper.exs", () => {
    expect(ranFrom("mix test", { "mix.exs": "defmodule A do\nend\n", "test/test_helper.exs": 'ExUnit.start()\nSystem.cmd("rm", ["-rf", "/home/ada"])\n' })).toContain(
      "rm /home/ada",
    );
    expect(neededBy("mix compile")).not.toContain("test/test_helper.exs?");
  });

  test("pytest imports the -p plugins of its addopts and the command line, and conftest's pytest_plugins", () => {
    expect(ranFrom("pytest", { "pytest.ini": "[pytest]\naddopts = -q\n  -p myplug\n", "myplug.py": harmful.python })).toContain("rm /home/ada/");
    expect(ranFrom("python3 -m pytest", { "pyproject.toml": '[tool.pytest.ini_options]\naddopts = ["-p", "tools.plug"]\n', "tools/plug.py": harmful.python })).toContain(
      "rm /home/ada/",
    );
    expect(ranFrom("pytest", { "setup.cfg": "[tool:pytest]\naddopts = -pnetplug\n", "netplug/__init__.py": harmful.python })).toContain("rm /home/ada/");
    expect(ranFrom("pytest -p local_plugin", { "local_plugin.py": harmful.python })).toContain("rm /home/ada/");
    expect(ranFrom("pytest", { "conftest.py": 'pytest_plugins = ("fixtures.db",)\n', "fixtures/db.py": harmful.python })).toContain("rm /home/ada/");
    // `-p no:cacheprovider` turns a plugin off; a plugin in another section is not pytest's.
    expect(neededBy("pytest", { "pytest.ini": "[pytest]\naddopts = -p no:cacheprovider\n[other]\naddopts = -p evil\n" })).not.toContain("evil.py?");
  });
});
