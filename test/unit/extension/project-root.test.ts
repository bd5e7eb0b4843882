import { describe, expect, test } from "bun:test";
import { realpathSync } from "node:fs";
import { hostWorkingDirectory, lsofCwdOf, ProjectRootFinder } from "../../../src/extension/project-root.ts";
import { sharedDirectory } from "../../../src/session/shared-directory.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

describe("finding the project", () => {
  test.if(process.platform === "linux")("on Linux the host's working directory is read from /proc/<pid>/cwd", () => {
    expect(hostWorkingDirectory(process.pid)).toBe(realpathSync(process.cwd()));
  });

  test("a platform that does not show it gives nothing", () => {
    expect(hostWorkingDirectory(process.pid, "aix")).toBeUndefined();
  });

  test("the host's directory first, then the setting, then the directory the write paths share", () => {
    const paths = () => ["/w/app/src/a.ts", "/w/app/test/b.ts"];
    expect(new ProjectRootFinder({ host: "/h", setting: "/s", home: "/home/ada" }).find(paths)).toEqual({ path: "/h", source: "host working directory" });
    expect(new ProjectRootFinder({ host: undefined, setting: "~/code/app", home: "/home/ada" }).find(paths)).toEqual({
      path: "/home/ada/code/app",
      source: "project_root setting",
    });
    expect(new ProjectRootFinder({ host: undefined, setting: undefined, home: "/home/ada" }).find(paths)).toEqual({ path: "/w/app", source: "write paths" });
    expect(new ProjectRootFinder({ host: undefined, setting: undefined, home: "/home/ada" }).find(() => [])).toBeUndefined();
  });

  test("write paths that share only / or the home directory name no project", () => {
    expect(sharedDirectory(["/a/x", "/b/y"], "/home/ada")).toBeUndefined();
    expect(sharedDirectory(["/home/ada/a/x", "/home/ada/b/y"], "/home/ada")).toBeUndefined();
    expect(sharedDirectory(["/home/ada/app/x", "/home/ada/app/y/z"], "/home/ada")).toBe("/home/ada/app");
    expect(sharedDirectory(["/home/ada/app/x"], "/home/ada")).toBeUndefined();
  });
});

// macOS asks lsof (not run here: this is Linux); what it prints is parsed by lsofCwdOf.
describe("the macOS root finder's reading of lsof -Fn output", () => {
  test("the name after the cwd descriptor, whatever fields come before", () => {
    expect(lsofCwdOf("p4242\nfcwd\nn/Users/ada/work/app\n")).toBe("/Users/ada/work/app");
    expect(lsofCwdOf("p4242\nfcwd\ntDIR\nn/Users/ada/My Projects/app\n")).toBe("/Users/ada/My Projects/app");
    expect(lsofCwdOf("p4242\nftxt\nn/usr/bin/node\nfcwd\nn/Users/ada/app\n")).toBe("/Users/ada/app");
  });
  test("lsof's escapes are put back, \\x bytes decoded as UTF-8 with the text around them", () => {
    expect(lsofCwdOf("p1\nfcwd\nn/Users/ada/odd\\nname\n")).toBe("/Users/ada/odd\nname");
    expect(lsofCwdOf("p1\nfcwd\nn/Users/ada/caf\\xc3\\xa9\n")).toBe("/Users/ada/café");
    expect(lsofCwdOf("p1\nfcwd\nn/Users/ada/café/a\\\\b\n")).toBe("/Users/ada/café/a\\b");
  });
  test("no cwd in the output (the process is gone, lsof refused): nothing", () => {
    expect(lsofCwdOf("")).toBeUndefined();
    expect(lsofCwdOf("p4242\nftxt\nn/usr/bin/node\n")).toBeUndefined();
  });
});
