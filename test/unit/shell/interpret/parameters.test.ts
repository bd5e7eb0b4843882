// Arrays, positional parameters and $IFS as the interpreter follows them
// (assignments, set/shift, declare/local/read, functions and bash -c): the
// command each input really runs, and the default policy's decision on it.
// The red team ran `cmd=(rm -rf ~); "${cmd[@]}"` as one program named
// "rm -rf /home/ada"; these are our own cases of the same classes.
import { describe, expect, test } from "bun:test";
import { commandNamed, commandsOf, viewOf } from "../../../support/shell.ts";
import { decide } from "../../../support/decide.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const stopped = (cases: string[]) =>
  test.each(cases)("%s is stopped", (input) => {
    expect(["block", "confirm"]).toContain(decide(input).decision);
  });
const passed = (cases: string[]) =>
  test.each(cases)("%s passes", (input) => {
    expect(decide(input).decision).toBe("continue");
  });
const rm = (input: string) => {
  const command = commandNamed(input, "rm");
  return [command.program, ...command.args].join(" ");
};

describe("arrays: each element is a word of its own", () => {
  test("an array run as a command is its elements, not one program name", () => {
    expect(rm('a=(rm -rf ~); "${a[@]}"')).toBe("rm -rf /home/ada");
    expect(rm("cmd=(/bin/rm -r -f /etc); ${cmd[*]}")).toBe("/bin/rm -r -f /etc");
    expect(rm('x=(echo rm -rf /srv); "${x[@]:1}"')).toBe("rm -rf /srv");
  });

  test("A+=(…), A[i]=…, declare -a and local -a build the array", () => {
    expect(rm('a=(rm); a+=(-rf "$HOME"); "${a[@]}"')).toBe("rm -rf /home/ada");
    expect(rm('a[0]=rm; a[1]=-rf; a[2]=/opt; "${a[@]}"')).toBe("rm -rf /opt");
    expect(rm('declare -a args=(-rf /var/lib); rm "${args[@]}"')).toBe("rm -rf /var/lib");
    expect(rm('f() { local -a t=("$@"); rm -rf "${t[@]}"; }; f /usr/share')).toBe("rm -rf /usr/share");
  });

  test("$A is element 0, as bash has it", () => {
    expect(commandsOf("a=(ls -la ~); $a").map((command) => [command.name, ...command.args].join(" "))).toEqual(["ls"]);
  });

  test("an array read at run time is unknown: as a program, unresolved", () => {
    expect(viewOf('read -ra cmd; "${cmd[@]}"').unresolved.join()).toContain("only known at run time");
    expect(viewOf('mapfile -t cmd < list; "${cmd[@]}"').unresolved.join()).toContain("only known at run time");
    expect(viewOf('a=(ls); read -a a; "${a[@]}"').unresolved.join()).toContain("only known at run time");
  });

  stopped([
    'cmd=(rm -rf ~); "${cmd[@]}"',
    'del=(rm -r -f); "${del[@]}" /etc/nginx',
    'parts=(sudo rm -rf /var/www); "${parts[@]}"',
    'c=(bash -c "rm -rf ~"); "${c[@]}"',
    'a=(git push --force origin main); "${a[@]}"',
    'targets=(~/.ssh ~/.aws); rm -rf "${targets[@]}"',
    'opts=(-rf); opts+=("$HOME"); rm "${opts[@]}"',
  ]);
  passed([
    'files=(dist build); rm -rf "${files[@]}"',
    'args=(-la src); ls "${args[@]}"',
    'cmd=(npm run build); "${cmd[@]}"',
    'tests=(a.test.ts b.test.ts); bun test "${tests[@]}"',
  ]);
});

