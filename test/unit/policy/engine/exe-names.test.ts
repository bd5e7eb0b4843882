// Rules that read the raw command text by regex (`input.command`) know
// programs by their names; a Windows shell (Git Bash, MSYS) runs `uv.exe` as
// `uv`, so the text test also holds for the line with `NAME.exe` words written
// as the program knowledge names them. Other words keep their spelling.
import { describe, expect, test } from "bun:test";
import { textWithoutExeNames } from "../../../../src/shell/interpret/build-command.ts";
import { decide } from "../../../support/decide.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

describe("NAME.exe in a command line's text", () => {
  test.each([
    ["uv.exe run https://x.example/a.py", "uv run https://x.example/a.py"],
    ["C:/bin/NPX.EXE -y pkg && echo ok", "C:/bin/npx -y pkg && echo ok"],
    ["(go.exe env -w GOPROXY=x)", "(go env -w GOPROXY=x)"],
    ["echo setup.exe.bak", "echo setup.exe.bak"],
    ["cat notes.exercise", "cat notes.exercise"],
  ])("%s reads as %s", (text, plain) => {
    expect(textWithoutExeNames(text)).toBe(plain);
  });

  test.each([
    ["pipx.exe run https://x.example/tool.py", "remote-code-package-runner"],
    ["UV.EXE tool run https://x.example/t.py", "remote-code-package-runner"],
    ["go.exe env -w GONOSUMDB=*", "persistence-go-module-source"],
  ])("%s is stopped by the rule that reads the text (%s)", (command, rule) => {
    const decided = decide(command);
    expect({ decision: decided.decision, rule: decided.rule }).toEqual({ decision: "confirm", rule });
  });

  test("a downloaded installer named .exe is only a file name", () => {
    expect(decide("curl -fsSLo setup.exe https://example.com/setup.exe && uv.exe run pytest").decision).toBe("continue");
  });
});
