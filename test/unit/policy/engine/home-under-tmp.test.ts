// With HOME under /tmp (issue 26.10), the temp exceptions of the built-in packs
// must not cover home: `!~` leaves out home and every folder that holds it,
// so `rm -rf /tmp/*` (which deletes /tmp/home) is judged as deleting home.
import { describe, expect, test } from "bun:test";
import { decide, policyOf } from "../../../support/decide.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const policy = policyOf(undefined, "/tmp/home/ada");

describe("HOME under /tmp", () => {
  test.each(["rm -rf /tmp/home", "rm -rf /tmp/*", "rm -rf /tmp/h*", "rm -rf /tmp/home/", "cd /tmp && rm -rf home", "rm -r /tmp/*/", "rm -rf /tmp/ho?e", "rm -rf ~"])(
    "%s deletes home: blocked",
    (input) => expect(decide(input, policy).decision).toBe("block"),
  );

  test.each(["rm -rf /tmp/build", "rm -rf /tmp/tmp.x1y2", "rm -rf build"])("%s is a temp or project path: continues", (input) => {
    expect(decide(input, policy).decision).toBe("continue");
  });

  test("with HOME elsewhere, /tmp/* is a temp path as before", () => {
    expect(decide("rm -rf /tmp/*").decision).toBe("continue");
  });
});
