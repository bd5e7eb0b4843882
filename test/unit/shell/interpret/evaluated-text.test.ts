// Strings bash evaluates a second time (issue 26, items 2 and 3): arithmetic on
// a value that holds a subscript with `$(…)`, names whose subscript is
// evaluated, prompt strings, PROMPT_COMMAND, `history -s` with `fc -s`,
// exported functions, `hash -p`, `source /dev/stdin` — and `$(…)` written
// plainly inside subscripts, `[[ … ]]`, `(( … ))`, `for (( … ))`, globs and
// braces. Each case was checked in bash 5.2 with a harmless payload (it ran);
// here the payload is `rm -rf ~`, and the rm must be among the commands judged.
import { describe, expect, test } from "bun:test";
import { viewOf } from "../../../support/shell.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const runsRm = (input: string) => viewOf(input).commands.some((command) => command.name === "rm");
const P = "$(rm -rf ~)";

describe("a value bash evaluates as arithmetic runs the $(…) in its subscript", () => {
  test.each([
    `x='a[${P}]'; (( x ))`,
    `x='a[${P}]'; echo $(( x + 1 ))`,
    `x='a[${P}]'; let x`,
    `x='a[${P}]'; let "y = x + 1"`,
    `read x <<< 'a[${P}]'; (( x ))`,
    `printf -v x '%s' 'a[${P}]'; (( x ))`,
    `x='a[${P}]'; test -v "$x"`,
    `test -v 'a[${P}]'`,
    `[[ -v 'a[${P}]' ]]`,
    `x='a[${P}]'; [[ x -eq 1 ]]`,
    `x='a[${P}]'; [ "$x" -eq 1 ]`,
    `x='a[${P}]'; printf '%d' "$x"`,
    `x='a[${P}]'; y=(1 2); echo \${y[x]}`,
    `x='a[${P}]'; a=(1); echo \${a[@]:x}`,
    `x='a[${P}]'; : \${!x}`,
    `x='a[${P}]'; for ((i = 0; i < x; i++)); do :; done`,
    `x='${P}'; (( x ))`,
    `x=y; y='a[${P}]'; (( x ))`,
    `x='1+a[${P}]'; (( $x ))`,
    `a=('b[${P}]'); (( a[0] ))`,
    `declare -i x; x='a[${P}]'`,
    `declare -i x='a[${P}]'`,
    `declare -n r='a[${P}]'; echo $r`,
    `x='a[${P}]'; declare "$x=1"`,
    `x='a[${P}]'; export "$x"`,
    `a=(1 2); unset 'a[${P}]'`,
    `getopts a 'a[${P}]'`,
    `x='a[${P}]'; mapfile -t "$x" <<< 1`,
  ])("%s", (input) => expect(runsRm(input)).toBe(true));
});

describe("other strings bash runs", () => {
  test.each([
    `x='${P}'; echo "\${x@P}"`,
    `PS4='${P}'; set -x; true`,
    `PS1='${P}'`,
    `export PS1='\\u ${P}'`,
    `PROMPT_COMMAND='rm -rf ~'`,
    `PROMPT_COMMAND=('true' 'rm -rf ~')`,
    "history -s 'rm -rf ~'; fc -s",
    "history -s 'rm -rf ~'; fc -s rm",
    "history -s 'ls -rf ~'; fc -s ls=rm",
    "history -s 'rm -rf ~'; fc -e - rm",
    "env 'BASH_FUNC_foo%%=() { rm -rf ~; }' bash -c foo",
    "export 'BASH_FUNC_ls%%=() { rm -rf ~; }'; bash -c ls",
    "env 'BASH_FUNC_foo()=() { rm -rf ~; }' bash -c foo",
    "hash -p /bin/rm ls; ls -rf ~",
    "source /dev/stdin <<< 'rm -rf ~'",
    ". /dev/stdin <<< 'rm -rf ~'",
    "echo 'rm -rf ~' | source /dev/stdin",
    "source /proc/self/fd/0 <<< 'rm -rf ~'",
    `bind -x '"\\C-t": rm -rf ~'`,
    `bind -x '"\\C-t": "rm -rf ~"'`,
    `bind '"\\C-t": "rm -rf ~\\n"'`,
  ])("%s", (input) => expect(runsRm(input)).toBe(true));

  test("fc alone (an editor on the last line, then what is saved runs) cannot be judged", () => {
    expect(viewOf("history -s ls; fc").unresolved.join()).toContain("fc edits a line");
  });

  test("a hashed name whose path only the run knows is a program only known at run time", () => {
    expect(viewOf('hash -p "$P" ls; ls').unresolved.join()).toContain("only known at run time");
  });

  test("a builtin keeps its meaning after hash -p", () => {
    expect(viewOf("hash -p /bin/rm cd; cd ~").commands.some((command) => command.name === "rm")).toBe(false);
  });

  test("piped code that source reads is judged like a shell's", () => {
    expect(viewOf("cat x | source /dev/stdin").unresolved.join()).toContain("reads from a pipe");
  });
});

