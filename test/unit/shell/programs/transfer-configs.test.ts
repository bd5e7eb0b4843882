// curl's and wget's settings files, read as the options they add to every command.
import { describe, expect, test } from "bun:test";
import { curlConfigArgs, wgetConfigArgs } from "../../../../src/shell/programs/transfer-configs.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

describe("curl settings", () => {
  test("every way of writing an option is the option", () => {
    const text = '# defaults\nsilent\n-o out.bin\n--retry 3\nupload-file = notes.txt\nuser-agent: "acme \\"dev\\""\nH "X-A: 1"\n';
    expect(curlConfigArgs(text)).toEqual(["--silent", "-o", "out.bin", "--retry", "3", "--upload-file", "notes.txt", "--user-agent", 'acme "dev"', "-H", "X-A: 1"]);
  });

  test("comments and blank lines add nothing", () => expect(curlConfigArgs("\n# output = x\n   \n")).toEqual([]));
});

describe("wget settings", () => {
  test("name = value lines are long options; on/off switch them; execute runs one more line", () => {
    const text = "tries = 3\ncheck_certificate = off\nuse-proxy = on\n# post_file = x\nexecute = post_file=data.json\n";
    expect(wgetConfigArgs(text)).toEqual(["--tries", "3", "--no-check-certificate", "--use-proxy", "--post-file", "data.json"]);
  });
});
