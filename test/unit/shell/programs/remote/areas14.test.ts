// Grammar details of the web-app, directory, mail-server and pipeline CLIs
// that the catalogue's examples do not show: site aliases read on as the same
// grammar, kadmin's one-word requests, exim's one-dash words, the shared
// environment labelled on a described program's line.
import { describe, expect, test } from "bun:test";
import { SHARED_ENVIRONMENT } from "../../../../../src/shell/programs/unknown-programs.ts";
import { commandNamed } from "../../../../support/shell.ts";
import { setTestLimit } from "../../../../support/test-limit.ts";

setTestLimit();

const tagsOf = (input: string, name: string) => commandNamed(input, name).tags;

describe("site aliases", () => {
  test.each([
    ["wp @production db reset --yes", "wp", ["@production", "db", "reset"]],
    ["drush @shop.prod sql:drop -y", "drush", ["@shop.prod", "sql:drop"]],
    ["drush @live sql:drop -y", "drush", ["@live", "sql:drop"]],
  ])("%s", (input, name, subcommand) => expect(commandNamed(input, name).subcommand).toEqual(subcommand));

  test("an alias then a verb that destroys", () => expect(tagsOf("wp @staging user delete 4 --yes", "wp")).toContain("destroy"));
});

describe("kadmin's requests", () => {
  test.each(["kadmin.local -q 'delprinc -force bob'", "kadmin -q ktadd", "kadmin.local delete_principal bob", "kadmin -q 'cpw -randkey bob'"])("%s destroys", (input) =>
    expect(commandsFor(input)).toContain("destroy"),
  );
  test.each(["kadmin.local -q 'getprinc bob'", "kadmin.local -q listprincs", "kadmin.local -q 'addprinc -randkey HTTP/web'"])("%s does not", (input) =>
    expect(commandsFor(input)).not.toContain("destroy"),
  );
});

function commandsFor(input: string): readonly string[] {
  const name = input.split(" ")[0]!;
  return tagsOf(input, name);
}

describe("exim's options are whole words", () => {
  test("-Mrm removes", () => expect(tagsOf("exim -Mrm 1qZ3xY-0004Ab-Cd", "exim")).toContain("destroy"));
  test("-bpr lists", () => expect(tagsOf("exim -bpr", "exim")).not.toContain("destroy"));
});

describe("a shared environment named on a described program's line", () => {
  test.each([
    ["python manage.py createsuperuser --settings=shop.settings.production", "python"],
    ["RAILS_ENV=production bin/rails runner 'puts 1'", "rails"],
    ["dbt run --target prod", "dbt"],
  ])("%s", (input, name) => expect(tagsOf(input, name)).toContain(SHARED_ENVIRONMENT));

  test.each([
    ["python manage.py createsuperuser --settings=shop.settings.dev", "python"],
    ["dbt run --target dev", "dbt"],
    ["git log --oneline", "git"],
  ])("not %s", (input, name) => expect(tagsOf(input, name)).not.toContain(SHARED_ENVIRONMENT));
});