describe("$(…) written plainly where bash expands it", () => {
  test.each([
    `(( ${P} ))`,
    `(( 1 + ${P} ))`,
    `(( a[${P}] ))`,
    `echo \${a[${P}]}`,
    `a=(1); echo "\${a[${P}]}"`,
    `echo \${!a[${P}]}`,
    `[[ a[${P}] -eq 1 ]]`,
    `[[ a[${P}] == 1 ]]`,
    `[[ -v a[${P}] ]]`,
    `for (( i=${P}; i<1; i++ )); do :; done`,
    `for (( i=0; i<a[${P}]; i++ )); do :; done`,
    `let 'a[${P}]=1'`,
    `echo \${x:${P}}`,
    `echo \${x:a[${P}]}`,
    `echo \${x#${P}}`,
    `echo \${x/${P}/y}`,
    `echo a[${P}]`,
    `echo @(x|${P})`,
    `echo {a,${P}}`,
    `case x in ${P}) ;; esac`,
  ])("%s", (input) => expect(runsRm(input)).toBe(true));
});

describe("everyday arithmetic, tests and prompts are read as before", () => {
  test.each([
    "x=5; (( x > 3 )) && echo big",
    "i=0; let i++; echo $i",
    'for ((i = 0; i < 10; i++)); do echo "$i"; done',
    'n=3; [ "$n" -eq 3 ] && echo three',
    "[[ -v HOME ]] && echo set",
    "printf '%d items\\n' 42",
    "printf -v line '%s-%s' a b; echo $line",
    "read -r name <<< 'ada'; echo $name",
    "PS1='\\u@\\h:\\w\\$ '",
    "export PS1='[\\t] \\W> '",
    "declare -i count=0; count=count+1",
    "history -s 'make test'; fc -s",
    "a=(x y z); echo ${a[1]} ${#a[@]} ${a[@]:1}",
    "x=hello; echo ${x:1:3} ${x#h} ${x/l/L}",
  ])("%s", (input) => {
    const view = viewOf(input);
    expect(view.unresolved).toEqual([]);
    expect(view.commands.some((command) => command.name === "rm")).toBe(false);
  });

  test("a value that names itself stops at the evaluation limit with a reason", () => {
    const chain = Array.from({ length: 20 }, (_, index) => `v${index}=v${index + 1}`).join("; ");
    expect(viewOf(`${chain}; v20='a[${P}]'; (( v0 ))`).unresolved.join()).toContain("evaluated one inside another");
  });
});

describe("a program the input may have put first on PATH", () => {
  const printedWord = (input: string) => viewOf(input).commands.find((command) => command.name === "rm")!.dynamicArgs;
  test("$(whoami) is a name while PATH is the extension's", () => expect(printedWord("rm -rf /tmp/x/$(whoami)")).toBe(false));
  test.each(["PATH=./bin:$PATH; rm -rf /tmp/x/$(whoami)", 'export PATH="$PWD/bin:$PATH"; rm -rf /tmp/x/$(whoami)', "PATH=./bin rm -rf /tmp/x/$(PATH=./bin whoami)"])(
    "%s: what it prints is only known at run time",
    (input) => expect(printedWord(input)).toBe(true),
  );
});
