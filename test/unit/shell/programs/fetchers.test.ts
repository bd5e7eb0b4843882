// Where a transfer program puts what it fetched from elsewhere: the destination of a remote source, never a local copy's.
import { describe, expect, test } from "bun:test";
import { fetchDestination } from "../../../../src/shell/programs/fetchers.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const args = (subcommand: string[], positional: string[], words = [...subcommand, ...positional]) => ({ subcommand, positional, words });

describe("fetch destinations", () => {
  test("a remote source lands at the last operand; a local one, or a remote destination, lands nowhere here", () => {
    const cases: [string, ReturnType<typeof args>, string | undefined][] = [
      ["scp", args([], ["u@host.example:/x/a.sh", "b.sh"]), "b.sh"],
      ["scp", args([], ["host:a", "host:b", "dir/"]), "dir/"],
      ["scp", args([], ["./a.sh", "u@host.example:/tmp/"]), undefined],
      ["scp", args([], ["/etc/x:y", "z"]), undefined],
      ["scp", args([], ["a:x", "b:y"]), undefined],
      ["rsync", args([], ["rsync://mirror.example/pub/", "pub"]), "pub"],
      ["aws", args(["s3", "cp"], ["s3://b/k.py", "k.py"]), "k.py"],
      ["aws", args(["s3", "cp"], ["k.py", "s3://b/k.py"]), undefined],
      ["aws", args(["s3", "ls"], ["s3://b/", "x"]), undefined],
      ["gsutil", args(["cp"], ["gs://b/o", "o"]), "o"],
      ["rclone", args(["copyurl"], ["https://cdn.example/t.sh", "t.sh"]), "t.sh"],
      ["scp", args([], ["only-one:x"]), undefined],
    ];
    for (const [name, given, expected] of cases) expect([name, given.positional, fetchDestination(name, given)]).toEqual([name, given.positional, expected]);
  });

  test("a release or artifact pull lands in its directory option, else the working directory", () => {
    expect(fetchDestination("gh", args(["release", "download"], ["v1"], ["release", "download", "v1", "-D", "dl"]))).toBe("dl");
    expect(fetchDestination("glab", args(["release", "download"], ["v1"]))).toBe(".");
    // No spec here: the subcommand is read from the leading words, the option from the words as written.
    expect(fetchDestination("oras", args([], ["pull", "reg.example/a:1"], ["pull", "reg.example/a:1", "--output=out"]))).toBe("out");
    expect(fetchDestination("oras", args([], ["push", "reg.example/a:1"]))).toBeUndefined();
    expect(fetchDestination("tar", args([], ["a", "b"]))).toBeUndefined();
  });
});
