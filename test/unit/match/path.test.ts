import { describe, expect, test } from "bun:test";
import { expandHome, normalizePath } from "../../../src/match/path.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

const HOME = "/home/ada";

describe("expandHome", () => {
  test("~ and ~/x are the home directory; ~user and a ~ later in the path are not", () => {
    expect(expandHome("~", HOME)).toBe(HOME);
    expect(expandHome("~/x", HOME)).toBe(`${HOME}/x`);
    expect(expandHome("~bob/x", HOME)).toBe("~bob/x");
    expect(expandHome("a/~/x", HOME)).toBe("a/~/x");
  });
});

describe("normalizePath", () => {
  test(".., . and // fold; a trailing slash goes", () => {
    expect(normalizePath("/etc//ssh/./../hosts/", HOME)).toBe("/etc/hosts");
  });

  test("a relative path resolves against a known directory, and stays relative without one", () => {
    expect(normalizePath("../x", HOME, "/srv/app")).toBe("/srv/x");
    expect(normalizePath("./src/../lib", HOME)).toBe("lib");
  });

  test("a path through a process's root link is the path it reaches", () => {
    expect(normalizePath("/proc/1/root/etc/shadow", HOME)).toBe("/etc/shadow");
    expect(normalizePath("/proc/self/root/", HOME)).toBe("/");
    expect(normalizePath("root/home/ada/.ssh/id_rsa", HOME, "/proc/4242")).toBe("/home/ada/.ssh/id_rsa");
    expect(normalizePath("/proc/1/rootfs/x", HOME)).toBe("/proc/1/rootfs/x");
    expect(normalizePath("/proc/812/task/815/root/etc/gshadow", HOME)).toBe("/etc/gshadow");
    expect(normalizePath("/proc/1/environ", HOME)).toBe("/proc/1/environ");
  });

  test("the root stays the root", () => {
    expect(normalizePath("/", HOME)).toBe("/");
    expect(normalizePath("/..", HOME)).toBe("/");
  });

  test("a URL or nothing is not a path", () => {
    expect(normalizePath("https://example.com/x", HOME)).toBeUndefined();
    expect(normalizePath("", HOME)).toBeUndefined();
  });
});
