// Including files: relative to the including file, ~, globs; the order that
// breaks ties; each file once; cycles, missing files and broken included
// files reported where they are, with the include that brought them in.
import { describe, expect, test } from "bun:test";
import { decide } from "../../../support/decide.ts";
import { loadFrom } from "../../../support/memory-files.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const blocks = (command: string, extra = "") =>
  `version = 1\n${extra}\n[[rule]]\nid = "no-${command}"\nwhen = { command = "${command}" }\ndecision = "block"\nreason = "${command} is off"\n`;

describe("what an include brings in", () => {
  test("a file relative to the including file, one under ~, and the files a glob matches, in order", () => {
    const loaded = loadFrom({
      "/p/policy.toml": blocks("alpha", 'include = ["team.toml", "~/mine.toml", "more/*.toml", "builtin:git"]'),
      "/p/team.toml": blocks("beta"),
      "/home/ada/mine.toml": blocks("gamma"),
      "/p/more/b.toml": blocks("epsilon"),
      "/p/more/a.toml": blocks("delta"),
    });
    if (!loaded.ok) throw new Error(loaded.problems.join("\n"));
    expect(loaded.policy.files.map((file) => file.source)).toEqual(["/p/policy.toml", "/p/team.toml", "/home/ada/mine.toml", "/p/more/a.toml", "/p/more/b.toml", "builtin:git"]);
    expect(loaded.policy.files[1]!.includedFrom).toBe("/p/policy.toml:2");
    for (const command of ["alpha", "beta", "gamma", "delta", "epsilon"]) expect(decide(command, loaded.policy).decision).toBe("block");
    expect(decide("git push --force", loaded.policy).decision).toBe("confirm");
    expect(loaded.watch.files).toEqual(["/p/team.toml", "/home/ada/mine.toml", "/p/more/a.toml", "/p/more/b.toml"]);
    expect(loaded.watch.directories).toEqual(["/p/more"]);
  });

  test("ties go to the including file's rules, then its includes in order (depth first), built-in packs last", () => {
    const confirm = (id: string, message: string) => `\n[[rule]]\nid = "${id}"\nwhen = { command = "git" }\ndecision = "confirm"\nmessage = "${message}"\n`;
    const loaded = loadFrom({
      "/p/policy.toml": `version = 1\ninclude = ["builtin:git", "a.toml", "b.toml"]\n${confirm("mine", "from mine")}`,
      "/p/a.toml": `version = 1\ninclude = ["c.toml"]\n${confirm("from-a", "from a")}`,
      "/p/b.toml": `version = 1\n${confirm("from-b", "from b")}`,
      "/p/c.toml": `version = 1\n${confirm("from-c", "from c")}`,
    });
    if (!loaded.ok) throw new Error(loaded.problems.join("\n"));
    expect(loaded.policy.files.map((file) => file.source)).toEqual(["/p/policy.toml", "/p/a.toml", "/p/c.toml", "/p/b.toml", "builtin:git"]);
    expect(decide("git push --force", loaded.policy).rule).toBe("mine");
  });

  test("a file included twice, or a pack included by two files, is read once", () => {
    const loaded = loadFrom({
      "/p/policy.toml": blocks("alpha", 'include = ["a.toml", "b.toml", "builtin:git"]'),
      "/p/a.toml": blocks("beta", 'include = ["shared.toml", "builtin:git"]'),
      "/p/b.toml": blocks("gamma", 'include = ["./shared.toml"]'),
      "/p/shared.toml": blocks("delta"),
    });
    if (!loaded.ok) throw new Error(loaded.problems.join("\n"));
    expect(loaded.policy.files.map((file) => file.source)).toEqual(["/p/policy.toml", "/p/a.toml", "/p/shared.toml", "/p/b.toml", "builtin:git"]);
  });

  test("two paths to the same file (a link) count as one file", () => {
    const loaded = loadFrom({ "/p/policy.toml": blocks("alpha", 'include = ["a.toml", "link.toml"]'), "/p/a.toml": blocks("beta") }, "/p/policy.toml", {
      "/p/link.toml": "/p/a.toml",
    });
    expect(loaded.ok).toBe(true);
  });
});

