// Files whose entries a tool runs: logrotate's scripts, a user anacrontab's
// jobs, the code cells of notebooks and the chunks of Quarto / R Markdown
// documents. Each is read into the commands (or nested code) it runs.
import { describe, expect, test } from "bun:test";
import { readAnacrontab, readLogrotate } from "../../../../src/shell/languages/job-tables.ts";
import { readNotebook } from "../../../../src/shell/languages/notebooks.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const notebook = (cells: Array<[string, string]>, language?: string) =>
  JSON.stringify({
    cells: cells.map(([type, source]) => ({ cell_type: type, metadata: {}, source: source.split(/(?<=\n)/), outputs: [] })),
    metadata: language ? { kernelspec: { name: language, language } } : {},
    nbformat: 4,
    nbformat_minor: 5,
  });

describe("job tables", () => {
  test.each([
    ["a postrotate script", "/var/log/app/*.log {\n  weekly\n  postrotate\n    systemctl reload app\n  endscript\n}\n", ["    systemctl reload app"]],
    ["settings alone", "/srv/app/log/*.log {\n  daily\n  rotate 7\n  compress\n  missingok\n}\n", []],
    ["every kind of script, in order", "x.log {\n  firstaction\n    echo a\n  endscript\n  lastaction\n    echo b\n  endscript\n}\n", ["    echo a", "    echo b"]],
    ["a script never closed", "x.log {\n  prerotate\n    make flush\n", ["    make flush"]],
  ])("logrotate: %s", (_name, text, lines) => {
    expect(readLogrotate(text).lines.map((line) => line.line)).toEqual(lines);
  });

  test.each([
    [
      "jobs after their period, delay and name",
      "SHELL=/bin/sh\n# jobs\n1 5 backup.daily tar czf backups/db.tgz data\n@weekly 10 tidy make clean\n",
      ["tar czf backups/db.tgz data", "make clean"],
      0,
    ],
    ["a line that is no job is unread", "1 5\n", [], 1],
  ])("anacrontab: %s", (_name, text, lines, unresolved) => {
    const reading = readAnacrontab(text);
    expect(reading.lines.map((line) => line.line)).toEqual(lines);
    expect(reading.unresolved.length).toBe(unresolved);
  });
});

describe("notebooks", () => {
  test("code cells are the kernel's code; markdown runs nothing", () => {
    const reading = readNotebook(
      notebook([
        ["markdown", "# Report\n"],
        ["code", "import pandas as pd\n"],
        ["code", "!make data\n"],
      ]),
    );
    expect(reading.code?.map((code) => [code.language, code.text])).toEqual([
      ["ipython", "import pandas as pd\n"],
      ["ipython", "!make data\n"],
    ]);
  });

  test("an R or bash kernel's cells are R code or commands", () => {
    expect(readNotebook(notebook([["code", "summary(cars)\n"]], "R")).code?.[0]?.language).toBe("r");
    expect(readNotebook(notebook([["code", "ls data\n"]], "bash")).lines.map((line) => line.line)).toEqual(["ls data\n"]);
  });

  test("a notebook that is not JSON is unread", () => {
    expect(readNotebook("{ not json").unresolved.length).toBe(1);
  });

  test("Quarto chunks run by language; a plain fence and eval: false do not", () => {
    const text = "---\ntitle: r\n---\n\n```{python}\nprint(1)\n```\n\n```bash\nrm -rf ~\n```\n\n```{r}\n#| eval: false\nsystem('x')\n```\n\n```{bash}\nmake report\n```\n";
    const reading = readNotebook(text);
    expect(reading.code?.map((code) => code.language)).toEqual(["ipython"]);
    expect(reading.lines.map((line) => line.line)).toEqual(["make report\n"]);
  });
});
