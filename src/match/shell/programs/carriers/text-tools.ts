// Text and document tools that write files through options or run
// programs for them: `-o`/`--output` writers (dos2unix's new-file mode,
// the gettext msg* tools, uuencode/uudecode, pandoc, enscript), filters
// they run (msgfilter's program, pandoc's -F and Lua filters, enscript's
// input filter, groff's unsafe mode), macro processors whose input runs
// commands (m4), and TeX engines, whose code may run shell commands.
import type { ArgRole, ProgramSpec } from "../spec.ts";

/** A gettext tool: input files read, `-o FILE` written, `-f FILE` a list of inputs. */
const gettext = (extra: ProgramSpec["options"] = {}): ProgramSpec => ({
  options: { "-o": "write", "--output-file": "write", "-f": "read", "--files-from": "read", "-D": "path", "--directory": "path", "-i": "read", "--input": "read", "-w": "value", "--width": "value", ...extra },
  operands: ["read"],
  abbreviations: true,
});

const TEX_OPTIONS = {
  "-output-directory": "path", "--output-directory": "path", "-aux-directory": "path", "-jobname": "value", "--jobname": "value", "-interaction": "value", "--interaction": "value",
  "-fmt": "value", "-output-format": "value", "-cnf-line": "value", "--cnf-line": "value", "-kpathsea-debug": "value", "-progname": "value", "-translate-file": "read",
  "-synctex": "value", "-recorder": "flag", "-shell-escape": "flag", "--shell-escape": "flag", "-no-shell-escape": "flag", "-halt-on-error": "flag", "-ini": "flag", "-draftmode": "flag",
} as const satisfies Record<string, ArgRole | "flag">;

/** A TeX engine: its arguments are TeX code (`\write18{…}` runs a command) or the name of a file to typeset. */
const TEX: ProgramSpec = { singleDashWords: true, options: TEX_OPTIONS, operands: ["code:tex"] };

const GROFF: ProgramSpec = { options: { "-o": "value", "-M": "path", "-F": "path", "-I": "path", "-m": "value", "-n": "value", "-r": "value", "-d": "value", "-T": "value", "-P": "value", "-L": "value", "-w": "value", "-W": "value", "-f": "value" }, operands: ["read"], env: { GROFF_BIN_PATH: "value" } };