describe("what goes wrong, said where it is", () => {
  test("a cycle names every file on it", () => {
    const loaded = loadFrom({ "/p/policy.toml": blocks("alpha", 'include = ["a.toml"]'), "/p/a.toml": blocks("beta", 'include = ["policy.toml"]') });
    expect(loaded.ok).toBe(false);
    expect(loaded.ok ? [] : loaded.problems).toContain("/p/a.toml:2:1: include[1]: include cycle: /p/policy.toml → /p/a.toml → /p/policy.toml (included from /p/policy.toml:2)");
  });

  test("a missing file is an error at the include; a glob that matches nothing is a warning", () => {
    const missing = loadFrom({ "/p/policy.toml": blocks("alpha", 'include = ["nope.toml"]') });
    expect(missing.ok ? [] : missing.problems).toEqual(['/p/policy.toml:2:1: include[1]: "nope.toml": no such file']);
    const empty = loadFrom({ "/p/policy.toml": blocks("alpha", 'include = ["conf.d/*.toml"]') });
    expect(empty.ok).toBe(true);
    expect(empty.warnings).toEqual(['/p/policy.toml:2:1: include[1]: "conf.d/*.toml" matches no file']);
  });

  test("a problem inside an included file names that file and line, and the include", () => {
    const loaded = loadFrom({ "/p/policy.toml": blocks("alpha", 'include = ["team.toml"]'), "/p/team.toml": 'version = 1\n[[rule]]\nid = "x"\ndecision = "blokc"\n' });
    expect(loaded.ok ? [] : loaded.problems.join("\n")).toContain('/p/team.toml:4:1: rule[1] "x": decision: expected one of');
    expect(loaded.ok ? [] : loaded.problems.join("\n")).toContain("(included from /p/policy.toml:2)");
  });

  test("rule ids are unique across files; the message points at the override", () => {
    const loaded = loadFrom({ "/p/policy.toml": blocks("alpha", 'include = ["team.toml"]'), "/p/team.toml": blocks("alpha") });
    expect(loaded.ok ? [] : loaded.problems).toEqual([
      '/p/policy.toml:4:1: rule[1] "no-alpha": id: the id is also used by a rule of /p/team.toml:3; choose another id, or change that rule with [[override]] rules = "no-alpha"',
    ]);
  });

  test("an included file's [defaults] do not apply to calls, and the warning says so", () => {
    const loaded = loadFrom({ "/p/policy.toml": blocks("alpha", 'include = ["team.toml"]'), "/p/team.toml": `${blocks("beta")}\n[defaults]\ndecision = "block"\n` });
    expect(loaded.ok && loaded.policy.defaults.decision).toBe("continue");
    expect(loaded.warnings[0]).toContain("[defaults] of an included file apply only to its own [[test]]s");
  });

  test("a built-in pack cannot include files, and an unknown pack gets a suggestion", () => {
    const loaded = loadFrom({ "/p/policy.toml": 'version = 1\ninclude = ["builtin:gti"]\n' });
    expect(loaded.ok ? [] : loaded.problems[0]).toContain('no built-in pack "gti" (did you mean "builtin:git"?)');
  });
});

describe("limits", () => {
  test("more included files than MAX_POLICY_INCLUDES is an error, not a long load", async () => {
    const { MAX_POLICY_INCLUDES } = await import("../../../../src/limits.ts");
    const files: Record<string, string> = { "/p/policy.toml": 'version = 1\ninclude = ["many/*.toml"]\n' };
    for (let index = 0; index <= MAX_POLICY_INCLUDES; index++) files[`/p/many/${String(index).padStart(3, "0")}.toml`] = blocks(`c${index}`);
    const loaded = loadFrom(files);
    expect(loaded.ok ? [] : loaded.problems).toContain(
      `/p/policy.toml:2:1: include[1]: more than ${MAX_POLICY_INCLUDES} included files; a policy may include at most ${MAX_POLICY_INCLUDES}`,
    );
  });

  test("includes nested deeper than MAX_INCLUDE_DEPTH are an error", async () => {
    const { MAX_INCLUDE_DEPTH } = await import("../../../../src/limits.ts");
    const files: Record<string, string> = { "/p/policy.toml": 'version = 1\ninclude = ["0.toml"]\n' };
    for (let index = 0; index <= MAX_INCLUDE_DEPTH; index++) files[`/p/${index}.toml`] = `version = 1\ninclude = ["${index + 1}.toml"]\n`;
    files[`/p/${MAX_INCLUDE_DEPTH + 1}.toml`] = "version = 1\n";
    const loaded = loadFrom(files);
    expect(loaded.ok ? "" : loaded.problems.join("\n")).toContain(`includes nest deeper than ${MAX_INCLUDE_DEPTH} files`);
  });
});
