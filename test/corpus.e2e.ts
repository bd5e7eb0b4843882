// The shell corpus through the binary: the same cases and the same check as
// test/corpus.test.ts, judged by `synaps-policy check --file` in one process
// (the embedded default policy, as users get it). Figures are printed per area.
import { afterAll, describe, expect, test } from "bun:test";
import { HOST_BINARY } from "./harness.ts";
import { benignCases, caseProblem, dangerousCases, Figures, judgeThroughBinary } from "./support/corpus.ts";

const cases = [...(await dangerousCases()), ...(await benignCases())];
const judged = await judgeThroughBinary(HOST_BINARY, cases);
const figures = new Figures();
afterAll(() => console.log(figures.report("corpus, through the binary:")));

describe("the corpus through synaps-policy check --file", () => {
  cases.forEach((each, index) => {
    test(`${each.where} ${each.area}${each.rule ? ` ${each.rule}` : ""}: ${each.command.replaceAll("\n", "\\n")}`, () => {
      const problem = caseProblem(each, judged[index]!);
      figures.count(each, problem === undefined);
      expect(problem === undefined ? undefined : `${each.where}: ${problem}`).toBeUndefined();
    });
  });
});
