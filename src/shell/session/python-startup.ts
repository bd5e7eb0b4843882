// Python's start-up hooks. In a virtual environment: every Python the
// environment starts — its `bin/python`, or a tool installed in it
// (`bin/pytest`, `bin/pip`, `bin/flask`), each a Python script — imports
// `sitecustomize.py` from its site-packages and runs every line of each
// `*.pth` file there that starts with `import`, before any code of its own.
// A hook left there runs whatever the command says. Each is judged as the
// Python it is; a `.pth` that only lists directories runs nothing. On
// `PYTHONPATH`: site imports `sitecustomize` and `usercustomize` from the
// whole module path, so `PYTHONPATH=. pytest` runs the project's
// `sitecustomize.py` before any test.
import { asPythonStartupCode } from "../programs/code-files.ts";
import { programFamily } from "../programs/interpreters.ts";
import type { FileNeed } from "../view/files.ts";
import type { SimpleCommand } from "../view/view.ts";
import { knownTexts, type ProjectRun, type Snippet } from "./snippet.ts";

/** Directory names a virtual environment usually has (`python -m venv .venv`, virtualenv, tox's and nox's). */
const VENV_NAMES = new Set([".venv", "venv", "env", ".virtualenv", "virtualenv", "virtenv"]);
/** Directories holding one virtual environment per entry (`.tox/py312`, `.nox/tests`). */
const VENV_HOLDERS = new Set([".tox", ".nox"]);

/** Programs that are Python scripts (each starts a Python, which runs the start-up hooks on its module path). */
const PYTHON_TOOLS = new Set([
  "pytest",
  "py.test",
  "pip",
  "pip3",
  "tox",
  "nox",
  "flask",
  "django-admin",
  "celery",
  "gunicorn",
  "uvicorn",
  "alembic",
  "black",
  "mypy",
  "pylint",
  "flake8",
  "ipython",
  "jupyter",
  "poetry",
  "pipenv",
  "coverage",
  "sphinx-build",
  "mkdocs",
  "pre-commit",
  "ansible",
  "ansible-playbook",
  "invoke",
  "fab",
  "scrapy",
  "streamlit",
  "locust",
]);
const PYTHON_FAMILIES = new Set(["python", "pypy"]);

/** `PYTHONPATH=. python …`: the `sitecustomize.py`/`usercustomize.py` in each directory of the path, run first. */
export function pythonPathStartupRun(command: SimpleCommand): ProjectRun | undefined {
  const dirs = command.environment?.PYTHONPATH?.split(":").filter((dir) => dir !== "");
  if (!dirs || dirs.length === 0 || !(PYTHON_FAMILIES.has(programFamily(command.name)) || PYTHON_TOOLS.has(command.name))) return undefined;
  const paths = dirs.flatMap((dir) => ["sitecustomize.py", "usercustomize.py"].map((name) => (dir === "." ? name : `${dir.replace(/\/+$/, "")}/${name}`)));
  const what = `${command.name} start-up (PYTHONPATH)`;
  return {
    what,
    candidates: [],
    extra: paths.map((path): FileNeed => ({ path: path.replace(/^\.\//, ""), role: "startup", optional: true })),
    read: (get) =>
      knownTexts(
        paths.map((path) => path.replace(/^\.\//, "")),
        get,
      ).map((file): Snippet => ({ kind: "file", path: file.path, interpreter: "python3", via: `${what} (${file.path}, ${file.label})` })),
  };
}

/** The start-up files of the environment whose `bin/` the command's program is in, as listings of its site-packages. */
export function pythonStartupRun(command: SimpleCommand): ProjectRun | undefined {
  const venv = environmentOf(command.program);
  if (venv === undefined) return undefined;
  const sitePackages = `${venv}/lib/python*/site-packages`;
  const listings: FileNeed[] = [`${sitePackages}/sitecustomize.py`, `${sitePackages}/*.pth`].map((path) => ({ path, role: "startup", pattern: true, optional: true }));
  const what = `${command.program} start-up`;
  return {
    what,
    candidates: [],
    extra: listings,
    more: (get) => listings.flatMap((need) => (get(need.path)?.matches ?? []).map((path): FileNeed => ({ path, role: "startup", optional: true }))),
    read: (get) =>
      knownTexts([...new Set(listings.flatMap((need) => get(need.path)?.matches ?? []))], get).flatMap((file): Snippet[] => {
        const via = `${what} (${file.path}, ${file.label})`;
        if (file.path.endsWith(".py")) return [{ kind: "file", path: file.path, interpreter: "python3", via }];
        const code = asPythonStartupCode(file.content, file.path);
        return code === undefined || code === ":" ? [] : [{ kind: "shell", text: code, via }];
      }),
  };
}

/**
 * The environment a program path is in (`.venv/bin/python` → `.venv`, `./venv/bin/pytest` → `venv`), project-relative:
 * a program under `bin/` of a directory named as environments are, or a `python*` under any `bin/`.
 */
function environmentOf(program: string): string | undefined {
  const match = /^(?:\.\/)?((?:[^/]+\/)*?([^/]+))\/bin\/([^/]+)$/.exec(program);
  if (!match || program.startsWith("/") || program.split("/").includes("..")) return undefined;
  const [, dir, name, file] = match;
  const parent = dir!.includes("/") ? dir!.slice(0, dir!.lastIndexOf("/")).split("/").pop()! : "";
  if (VENV_NAMES.has(name!) || VENV_HOLDERS.has(parent) || /^python[\d.]*$/.test(file!)) return dir!;
  return undefined;
}
