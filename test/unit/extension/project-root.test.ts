import { describe, expect, test } from "bun:test";
import { realpathSync } from "node:fs";
import { hostWorkingDirectory, ProjectRootFinder } from "../../../src/extension/project-root.ts";
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
