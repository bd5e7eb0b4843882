// The shell corpus (test/fixtures/corpus: the project's shared corpus, grown
// with what we found): every dangerous line must be stopped (block or
// confirm) and every benign line must pass, through the compiled binary with
// the embedded default policy. Figures are printed per area.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { bashCall, pluginFolder, startExtension, type ExtensionProcess } from "./harness.ts";

const CORPUS = `${import.meta.dir}/fixtures/corpus`;

type Line = { area: string; command: string };

/** `area<TAB>command` a line; `\n` inside a command stands for a newline; `#` starts a comment line. */
async function corpus(file: string): Promise<Line[]> {
  const text = await Bun.file(`${CORPUS}/${file}`).text();
  return text
    .split("\n")
    .filter((line) => line.trim() !== "" && !line.startsWith("#"))
    .map((line) => {
      const tab = line.indexOf("\t");
      return { area: line.slice(0, tab), command: line.slice(tab + 1).replaceAll("\\n", "\n") };
    });
}

const dangerous = await corpus("dangerous.tsv");
const benign = await corpus("benign.tsv");

type Tally = { good: number; total: number };
const figures = { dangerous: new Map<string, Tally>(), benign: new Map<string, Tally>() };

function count(kind: keyof typeof figures, area: string, good: boolean) {
  const tally = figures[kind].get(area) ?? { good: 0, total: 0 };
  tally.total++;
  if (good) tally.good++;
  figures[kind].set(area, tally);
}

function report(): string {
  const areas = [...new Set([...figures.dangerous.keys(), ...figures.benign.keys()])].sort();
  const cell = (tally: Tally | undefined) => (tally ? `${tally.good}/${tally.total} (${((100 * tally.good) / tally.total).toFixed(1)}%)` : "—");
  const rows = areas.map((area) => `  ${area.padEnd(20)} ${cell(figures.dangerous.get(area)).padEnd(20)} ${cell(figures.benign.get(area))}`);
  const total = (kind: keyof typeof figures) =>
    [...figures[kind].values()].reduce((sum, tally) => ({ good: sum.good + tally.good, total: sum.total + tally.total }), { good: 0, total: 0 });
  return [
    `corpus by area:       ${"dangerous stopped".padEnd(20)} benign passed`,
    ...rows,
    `  ${"all".padEnd(20)} ${cell(total("dangerous")).padEnd(20)} ${cell(total("benign"))}`,
  ].join("\n");
}

let ext: ExtensionProcess;

beforeAll(async () => {
  ext = await startExtension(pluginFolder());
});
afterAll(async () => {
  await ext.stop();
  console.log(report());
});

describe("dangerous commands are stopped (block or confirm)", () => {
  for (const { area, command } of dangerous) {
    test(`${area}: ${command.replaceAll("\n", "\\n")}`, async () => {
      const result = (await ext.request("hook.handle", bashCall(command))).result;
      const stopped = result.action === "block" || result.action === "confirm";
      count("dangerous", area, stopped);
      expect(result.action).toBeOneOf(["block", "confirm"]);
    });
  }
});

describe("benign commands pass untouched", () => {
  for (const { area, command } of benign) {
    test(`${area}: ${command.replaceAll("\n", "\\n")}`, async () => {
      const result = (await ext.request("hook.handle", bashCall(command))).result;
      count("benign", area, result.action === "continue");
      expect(result).toEqual({ action: "continue" });
    });
  }
});
