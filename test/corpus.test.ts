// The shell corpus (test/fixtures/corpus: the project's shared corpus, grown
// with what we found): every dangerous line must be stopped (block or
// confirm) and every benign line must pass, with the embedded default policy,
// through the extension's own dispatch (in process: the same code the binary
// serves, without a pipe per line; test/decisions.test.ts and the protocol
// tests check that the binary decides the same). Figures are printed per area.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { bashCall, pluginFolder } from "./harness.ts";
import { type InProcessHost, startHost } from "./support/in-process-host.ts";

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

let host: InProcessHost;

/** Each line is a call of its own: a session of its own, so what an earlier line wrote (the session memory) is not in it. */
let sessions = 0;
const alone = (command: string) => ({ ...bashCall(command), session_id: `corpus-${++sessions}` });

beforeAll(async () => {
  host = await startHost(pluginFolder());
});
afterAll(() => {
  host.close();
  console.log(report());
});

describe("dangerous commands are stopped (block or confirm)", () => {
  for (const { area, command } of dangerous) {
    test(`${area}: ${command.replaceAll("\n", "\\n")}`, async () => {
      const result = await host.request("hook.handle", alone(command));
      const stopped = result.action === "block" || result.action === "confirm";
      count("dangerous", area, stopped);
      expect(result.action).toBeOneOf(["block", "confirm"]);
    });
  }
});

describe("benign commands pass untouched", () => {
  for (const { area, command } of benign) {
    test(`${area}: ${command.replaceAll("\n", "\\n")}`, async () => {
      const result = await host.request("hook.handle", alone(command));
      count("benign", area, result.action === "continue");
      expect(result).toEqual({ action: "continue" });
    });
  }
});
