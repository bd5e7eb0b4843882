// The project's own Python modules a script loads: `import helpers`,
// `from tests.helpers import go`, `from .db import connect`, and the module
// `python -m tools.gen` runs. Python puts the script's directory first on its
// path (pytest the rootdir too), so a module beside the script, or below the
// project root, is the project's code and runs when the script does. The
// standard library's common modules are never asked for.
import { posix } from "node:path";

/** Top-level names of the standard library a script commonly imports: never project files worth a look on disk. */
const STANDARD = new Set(
  (
    "__future__ abc argparse array ast asyncio base64 binascii bisect builtins bz2 calendar cgi codecs collections concurrent configparser contextlib " +
    "copy csv ctypes dataclasses datetime decimal difflib email enum errno fcntl filecmp fnmatch fractions ftplib functools gc getpass gettext glob " +
    "gzip hashlib heapq hmac html http importlib inspect io ipaddress itertools json keyword linecache locale logging lzma math mimetypes " +
    "multiprocessing netrc numbers operator optparse os pathlib pickle pkgutil platform pprint queue random re resource sched secrets select " +
    "selectors shlex shutil signal site smtplib socket sqlite3 ssl stat statistics string struct subprocess sys sysconfig tarfile tempfile " +
    "textwrap threading time timeit tomllib traceback types typing unittest urllib uuid venv warnings weakref xml zipfile zlib zoneinfo " +
    "pytest numpy pandas requests setuptools nox invoke fabric yaml click"
  ).split(" "),
);

const IMPORT = /^[ \t]*import[ \t]+([\w. \t,]+)/gm;
const FROM = /^[ \t]*from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+\(?([\w \t,*]+)/gm;

/** The files a module name may be from `base` (a directory, "" for the root): a module, or a package's __init__. */
function moduleFiles(base: string, dotted: string): string[] {
  const path = posix.join(base || ".", ...dotted.split("."));
  return [`${path}.py`, `${path}/__init__.py`];
}

/**
 * The files each project module `content` (the file at `importer`) imports may be, per import: beside the importer
 * first, then from the project root. Relative imports (`from .db import x`) are from the importer's package only.
 */
export function pythonImportCandidates(importer: string, content: string): string[][] {
  const dir = posix.dirname(importer) === "." ? "" : posix.dirname(importer);
  const bases = dir === "" ? [""] : [dir, ""];
  const found: string[][] = [];
  for (const match of content.matchAll(IMPORT))
    for (const part of match[1]!.split(",")) {
      const name = part.trim().split(/[ \t]+/)[0] ?? "";
      if (/^\w[\w.]*$/.test(name) && !STANDARD.has(name.split(".")[0]!)) found.push(bases.flatMap((base) => moduleFiles(base, name)));
    }
  for (const match of content.matchAll(FROM)) {
    const module = match[1]!;
    const dots = /^\.*/.exec(module)![0].length;
    const rest = module.slice(dots);
    if (dots === 0 && STANDARD.has(rest.split(".")[0]!)) continue;
    const from = dots === 0 ? bases : [posix.join(dir || ".", ...Array<string>(dots - 1).fill(".."))];
    if (from.some((base) => base.startsWith(".."))) continue;
    const names = match[2]!
      .split(",")
      .map((name) => name.trim().split(/[ \t]+/)[0] ?? "")
      .filter((name) => /^\w+$/.test(name));
    // `from pkg import mod` may load the submodule pkg/mod.py as well as pkg/__init__.py.
    const modules = rest === "" ? names : [rest, ...names.map((name) => `${rest}.${name}`)];
    for (const name of modules) found.push(from.flatMap((base) => moduleFiles(base === "." ? "" : base, name)));
  }
  return found;
}

/** The files `python -m NAME` may run from the project: NAME.py, or NAME/__main__.py of a package. */
export function pythonModuleFiles(name: string): string[] {
  if (!/^\w[\w.]*$/.test(name) || STANDARD.has(name.split(".")[0]!)) return [];
  const path = posix.join(...name.split("."));
  return [`${path}.py`, `${path}/__main__.py`];
}

/**
 * The project modules the `starts` files import, and theirs in turn (breadth first, at most `limit`): `known`, those
 * whose text `textOf` has; `asked`, the likeliest files of each import none of whose files is known yet.
 */
export function importedPythonModules(starts: readonly string[], textOf: (path: string) => string | undefined, limit: number, asked: number): { known: string[]; asked: string[] } {
  const seen = new Set(starts);
  const known: string[] = [];
  const wanted = new Set<string>();
  const queue = [...starts];
  while (queue.length > 0 && known.length < limit) {
    const file = queue.shift()!;
    const text = textOf(file);
    if (text === undefined) continue;
    for (const candidates of pythonImportCandidates(file, text)) {
      const found = candidates.find((path) => textOf(path) !== undefined);
      if (found === undefined) for (const path of candidates.slice(0, asked)) wanted.add(path);
      else if (!seen.has(found)) {
        seen.add(found);
        known.push(found);
        queue.push(found);
      }
    }
  }
  return { known, asked: [...wanted] };
}
