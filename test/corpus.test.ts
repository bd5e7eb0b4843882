// The shell corpus (test/fixtures/corpus, from the project's shared corpus and
// grown with what we found): every dangerous line must be stopped (block or
// confirm) and every benign line must pass, through the compiled binary with
// the embedded default policy.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { bashCall, pluginFolder, startExtension, type ExtensionProcess } from "./harness.ts";

const CORPUS = `${import.meta.dir}/fixtures/corpus`;

/** One command a line; `\n` inside a line stands for a newline; `#` starts a comment line. */
function lines(text: string): string[] {
  return text.split("\n").filter((line) => line.trim() !== "" && !line.startsWith("#"));
}

const dangerous = lines(await Bun.file(`${CORPUS}/dangerous.tsv`).text()).map((line) => {
  const [pack, command] = line.split("\t");
  return { pack: pack!, command: command!.replaceAll("\\n", "\n") };
});
const benign = lines(await Bun.file(`${CORPUS}/benign.txt`).text()).map((line) => line.replaceAll("\\n", "\n"));

let ext: ExtensionProcess;
const counts = { dangerousStopped: 0, dangerousMissed: 0, benignPassed: 0, benignStopped: 0 };

beforeAll(async () => {
  ext = await startExtension(pluginFolder());
});
afterAll(async () => {
  await ext.stop();
  console.log(
    `corpus: ${counts.dangerousStopped}/${dangerous.length} dangerous commands stopped, ${counts.dangerousMissed} missed; ` +
      `${counts.benignPassed}/${benign.length} benign commands passed, ${counts.benignStopped} stopped`,
  );
});

describe("dangerous commands are stopped (block or confirm)", () => {
  for (const { pack, command } of dangerous) {
    test(`${pack}: ${command.replaceAll("\n", "\\n")}`, async () => {
      const result = (await ext.request("hook.handle", bashCall(command))).result;
      const stopped = result.action === "block" || result.action === "confirm";
      counts[stopped ? "dangerousStopped" : "dangerousMissed"]++;
      expect(result.action).toBeOneOf(["block", "confirm"]);
    });
  }
});

describe("benign commands pass untouched", () => {
  for (const command of benign) {
    test(command.replaceAll("\n", "\\n"), async () => {
      const result = (await ext.request("hook.handle", bashCall(command))).result;
      counts[result.action === "continue" ? "benignPassed" : "benignStopped"]++;
      expect(result).toEqual({ action: "continue" });
    });
  }
});
