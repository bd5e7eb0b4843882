import { describe, expect, test } from "bun:test";
import { isStopped } from "../../../support/decide.ts";
import { commandNamed, commandsOf, SHELL_HOME } from "../../../support/shell.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

// What a command prints is only observable through what it feeds: a shell on
// the other end of a pipe, or a substitution.
describe("known output feeds the next command", () => {
  test("echo into a shell is judged as the command it prints", () => {
    expect(commandNamed("echo 'rm -rf ~' | sh", "rm").paths).toEqual([SHELL_HOME]);
  });

  test("echo -e decodes every escape bash does: hex, octal, unicode", () => {
    for (const escaped of ["rm\\x20-rf ~", "rm\\0040-rf ~", "rm\\u0020-rf ~", "rm\\U00000020-rf ~", "r\\x6d -rf ~"]) {
      expect(commandNamed(`echo -e '${escaped}' | bash`, "rm").paths).toEqual([SHELL_HOME]);
    }
  });

  test("under the default policy, rm -rf ~ spelt with escapes into a shell is stopped", () => {
    for (const escaped of ["rm\\x20-rf ~", "rm\\0040-rf ~", "rm\\u0020-rf ~"]) expect(isStopped(`echo -e '${escaped}' | bash`)).toBe(true);
  });

  test("echo -n drops the newline; \\c ends the output", () => {
    expect(commandNamed("X=$(echo -n /etc); rm -r $X", "rm").paths).toEqual(["/etc"]);
    expect(commandNamed("echo -e 'rm -rf /srv\\c; rm -rf ~' | sh", "rm").paths).toEqual(["/srv"]);
  });

  test("an escape beyond Unicode stays as written instead of failing the analysis", () => {
    expect(commandsOf("echo -e '\\U7fffffff' | sh").map((command) => command.name)).toEqual(["echo", "sh", "u7fffffff"]);
  });

  test("printf decodes octal escapes in its format and %b in its values", () => {
    expect(commandNamed("printf 'rm\\040-rf ~' | sh", "rm").paths).toEqual([SHELL_HOME]);
    expect(commandNamed("printf '%b' 'rm\\x20-rf ~' | sh", "rm").paths).toEqual([SHELL_HOME]);
  });

  test("printf -- takes the next word as its format (one that starts with a dash, a YAML list)", () => {
    expect(commandNamed("printf -- 'rm -rf /srv\\n' | sh", "rm").paths).toEqual(["/srv"]);
    expect(isStopped("printf -- 'rm -rf ~\\n' > x.sh && bash x.sh")).toBe(true);
  });

  test("printf with %s fills its slots, and repeats the format for more values", () => {
    expect(commandNamed("printf 'rm -rf %s\\n' /srv | sh", "rm").paths).toEqual(["/srv"]);
  });

  test("printf with a format it does not follow gives unknown output", () => {
    const rm = commandsOf("rm -r $(printf '%d' 5)").find((command) => command.name === "rm");
    expect(rm?.dynamicArgs).toBe(true);
  });

  test("pwd prints where cd went", () => {
    expect(commandNamed("cd /srv && rm -r $(pwd)", "rm").paths).toEqual(["/srv"]);
  });

  test("cat of a heredoc feeds its text", () => {
    expect(commandNamed("cat <<EOF | sh\nrm -rf /opt\nEOF", "rm").paths).toEqual(["/opt"]);
  });

  test("dirname and basename print a known path's parts, as coreutils does", () => {
    expect(commandNamed('cd "$(dirname scripts/clean.sh)/.." && rm -rf dist', "rm").paths).toEqual(["dist"]);
    expect(commandNamed('rm -rf "$(dirname /srv/app/run.sh)"', "rm").paths).toEqual(["/srv/app"]);
    expect(commandNamed('rm -rf "/srv/$(basename /x/y/)"', "rm").paths).toEqual(["/srv/y"]);
    expect(commandNamed('rm -rf "$(dirname run.sh)/dist"', "rm").paths).toEqual(["dist"]);
    expect(commandNamed('rm -rf "$(dirname /)x"', "rm").paths).toEqual(["/x"]);
  });

  test("with an option (basename -s, dirname -z) the output is not followed", () => {
    expect(commandNamed('rm -rf "$(basename -s .sh a/b.sh)"', "rm").dynamicArgs).toBe(true);
  });

  test("cd prints nothing, so `$(cd DIR && pwd)` is DIR; `cd -` prints the place and is not followed", () => {
    expect(commandNamed('rm -rf "$(cd /srv/app && pwd)/cache"', "rm").paths).toEqual(["/srv/app/cache"]);
    expect(commandNamed('rm -rf "$(cd - && pwd)"', "rm").dynamicArgs).toBe(true);
  });

  test("a script run by its path knows its $0 and $BASH_SOURCE: where it lies decides where it goes", () => {
    const project = (script: string) => `cat > scripts/clean.sh <<'EOF'\n${script}\nEOF\nbash scripts/clean.sh`;
    expect(commandNamed(project('cd "$(dirname "$0")/.."\nrm -rf dist'), "rm").paths).toEqual(["dist"]);
    expect(commandNamed(project('cd "${0%/*}/.."\nrm -rf dist'), "rm").paths).toEqual(["dist"]);
    expect(commandNamed(project('cd "$(dirname "${BASH_SOURCE[0]}")/../.."\nrm -rf dist'), "rm").paths).toEqual(["../dist"]);
    expect(commandNamed(project('rm -rf "$1/"'), "rm").paths).toEqual(["/"]);
  });
});
