// Where a path lies: project_roots and the event's project root make every
// built-in "inside the project" hold for `cd <root> && …` and for absolute
// paths inside a root, and make a relative pattern match the relative, `./`
// and absolute spellings of one file — while a root itself, what holds it,
// and home stay protected.
import { describe, expect, test } from "bun:test";
import type { PolicyEvent } from "../../../../src/policy/engine/event.ts";
import { eventOf } from "../../../../src/policy/engine/event-of.ts";
import { decide, policyOf } from "../../../support/decide.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const withRoots = policyOf(`version = 1\ninclude = ["builtin:destructive-fs"]\n[defaults]\nproject_roots = ["~/code/*"]\n`);
const withoutRoots = policyOf(`version = 1\ninclude = ["builtin:destructive-fs"]\n`);

function inProject(command: string, projectRoot: string, policy = withoutRoots): PolicyEvent {
  const event = eventOf(policy, { hook: "before_tool_call", tool: "bash", input: command });
  return { ...(event as Extract<PolicyEvent, { hook: "before_tool_call" }>), projectRoot };
}

describe("project_roots", () => {
  test("cleanups inside a project pass, spelled with cd, ~ or an absolute path", () => {
    for (const command of [
      "cd ~/code/webapp && rm -rf build",
      "rm -rf ~/code/webapp/dist",
      "rm -rf /home/ada/code/webapp/node_modules",
      "cd ~/code/webapp/packages && rm -rf a/dist",
    ]) {
      expect(decide(command, withRoots).decision).toBe("continue");
      expect(decide(command, withoutRoots).decision).toBe("block");
    }
  });

  test("a root itself, what holds it, its hidden or .git directories and home stay blocked", () => {
    for (const command of [
      "rm -rf ~/code",
      "rm -rf ~/code/webapp",
      "cd ~/code/webapp && rm -rf .",
      "rm -rf ~/code/webapp/.git",
      "rm -rf ~",
      "rm -rf ~/code/*",
      "cd ~/code/webapp && rm -rf ..",
    ]) {
      expect(decide(command, withRoots).decision).toBe("block");
    }
  });

  test("a pattern inside a project is judged as the pattern relative to it", () => {
    expect(decide("rm -rf ~/code/webapp/dist/*", withRoots).decision).toBe("continue");
    expect(decide("rm -rf ~/code/webapp/*", withRoots).decision).toBe("block");
  });
});

describe("the project root of the call", () => {
  test("absolute paths inside it are in the project; relative ones stay in it", () => {
    expect(decide(inProject("rm -rf /home/ada/work/app/build", "/home/ada/work/app"), withoutRoots).decision).toBe("continue");
    expect(decide(inProject("rm -rf build", "/home/ada/work/app"), withoutRoots).decision).toBe("continue");
    expect(decide(inProject("rm -rf /home/ada/work/app", "/home/ada/work/app"), withoutRoots).decision).toBe("block");
    expect(decide(inProject("rm -rf /home/ada/work", "/home/ada/work/app"), withoutRoots).decision).toBe("block");
  });
});

describe("a project below /srv, /opt or /var", () => {
  test("its own files are its own, not system files", () => {
    for (const root of ["/srv/shop", "/opt/app", "/var/www/html", "/var/lib/jenkins/workspace/api"])
      for (const command of ["rm -rf dist", "rm -f *.log", "rm -f tmp/cache.db", `rm -rf ${root}/build`, "rm -rf .next .pytest_cache/", "rm -rf node_modules/.cache .next build/"])
        expect([root, command, decide(inProject(command, root), withoutRoots).decision]).toEqual([root, command, "continue"]);
  });

  test("what lies around it, its hidden entries and paths climbing out stay stopped", () => {
    // The same where the project is home itself: its dot-files are the user's configuration.
    for (const root of ["/srv/shop", "/home/ada"])
      for (const command of ["rm -rf ../other", "rm -rf build/../../etc", "rm -f .bashrc", "rm -rf .ssh", "rm -rf /srv/data", "rm -f /srv/shop.conf"])
        expect([root, command, decide(inProject(command, root), withoutRoots).decision]).toEqual([root, command, "block"]);
  });

  test("the system's own directories and a top-level directory are never a project: a relative name there is the system file", () => {
    for (const root of ["/etc", "/usr/local/lib", "/srv", "/opt", "/var"])
      for (const command of ["rm -f passwd", "rm -rf ssh"]) expect([root, command, decide(inProject(command, root), withoutRoots).decision]).toEqual([root, command, "block"]);
  });
});

describe("relative path patterns", () => {
  const rule = (paths: string) =>
    policyOf(`version = 1\n[[rule]]\nid = "prod"\ntool = ["bash", "read"]\nwhen = { paths = [${paths}] }\ndecision = "block"\nreason = "prod infra"\n`);

  test("./x/** and x/** mean the same, and match the relative, ./ and absolute spellings inside the project", () => {
    for (const pattern of ['"./infra/prod/**"', '"infra/prod/**"']) {
      const policy = rule(pattern);
      expect(decide("cat infra/prod/main.tf", policy).decision).toBe("block");
      expect(decide("cat ./infra/prod/main.tf", policy).decision).toBe("block");
      expect(decide({ tool: "read", input: "./infra/prod/main.tf" }, policy).decision).toBe("block");
      expect(decide(inProject("cat /home/ada/code/webapp/infra/prod/main.tf", "/home/ada/code/webapp", policy), policy).decision).toBe("block");
      expect(decide("cat infra/staging/main.tf", policy).decision).toBe("continue");
    }
  });

  test("an absolute pattern matches a relative path when the project root is known", () => {
    const policy = rule('"~/code/webapp/infra/prod/**"');
    expect(decide(inProject("cat infra/prod/main.tf", "/home/ada/code/webapp", policy), policy).decision).toBe("block");
    expect(decide(inProject("cat infra/prod/main.tf", "/home/ada/code/other", policy), policy).decision).toBe("continue");
  });
});

describe("a project under home", () => {
  const everyday = policyOf(undefined);

  test("a relative pattern is the project's files, though it could name one starting with ~", () => {
    for (const command of ["rm -f *.log npm-debug.log*", "find . -name '*.orig' -print0 | xargs -0 rm -f", "sed -i 's/a/b/' *.md", "truncate -s 0 *.log"])
      expect([command, decide(inProject(command, "/home/ada/work/app"), everyday).decision]).toEqual([command, "continue"]);
  });

  test("the same patterns in another project or the documents are still asked", () => {
    for (const command of ["rm -f ~/work/api/*.log", "rm -f ../api/*.log", "sed -i 's/a/b/' ~/Documents/*.md", "find ~/work/api -name '*.orig' | xargs rm -f"])
      expect([command, decide(inProject(command, "/home/ada/work/app"), everyday).decision]).toEqual([command, "confirm"]);
  });
});
