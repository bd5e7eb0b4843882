// The shell corpus through the binary: the same cases and the same check as
// test/corpus.test.ts, judged by `synaps-policy check --file` in one process
// (the embedded default policy, as users get it). Figures are printed per area.
import { afterAll, describe, expect, test } from "bun:test";
import { HOST_BINARY } from "./harness.ts";
import { benignCases, caseProblem, dangerousCases, Figures, type Judged, judgeThroughBinary } from "./support/corpus.ts";

const cases = [...(await dangerousCases()), ...(await benignCases())];
const judged = await judgeAgainWhereWrong(await judgeThroughBinary(HOST_BINARY, cases));
const figures = new Figures();
afterAll(() => console.log(figures.report("corpus, through the binary:")));

/**
 * The binary's analysis has a time backstop (the judging thread's CPU time) besides its step budget; a long line
 * judged cold, on a slow machine, can reach it and get on_error where its rule decides otherwise. Lines judged wrongly are judged once
 * more, on their own: a line that is wrong for a reason of its own is wrong both times.
 */
async function judgeAgainWhereWrong(first: Judged[]): Promise<Judged[]> {
  const wrong = cases.flatMap((each, index) => (caseProblem(each, first[index]!) === undefined ? [] : [index]));
  if (wrong.length === 0) return first;
  const again = await judgeThroughBinary(
    HOST_BINARY,
    wrong.map((index) => cases[index]!),
  );
  const judged = [...first];
  wrong.forEach((index, at) => {
    judged[index] = again[at]!;
  });
  return judged;
}

describe("the corpus through synaps-policy check --file", () => {
  cases.forEach((each, index) => {
    test(`${each.where} ${each.area}${each.rule ? ` ${each.rule}` : ""}: ${each.command.replaceAll("\n", "\\n")}`, () => {
      const problem = caseProblem(each, judged[index]!);
      figures.count(each, problem === undefined);
      expect(problem === undefined ? undefined : `${each.where}: ${problem}`).toBeUndefined();
    });
  });
});
