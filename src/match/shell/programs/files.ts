// Everyday file programs: which operands are files read or written, which are
// patterns or values. Programs not listed here have every operand taken as a
// path, which is the careful default for `when = { paths = … }` rules.
import type { ProgramSpec } from "./spec.ts";

const copyLike = (extra: ProgramSpec["options"] = {}): ProgramSpec => ({
  options: { "-t": "write", "--target-directory": "write", "-S": "value", "--suffix": "value", "--backup": "value", ...extra },
  operands: ["read"],
  lastOperand: "write",
  abbreviations: true,
});

const reads = (options: ProgramSpec["options"] = {}): ProgramSpec => ({ options, operands: ["read"], abbreviations: true });

/** A search program: a pattern, then the files it reads; `trees` says when a directory is searched with all below it. */
const searcher = (options: ProgramSpec["options"], replacing: readonly string[], trees: ProgramSpec["readsTrees"]): ProgramSpec => ({
  options,
  operands: ["pattern", "read"],
  replacesFirstOperand: replacing,
  abbreviations: true,
  ...(trees ? { readsTrees: trees } : {}),
});

/** grep searches directories with -r/-R (or --directories=recurse, read as a value). */
const GREP_TREES = { withFlags: ["-r", "-R", "--recursive", "--dereference-recursive"] };

const GREP_OPTIONS = {
  "-e": "pattern", "--regexp": "pattern", "-f": "read", "--file": "read", "-m": "value", "--max-count": "value",
  "-A": "value", "-B": "value", "-C": "value", "--after-context": "value", "--before-context": "value", "--context": "value",
  "--include": "pattern", "--exclude": "pattern", "--exclude-dir": "pattern", "--exclude-from": "read", "--label": "value",
  "-d": "value", "--directories": "value", "-D": "value", "--devices": "value", "--binary-files": "value", "--color": "value", "--colour": "value",
} as const;

