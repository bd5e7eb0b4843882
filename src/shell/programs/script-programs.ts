// Programs that are scripts an interpreter is told to run: `php artisan`,
// `php bin/magento`, `python manage.py`, `php wp-cli.phar`. Run that way they
// are the same program as `./artisan` or `bin/magento`, so the command after
// the script is judged with that program's table too.
import { programFamily } from "./interpreters.ts";

/** Interpreter family → the script names (by basename) that are programs the registry describes. */
const SCRIPT_PROGRAMS: Readonly<Record<string, ReadonlySet<string>>> = {
  php: new Set(["artisan", "magento", "wp-cli.phar", "wp", "drush", "drush.php", "drush.phar"]),
  python: new Set(["manage.py", "django-admin", "django-admin.py"]),
};

/** The program a script run by `interpreter` is (`php bin/magento` → magento), if the registry describes it. */
export function scriptProgram(interpreter: string, script: string): string | undefined {
  const name = script.slice(script.lastIndexOf("/") + 1);
  return SCRIPT_PROGRAMS[programFamily(interpreter)]?.has(name) ? name : undefined;
}