describe("positional parameters", () => {
  test("set -- and $@ / $* / $1, without $0", () => {
    expect(rm('set -- rm -rf ~; "$@"')).toBe("rm -rf /home/ada");
    expect(rm("set -- rm -rf /srv; $*")).toBe("rm -rf /srv");
    expect(rm('set -- /opt; rm -rf "$1"')).toBe("rm -rf /opt");
  });

  test('set a b (no --), set -- "$@" x, shift and shift N', () => {
    expect(rm('set rm -rf /etc; "$@"')).toBe("rm -rf /etc");
    expect(rm('set -- rm; set -- "$@" -rf /boot; "$@"')).toBe("rm -rf /boot");
    expect(rm('set -- x y rm -rf /lib; shift 2; "$@"')).toBe("rm -rf /lib");
  });

  test("set -e, set -o pipefail and set -euo pipefail change options, not parameters", () => {
    expect(viewOf('set -euo pipefail; "$@"').unresolved.join()).toContain("only known at run time");
    expect(rm('set -- rm -rf /srv; set -e; set -o pipefail; "$@"')).toBe("rm -rf /srv");
  });

  test("in functions: the call's arguments, shift, and for x (without a list) over $1 …", () => {
    expect(rm('run() { "$@"; }; run rm -rf ~')).toBe("rm -rf /home/ada");
    expect(rm('f() { local c=$1; shift; $c "$@"; }; f rm -rf /var')).toBe("rm -rf /var");
    expect(rm('f() { for d; do rm -rf "$d"; done; }; f /etc')).toBe("rm -rf /etc");
  });

  test("bash -c CODE NAME ARGS: every word after the code is $0 $1 … (options included)", () => {
    expect(rm("bash -c '\"$@\"' _ rm -rf ~")).toBe("rm -rf /home/ada");
    expect(rm("sh -c 'rm -rf \"$1\"' sh /usr")).toBe("rm -rf /usr");
    expect(viewOf("bash -c '\"$@\"'").commands.map((command) => command.name)).toEqual(["bash"]);
  });

  stopped([
    'set -- rm -rf ~; "$@"',
    'set -- -rf /; rm "$@"',
    'run() { "$@"; }; run rm -rf ~/projects',
    'f() { shift; "$@"; }; f x chmod -R 777 /etc',
    'xargs_like() { "$@" /home/ada; }; xargs_like rm -rf',
    "bash -c 'exec \"$@\"' bash rm -rf /",
  ]);
  passed(['set -- src docs; ls "$@"', 'build() { "$@"; }; build make -j4', 'set -- build dist; rm -rf "$@"']);
});

describe("$IFS", () => {
  test("a known IFS splits unquoted expansions where it says", () => {
    expect(rm('IFS=,; c="rm,-rf,/home/ada"; $c')).toBe("rm -rf /home/ada");
    expect(rm("IFS=:; p=rm:-rf:/srv; $p")).toBe("rm -rf /srv");
    expect(rm("IFS=$'\\n'; x=$'rm\\n-rf\\n/opt'; $x")).toBe("rm -rf /opt");
  });

  test("restored, unset or made local, it splits on blanks again", () => {
    expect(rm('OLD=$IFS; IFS=,; IFS=$OLD; c="rm -rf /srv"; $c')).toBe("rm -rf /srv");
    expect(rm('IFS=,; unset IFS; c="rm -rf /srv"; $c')).toBe("rm -rf /srv");
    expect(rm('f() { local IFS=,; :; }; f; c="rm -rf /srv"; $c')).toBe("rm -rf /srv");
    expect(rm('IFS=,; f() { local IFS; c="rm -rf /srv"; $c; }; f')).toBe("rm -rf /srv");
  });

  test("IFS= on a command's line is that command's only (IFS=: read …)", () => {
    expect(rm('IFS=: read -r a b < f; c="rm -rf /srv"; $c')).toBe("rm -rf /srv");
  });

  test("an IFS only the run knows leaves unquoted expansions unknown", () => {
    expect(viewOf('IFS=$1; c="rm -rf /"; $c').unresolved.join()).toContain("only known at run time");
    expect(viewOf('read -r IFS; c="ls -la"; $c').unresolved.join()).toContain("only known at run time");
  });

  stopped(['IFS=,; cmd="rm,-rf,/home/ada"; $cmd', "IFS=_; c=rm_-rf_/etc; $c", 'IFS=/; p="rm/-rf"; $p ~', 'IFS="$SEP"; c="rm -rf /"; $c']);
  passed(['IFS=,; for f in a,b,c; do echo "$f"; done', 'IFS=: read -r user _ <<< "$line"; echo "$user"', 'IFS=,; c="ls,-la"; $c']);
});
