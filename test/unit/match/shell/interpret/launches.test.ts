import { describe, expect, test } from "bun:test";
import { commandNamed, SHELL_HOME } from "../../../../support/shell.ts";

describe("commands other programs launch", () => {
  test("wrappers run the command after their options", () => {
    expect(commandNamed("sudo -u root nice -n 5 timeout 10 rm -rf ~", "rm")).toMatchObject({ paths: [SHELL_HOME], via: ["sudo", "nice", "timeout"] });
  });

  test("a shell's -c string is parsed and judged", () => {
    expect(commandNamed("bash -c 'cd / && rm -rf home'", "rm")).toMatchObject({ paths: ["/home"], via: ["bash -c"] });
  });

  test("find -exec and -delete act on what find finds", () => {
    expect(commandNamed("find / -name x -exec rm -rf {} +", "rm").via).toEqual(["find -exec"]);
    expect(commandNamed("find ~ -delete", "find").paths).toEqual([SHELL_HOME]);
  });

  test("xargs runs its command with arguments known only at run time", () => {
    expect(commandNamed("ls | xargs rm -rf", "rm")).toMatchObject({ via: ["xargs"], dynamicArgs: true });
  });

  test("interpreter code is read into the commands it runs", () => {
    expect(commandNamed("python3 -c 'import os; os.system(\"rm -rf /srv\")'", "rm").paths).toEqual(["/srv"]);
  });

  test("a script the input writes and then runs is judged by its content", () => {
    expect(commandNamed("printf 'rm -rf /opt\\n' > x.sh; bash x.sh", "rm").paths).toEqual(["/opt"]);
  });
});