export const FILE_PROGRAMS: Record<string, ProgramSpec> = {
  cp: { ...copyLike({ "--reflink": "value", "--sparse": "value", "--preserve": "value", "--no-preserve": "value" }), readsTrees: { withFlags: ["-r", "-R", "--recursive", "-a", "--archive"] } },
  mv: copyLike(),
  ln: copyLike(),
  install: copyLike({ "-m": "value", "--mode": "value", "-o": "value", "--owner": "value", "-g": "value", "--group": "value" }),
  rm: { options: {}, operands: ["path"], abbreviations: true },
  tee: { options: {}, operands: ["write"] },
  dd: { keyedOperands: { if: "read", of: "write" }, operands: ["value"] },
  truncate: { options: { "-s": "value", "--size": "value", "-r": "read", "--reference": "read" }, operands: ["write"], abbreviations: true },
  touch: { options: { "-d": "value", "--date": "value", "-t": "value", "-r": "read", "--reference": "read" }, operands: ["write"], abbreviations: true },
  mkdir: { options: { "-m": "value", "--mode": "value" }, operands: ["write"], abbreviations: true },
  chmod: { options: { "--reference": "read" }, operands: ["value", "path"], replacesFirstOperand: ["--reference"], abbreviations: true },
  chown: { options: { "--reference": "read", "--from": "value" }, operands: ["value", "path"], replacesFirstOperand: ["--reference"], abbreviations: true },
  chgrp: { options: { "--reference": "read" }, operands: ["value", "path"], replacesFirstOperand: ["--reference"], abbreviations: true },
  chattr: { operands: ["value", "path"] },
  setfacl: { options: { "-m": "value", "-x": "value", "-M": "read", "-X": "read", "--set": "value", "--set-file": "read" }, operands: ["path"] },
  cat: reads(),
  tac: reads(),
  nl: reads(),
  head: reads({ "-n": "value", "-c": "value", "--lines": "value", "--bytes": "value" }),
  tail: reads({ "-n": "value", "-c": "value", "--lines": "value", "--bytes": "value", "-s": "value", "--pid": "value" }),
  // less +CMD runs CMD as if typed (`+!cmd` runs a shell command); LESSOPEN/LESSCLOSE are commands it runs per file.
  less: {
    ...reads({
      "+": "code:less", "-p": "pattern", "--pattern": "pattern", "-t": "value", "--tag": "value", "-T": "read", "--tag-file": "read", "-x": "value", "--tabs": "value",
      "-o": "write", "-O": "write", "--log-file": "write", "--LOG-FILE": "write", "-k": "read", "--lesskey-file": "read", "--lesskey-src": "read", "--lesskey-content": "value",
      "-P": "value", "--prompt": "value", "-b": "value", "-h": "value", "-j": "value", "-y": "value", "-z": "value", "-#": "value", "-D": "value",
    }),
    env: { LESSOPEN: "code:lessopen", LESSCLOSE: "code:lessopen", VISUAL: "shell", EDITOR: "shell" },
  },
  more: reads(),
  wc: reads({ "--files0-from": "read" }),
  sort: reads({ "-o": "write", "--output": "write", "-k": "value", "--key": "value", "-t": "value", "--field-separator": "value", "-T": "path", "--temporary-directory": "path", "-S": "value", "--buffer-size": "value", "--parallel": "value", "--files0-from": "read", "--compress-program": "argv" }),
  uniq: { options: { "-f": "value", "-s": "value", "-w": "value" }, operands: ["read", "write"] },
  cut: reads({ "-d": "value", "-f": "value", "-b": "value", "-c": "value", "--delimiter": "value", "--fields": "value" }),
  tr: { operands: ["value"] },
  od: reads({ "-A": "value", "-t": "value", "-j": "value", "-N": "value", "-w": "value" }),
  hexdump: reads({ "-n": "value", "-s": "value", "-e": "value", "-f": "read" }),
  xxd: { options: { "-c": "value", "-g": "value", "-l": "value", "-s": "value", "-o": "value", "-n": "value" }, operands: ["read", "write"] },
  base64: reads({ "-w": "value", "--wrap": "value" }),
  base32: reads({ "-w": "value", "--wrap": "value" }),
  strings: reads({ "-n": "value", "-t": "value", "-e": "value" }),
  md5sum: reads(),
  sha1sum: reads(),
  sha256sum: reads(),
  sha512sum: reads(),
  shasum: reads({ "-a": "value" }),
  cksum: reads(),
  // file and stat describe a file (its type, size, times), never its content: naming a key is not reading it.
  file: { options: { "-m": "read", "-f": "read" }, operands: ["path"], abbreviations: true },
  stat: { options: { "-c": "value", "--format": "value", "--printf": "value" }, operands: ["path"], abbreviations: true },
  diff: { ...reads({ "-U": "value", "-C": "value", "--label": "value", "-x": "pattern", "--exclude": "pattern", "-X": "read", "--exclude-from": "read", "-I": "pattern" }), readsTrees: { withFlags: ["-r", "--recursive"] } },
  cmp: reads({ "-i": "value", "-n": "value" }),
  comm: reads(),
  paste: reads({ "-d": "value" }),
  join: reads({ "-t": "value", "-1": "value", "-2": "value", "-o": "value", "-j": "value" }),
  fold: reads({ "-w": "value" }),
  fmt: reads({ "-w": "value" }),
  column: reads({ "-s": "value", "-t": "flag", "-c": "value" }),
  iconv: reads({ "-f": "value", "-t": "value", "--from-code": "value", "--to-code": "value", "-o": "write", "--output": "write" }),
  shuf: { options: { "-o": "write", "--output": "write", "-n": "value", "--head-count": "value", "-i": "value", "--input-range": "value", "-e": "flag", "--random-source": "read" }, operands: ["read"], abbreviations: true },
  split: { options: { "-l": "value", "-b": "value", "-C": "value", "-n": "value", "-a": "value", "--filter": "shell", "-t": "value", "--additional-suffix": "value" }, operands: ["read", "write"], abbreviations: true },
  csplit: { options: { "-f": "write", "--prefix": "write", "-b": "value", "-n": "value" }, operands: ["read", "pattern"] },
  ls: { options: { "-I": "pattern", "--ignore": "pattern", "--hide": "pattern", "-w": "value", "--width": "value", "-T": "value", "--format": "value", "--sort": "value", "--time": "value", "--color": "value" }, operands: ["path"], abbreviations: true },
  du: { options: { "-d": "value", "--max-depth": "value", "-t": "value", "--threshold": "value", "--exclude": "pattern", "-X": "read", "--exclude-from": "read", "-B": "value", "--block-size": "value", "--files0-from": "read" }, operands: ["path"], abbreviations: true },
  df: { options: { "-t": "value", "-x": "value", "-B": "value", "--output": "value", "--type": "value" }, operands: ["path"] },
  tree: { options: { "-L": "value", "-I": "pattern", "-P": "pattern", "-o": "write" }, operands: ["path"] },
  realpath: { options: { "--relative-to": "path", "--relative-base": "path" }, operands: ["value"] },
  readlink: { operands: ["value"] },
  basename: { options: { "-s": "value", "--suffix": "value" }, operands: ["value"] },
  dirname: { operands: ["value"] },
  which: { operands: ["value"] },
  whereis: { operands: ["value"] },
  echo: { operands: ["value"] },
  printf: { operands: ["value"] },
  test: { operands: ["value"] },
  "[": { operands: ["value"] },
  true: { operands: ["value"] },
  false: { operands: ["value"] },
  sleep: { operands: ["value"] },
  seq: { options: { "-f": "value", "-s": "value", "--format": "value", "--separator": "value" }, operands: ["value"] },
  date: { options: { "-d": "value", "--date": "value", "-f": "read", "--file": "read", "-r": "read", "--reference": "read", "-s": "value", "--set": "value" }, operands: ["value"] },
  expr: { operands: ["value"] },
  yes: { operands: ["value"] },
  jq: { options: { "--arg": "value", "--argjson": "value", "--slurpfile": "read", "--rawfile": "read", "-f": "read", "--from-file": "read", "--indent": "value", "-L": "path" }, operands: ["pattern", "read"], replacesFirstOperand: ["-f", "--from-file"] },
  yq: { options: { "--arg": "value", "-o": "value", "--output-format": "value", "-p": "value", "--input-format": "value", "--from-file": "read" }, operands: ["pattern", "read"], writesOperandsWith: ["-i", "--inplace"] },
  grep: searcher(GREP_OPTIONS, ["-e", "--regexp", "-f", "--file"], GREP_TREES),
  egrep: searcher(GREP_OPTIONS, ["-e", "--regexp", "-f", "--file"], GREP_TREES),
  fgrep: searcher(GREP_OPTIONS, ["-e", "--regexp", "-f", "--file"], GREP_TREES),
  zgrep: searcher(GREP_OPTIONS, ["-e", "--regexp", "-f", "--file"], GREP_TREES),
  rg: searcher({
    "-e": "pattern", "--regexp": "pattern", "-f": "read", "--file": "read", "-g": "pattern", "--glob": "pattern", "--iglob": "pattern",
    "-t": "value", "--type": "value", "-T": "value", "--type-not": "value", "--type-add": "value", "-m": "value", "--max-count": "value",
    "-A": "value", "-B": "value", "-C": "value", "--after-context": "value", "--before-context": "value", "--context": "value",
    "-j": "value", "--threads": "value", "-M": "value", "--max-columns": "value", "-r": "value", "--replace": "value",
    "--ignore-file": "read", "--max-depth": "value", "-d": "value", "--pre": "argv", "--pre-glob": "pattern", "--color": "value",
    "--colors": "value", "--sort": "value", "--sortr": "value", "-E": "value", "--encoding": "value", "--path-separator": "value",
    // rg searches directories, but skips hidden files (~/.ssh, ~/.aws) unless told not to.
  }, ["-e", "--regexp", "-f", "--file"], { withFlags: ["--hidden", "-.", "-uu", "-uuu"] }),
  ag: searcher({ "-G": "pattern", "--file-search-regex": "pattern", "--ignore": "pattern", "--ignore-dir": "pattern", "-m": "value", "-A": "value", "-B": "value", "-C": "value", "-p": "read", "--path-to-ignore": "read", "--depth": "value" }, [], { withFlags: ["--hidden", "-u", "--unrestricted"] }),
  ack: searcher({ "--type": "value", "-m": "value", "--ignore-dir": "pattern", "-A": "value", "-B": "value", "-C": "value", "--output": "value" }, [], { unlessFlags: ["-n", "--no-recurse"] }),
  sed: {
    options: { "-e": "code:sed", "--expression": "code:sed", "-f": "read", "--file": "read", "-l": "value", "--line-length": "value", "-i": "flag", "--in-place": "flag", "-s": "flag" },
    operands: ["code:sed", "read"],
    replacesFirstOperand: ["-e", "--expression", "-f", "--file"],
    writesOperandsWith: ["-i", "--in-place"],
    abbreviations: true,
  },
  find: {
    singleDashWords: true,
    options: {
      "-name": "pattern", "-iname": "pattern", "-path": "pattern", "-ipath": "pattern", "-wholename": "pattern", "-iwholename": "pattern",
      "-regex": "pattern", "-iregex": "pattern", "-lname": "pattern", "-ilname": "pattern", "-regextype": "value",
      "-newer": "read", "-anewer": "read", "-cnewer": "read", "-samefile": "read", "-files0-from": "read",
      "-fprint": "write", "-fprint0": "write", "-fls": "write", "-fprintf": "write",
      "-maxdepth": "value", "-mindepth": "value", "-type": "value", "-xtype": "value", "-user": "value", "-group": "value", "-uid": "value", "-gid": "value",
      "-perm": "value", "-size": "value", "-mtime": "value", "-mmin": "value", "-atime": "value", "-amin": "value", "-ctime": "value", "-cmin": "value",
      "-used": "value", "-links": "value", "-inum": "value", "-printf": "value", "-fstype": "value", "-context": "value", "-D": "value", "-newerXY": "read",
    },
  },
};
