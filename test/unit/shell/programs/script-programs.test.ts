// A script an interpreter runs that is a program the registry describes
// (`php artisan`, `php bin/magento`, `python manage.py`) is judged as that
// program too; other scripts are not.
import { describe, expect, test } from "bun:test";
import { scriptProgram } from "../../../../src/shell/programs/script-programs.ts";
import { SHARED_ENVIRONMENT } from "../../../../src/shell/programs/unknown-programs.ts";
import { commandsOf } from "../../../support/shell.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const named = (input: string, name: string) => commandsOf(input).filter((command) => command.name === name);

describe("which scripts are programs", () => {
  test.each([
    ["php", "artisan", "artisan"],
    ["php8.3", "bin/magento", "magento"],
    ["python3", "./manage.py", "manage.py"],
    ["php", "vendor/bin/drush.php", "drush.php"],
    ["php", "wp-cli.phar", "wp-cli.phar"],
  ])("%s %s is %s", (interpreter, script, program) => expect(scriptProgram(interpreter, script)).toBe(program));

  test.each([
    ["php", "index.php"],
    ["python3", "manage.py.bak"],
    ["node", "artisan"],
    ["python", "magento"],
  ])("%s %s is not", (interpreter, script) => expect(scriptProgram(interpreter, script)).toBeUndefined());
});

describe("the program reads the words after the script", () => {
  test("php bin/magento: the verb is magento's subcommand", () => {
    const [magento] = named("php -d memory_limit=-1 bin/magento setup:uninstall -n", "magento");
    expect(magento?.subcommand).toEqual(["setup:uninstall"]);
    expect(magento?.tags).toContain("destroy");
  });

  test("python manage.py dbshell: its stdin is SQL", () => {
    const [django] = named("python manage.py dbshell <<< 'DROP TABLE users;'", "manage.py");
    expect(django?.code.map((code) => code.language)).toEqual(["sql"]);
  });

  test("php artisan tinker --execute: its value is PHP", () => {
    const [artisan] = named("php artisan tinker --execute 'User::truncate();'", "artisan");
    expect(artisan?.code.map((code) => [code.language, code.text])).toEqual([["php", "User::truncate();"]]);
  });

  test("the environment set for the interpreter is the program's", () => {
    const [artisan] = named("APP_ENV=production php artisan make:filament-user", "artisan");
    expect(artisan?.tags).toContain(SHARED_ENVIRONMENT);
  });

  test("a script that is no described program runs nothing more", () => {
    expect(commandsOf("php index.php db:drop").map((command) => command.name)).toEqual(["php"]);
  });
});