export const TEXT_TOOLS: Record<string, ProgramSpec> = {
  dos2unix: { options: { "-n": "flag", "--newfile": "flag", "-c": "value", "--convmode": "value", "--add-bom": "flag" }, operands: ["write"], abbreviations: true },
  unix2dos: { options: { "-n": "flag", "--newfile": "flag", "-c": "value", "--convmode": "value" }, operands: ["write"], abbreviations: true },
  msgattrib: gettext(),
  msgcat: gettext(),
  msgcomm: gettext(),
  msgconv: gettext({ "-t": "value", "--to-code": "value" }),
  msgen: gettext(),
  msgexec: { options: { "-i": "read", "--input": "read", "-D": "path", "--directory": "path" }, operands: ["argv"] },
  // msgfilter runs its operand as a filter program over every translation.
  msgfilter: { options: { "-i": "read", "--input": "read", "-o": "write", "--output-file": "write", "-D": "path", "--directory": "path", "-w": "value", "--width": "value" }, operands: ["argv"], abbreviations: true },
  msgfmt: gettext({ "-d": "path", "-l": "value", "--locale": "value", "--template": "read" }),
  msggrep: gettext({ "-K": "flag", "-T": "flag", "-C": "flag", "-X": "flag", "-e": "pattern", "--regexp": "pattern", "-N": "value", "-M": "value", "-J": "value" }),
  msginit: gettext({ "-l": "value", "--locale": "value" }),
  msgmerge: { ...gettext({ "-C": "read", "--compendium": "read", "--backup": "value", "--suffix": "value" }), writesOperandsWith: ["-U", "--update"] },
  msgunfmt: gettext(),
  msguniq: gettext(),
  xgettext: gettext({ "-p": "path", "--output-dir": "path", "-d": "value", "--default-domain": "value", "-x": "read", "--exclude-file": "read", "-k": "value", "--keyword": "value" }),
  uuencode: { options: { "-o": "write", "--output-file": "write" }, operands: ["read", "value"] },
  uudecode: { options: { "-o": "write", "--output-file": "write" }, operands: ["read"] },
  pandoc: {
    options: {
      "-o": "write", "--output": "write", "-F": "argv", "--filter": "argv", "-L": "read", "--lua-filter": "read", "-d": "read", "--defaults": "read", "-f": "value", "--from": "value", "-r": "value", "--read": "value",
      "-t": "value", "--to": "value", "-w": "value", "--write": "value", "--template": "read", "-H": "read", "--include-in-header": "read", "-B": "read", "--include-before-body": "read",
      "-A": "read", "--include-after-body": "read", "--data-dir": "path", "--resource-path": "path", "--pdf-engine": "argv", "--pdf-engine-opt": "value", "--extract-media": "write",
      "--log": "write", "--reference-doc": "read", "--css": "value", "-c": "value", "--metadata-file": "read", "-M": "value", "--metadata": "value", "-V": "value", "--variable": "value",
      "--bibliography": "read", "--csl": "read", "--citation-abbreviations": "read", "--syntax-definition": "read", "--highlight-style": "value", "--toc-depth": "value", "--columns": "value",
    },
    operands: ["read"],
    abbreviations: true,
  },
  enscript: { options: { "-o": "write", "--output": "write", "-I": "shell", "--filter": "shell", "-p": "write", "-M": "value", "--media": "value", "-f": "value", "--font": "value", "-b": "value", "--header": "value", "-t": "value", "--title": "value", "-E": "value", "--highlight": "value", "-e": "value", "--escapes": "value" }, operands: ["read"], abbreviations: true },
  m4: { options: { "-D": "value", "--define": "value", "-U": "value", "--undefine": "value", "-I": "path", "--include": "path", "-F": "write", "--freeze-state": "write", "-R": "read", "--reload-state": "read", "-o": "write", "--error-output": "write", "--debugfile": "write", "-d": "value", "-l": "value", "-L": "value" }, operands: ["read"], stdin: "code:m4", abbreviations: true },
  groff: GROFF,
  nroff: GROFF,
  troff: GROFF,
  tex: TEX,
  etex: TEX,
  pdftex: TEX,
  xetex: TEX,
  luatex: TEX,
  luahbtex: TEX,
  latex: TEX,
  pdflatex: TEX,
  xelatex: TEX,
  lualatex: TEX,
  platex: TEX,
  uplatex: TEX,
  highlight: { options: { "-o": "write", "--output": "write", "-O": "value", "--out-format": "value", "-S": "value", "--syntax": "value", "-s": "value", "--style": "value", "-i": "read", "--input": "read", "-d": "path", "--outdir": "path", "--config-file": "read", "--plug-in": "read" }, operands: ["read"] },
  pygmentize: { options: { "-o": "write", "-l": "value", "-f": "value", "-O": "value", "-P": "value", "-a": "value", "-x": "flag", "-S": "value" }, operands: ["read"] },
  exiftool: {
    singleDashWords: true,
    options: { "-if": "code:perl", "-p": "value", "-o": "write", "-out": "write", "-W": "write", "-w": "value", "-@": "read", "-TagsFromFile": "read", "-tagsFromFile": "read", "-srcfile": "read", "-csv": "value", "-j": "value", "-ext": "value", "-d": "value", "-c": "value", "-charset": "value", "-lang": "value", "-api": "value", "-config": "read", "-execute": "flag" },
    operands: ["read"],
  },
  csvtool: { options: { "-o": "write", "-t": "value", "-u": "value", "-z": "flag" }, subcommands: { call: { operands: ["shell", "read"] } } },
};
