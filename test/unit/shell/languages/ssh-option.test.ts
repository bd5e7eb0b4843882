import { describe, expect, test } from "bun:test";
import { readSshOption } from "../../../../src/shell/languages/ssh-option.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

describe("readSshOption", () => {
  test("ProxyCommand, LocalCommand and KnownHostsCommand run a local command, with = or a blank", () => {
    // The label names the key: the carrier already says `ssh -o` ("via ssh -o (ProxyCommand)").
    expect(readSshOption("ProxyCommand=nc %h %p").lines).toEqual([{ line: "nc %h %p", label: "ProxyCommand" }]);
    expect(readSshOption("localcommand touch /tmp/x").lines.map((line) => line.line)).toEqual(["touch /tmp/x"]);
  });

  test("none, and options that run nothing, give nothing", () => {
    expect(readSshOption("ProxyCommand=none").lines).toEqual([]);
    expect(readSshOption("StrictHostKeyChecking=no").lines).toEqual([]);
  });
});
