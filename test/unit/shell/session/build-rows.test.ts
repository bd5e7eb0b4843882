// Build and task runners whose project file says what runs: each format's
// reader finds the commands of the target the command names (after its
// dependencies), or the default target's, and nothing of the targets not run.
import { describe, expect, test } from "bun:test";
import { neededBy, ranFrom, withListings } from "../../../support/project-view.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const q = (line: string) => JSON.stringify(line);

const ran = (input: string, files: Record<string, string>) => ranFrom(input, withListings(input, files)).join("\n");

/** Each runner: the command, and the files that make the target it runs run `line` (and a target it does not run `other`). */
const RUNNERS: ReadonlyArray<{ run: string; files: (line: string, other: string) => Record<string, string> }> = [
  {
    run: "mask release",
    files: (line, other) => ({ "maskfile.md": `# Tasks\n\n## lint\n\n\`\`\`sh\n${other}\n\`\`\`\n\n## release\n\n> Ships it\n\n\`\`\`bash\n${line}\n\`\`\`\n` }),
  },
  { run: "pixi run ci", files: (line, other) => ({ "pixi.toml": `[tasks]\nsetup = ${q(line)}\nci = { cmd = "pytest", depends-on = ["setup"] }\nother = ${q(other)}\n` }) },
  {
    run: "rye run all",
    files: (line, other) => ({ "pyproject.toml": `[tool.rye.scripts]\nfirst = { cmd = ["sh", "-c", ${q(line)}] }\nall = { chain = ["first"] }\nunused = ${q(other)}\n` }),
  },
  {
    run: "moon run web:check",
    files: (line, other) => ({ "apps/web/moon.yml": `tasks:\n  check:\n    command: sh\n    args: ["-c", ${q(line)}]\n  deploy:\n    script: ${q(other)}\n` }),
  },
  {
    run: "ant -f ci/build.xml package",
    files: (line, other) => ({
      "ci/build.xml": `<project default="clean">\n  <target name="clean"><exec command="${other}"/></target>\n  <target name="compile"><exec executable="sh"><arg value="-c"/><arg value="${line}"/></exec></target>\n  <target name="package" depends="compile"/>\n</project>\n`,
    }),
  },
  { run: "redo out/site", files: (line) => ({ "out/site.do": `${line}\n` }) },
  { run: "tup", files: (line) => ({ "src/Tupfile": `: |> ${line} |> stamp\n` }) },
  {
    run: "ninja -C build docs",
    files: (line, other) => ({
      "build/build.ninja": `rule sh\n  command = $cmd\nrule docs\n  command = ${line}\nrule pkg\n  command = ${other}\nbuild docs: docs\nbuild pkg: pkg\n`,
    }),
  },
  { run: "dune test", files: (line) => ({ "test/dune": `(rule\n (alias runtest)\n (action (run sh -c ${q(line)})))\n` }) },
  { run: "dotnet cake ci.cake", files: (line) => ({ "ci.cake": `Task("Ci").Does(() => {\n    StartProcess("sh", ${q(`-c "${line}"`)});\n});\n` }) },
  { run: "pwsh -c 'Invoke-psake build.ps1'", files: (line) => ({ "build.ps1": `Task default -Depends Test\nTask Test {\n    exec { sh -c ${q(line)} }\n}\n` }) },
  { run: "python3 waf build", files: (line) => ({ wscript: `import os\n\ndef build(bld):\n    os.system(${q(line)})\n` }) },
];

describe("build and task runners' project files", () => {
  test("the target run is read, harmful and harmless alike; a target not run is not", () => {
    const missed: string[] = [];
    for (const runner of RUNNERS) {
      for (const line of ["rm -rf /home/ada/work", "mkdir -p build/cache"]) {
        const text = ran(runner.run, runner.files(line, "shred -u /home/ada/notes.txt"));
        const expected = line.startsWith("rm") ? "rm /home/ada/work" : "mkdir build/cache";
        if (!text.includes(expected) || text.includes("shred")) missed.push(`${runner.run}: ${line} → ${text}`);
      }
    }
    expect(missed).toEqual([]);
  });

  test("no target: the default (ant's default attribute, ninja's default statements, redo's all)", () => {
    const ant = ran("ant", {
      "build.xml":
        '<project default="dist"><target name="dist"><exec executable="make"><arg line="dist docs"/></exec></target><target name="x"><exec command="rm -rf /"/></target></project>',
    });
    expect(ant).toContain("make dist docs");
    expect(ant).not.toContain("rm /");
    const ninja = ran("ninja", { "build.ninja": "rule a\n  command = touch $out\nrule b\n  command = rm -rf /srv\nbuild one: a\nbuild two: b\ndefault one\n" });
    expect(ninja).toContain("touch one");
    expect(ninja).not.toContain("rm /srv");
    expect(neededBy("redo")).toContain("all.do?");
  });

  test("a mask command with no name, help or a tool subcommand reads nothing", () => {
    expect(neededBy("mask --help")).not.toContain("maskfile.md?");
    expect(neededBy("ninja -t clean").join(" ")).not.toContain("build.ninja");
    expect(neededBy("tup init").join(" ")).not.toContain("Tupfile");
    expect(neededBy("pwsh -c Get-ChildItem").join(" ")).not.toContain("psakefile");
  });
});

describe("dune test runs its test stanzas' executables", () => {
  const project = (code: string) => ({
    "dune-project": "(lang dune 3.0)\n",
    "test/dune": "(test (name t))\n",
    "test/t.ml": code,
    "lib/dune": "(tests\n (names a b))\n",
    "lib/a.ml": "let () = ()\n",
    "lib/b.ml": code,
  });
  test.each(["dune test", "dune runtest", "dune build @runtest"])("%s reads each test module as the OCaml it is", (line) => {
    expect(ranFrom(line, withListings(line, project('let () = ignore (Sys.command "rm -rf $HOME/work")\n')))).toContain("rm /home/ada/work");
  });
  test("a harmless test, and a build that runs no tests, run nothing harmful", () => {
    expect(ranFrom("dune test", withListings("dune test", project("let () = assert (1 + 1 = 2)\n"))).filter((name) => name.startsWith("rm"))).toEqual([]);
    expect(ranFrom("dune build", withListings("dune build", project('let () = ignore (Sys.command "rm -rf $HOME/work")\n')))).not.toContain("rm /home/ada/work");
  });
});
