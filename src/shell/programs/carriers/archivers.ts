// Archivers and compressors: which archive they write or read (tar's mode
// decides: -c writes the -f archive, -x writes into -C), the commands they
// run for their options (tar's checkpoint actions, compress program,
// --to-command, volume scripts; zip's test command; cpio's remote shell),
// and name transforms that send extracted files elsewhere.
import type { ArgRole, ProgramSpec } from "../spec.ts";

/** Options whose value becomes a write in the archiver's writing modes. */
const writing = (options: readonly string[]): Record<string, ArgRole> => Object.fromEntries(options.map((option) => [option, "write" as const]));

const TAR_WRITES_ARCHIVE = writing(["-f", "--file"]);
const TAR_WRITES_DIRECTORY = writing(["-C", "--directory"]);

const TAR_OPTIONS = {
  "-f": "read",
  "--file": "read",
  "-C": "path",
  "--directory": "path",
  "-T": "read",
  "--files-from": "read",
  "-X": "read",
  "--exclude-from": "read",
  "--exclude": "pattern",
  "--exclude-tag": "value",
  "--exclude-tag-all": "value",
  "--exclude-tag-under": "value",
  "--add-file": "read",
  "-I": "shell",
  "--use-compress-program": "shell",
  "--to-command": "shell",
  "--rsh-command": "argv",
  "--rmt-command": "value",
  "-F": "script",
  "--info-script": "script",
  "--new-volume-script": "script",
  "--checkpoint-action": "code:tar-checkpoint",
  "--checkpoint": "flag",
  "--transform": "code:tar-transform",
  "--xform": "code:tar-transform",
  "-g": "write",
  "--listed-incremental": "write",
  "--index-file": "write",
  "--volno-file": "write",
  "-V": "value",
  "--label": "value",
  "-b": "value",
  "--blocking-factor": "value",
  "--record-size": "value",
  "-H": "value",
  "--format": "value",
  "-K": "value",
  "--starting-file": "value",
  "-N": "value",
  "--newer": "value",
  "--after-date": "value",
  "--newer-mtime": "value",
  "--owner": "value",
  "--group": "value",
  "--owner-map": "read",
  "--group-map": "read",
  "--mode": "value",
  "--mtime": "value",
  "-L": "value",
  "--tape-length": "value",
  "--strip-components": "value",
  "--suffix": "value",
  "--sort": "value",
  "--quoting-style": "value",
  "--level": "value",
  "--hole-detection": "value",
  "--warning": "value",
  "--occurrence": "flag",
  "--backup": "flag",
  "--exclude-vcs": "flag",
  "--exclude-vcs-ignores": "flag",
  "--exclude-caches": "flag",
  "--one-file-system": "flag",
  "-P": "flag",
  "--absolute-names": "flag",
  "--null": "flag",
  "--wildcards": "flag",
  "--anchored": "flag",
  "--recursion": "flag",
  "--no-recursion": "flag",
  "--overwrite": "flag",
  "--keep-old-files": "flag",
  "--options": "value",
  "--totals": "flag",
  "--verbatim-files-from": "flag",
  "--pax-option": "value",
} as const;

const TAR: ProgramSpec = {
  options: TAR_OPTIONS,
  operands: ["read"],
  // Creating, appending or updating an archive reads each directory named with everything under it.
  readsTrees: { withFlags: ["-c", "--create", "-r", "--append", "-u", "--update"], unlessFlags: ["--no-recursion"] },
  // `tar -czf b.tgz -C ~ .aws`: the names after -C are found in that directory.
  operandsIn: { options: ["-C", "--directory"], withFlags: ["-c", "--create", "-r", "--append", "-u", "--update"] },
  firstWordBundle: true,
  abbreviations: true,
  rolesWith: {
    "-c": TAR_WRITES_ARCHIVE,
    "--create": TAR_WRITES_ARCHIVE,
    "-r": TAR_WRITES_ARCHIVE,
    "--append": TAR_WRITES_ARCHIVE,
    "-u": TAR_WRITES_ARCHIVE,
    "--update": TAR_WRITES_ARCHIVE,
    "-A": TAR_WRITES_ARCHIVE,
    "--catenate": TAR_WRITES_ARCHIVE,
    "--concatenate": TAR_WRITES_ARCHIVE,
    "-x": TAR_WRITES_DIRECTORY,
    "--extract": TAR_WRITES_DIRECTORY,
    "--get": TAR_WRITES_DIRECTORY,
  },
};

/** bsdtar (macOS's tar): `-s` is a name substitution and `-I` a list of names. */
const BSDTAR: ProgramSpec = { ...TAR, options: { ...TAR_OPTIONS, "-s": "code:tar-transform", "-I": "read" } };

/** gzip and kin replace each file with its (de)compressed form unless told to write to stdout, list or test. */
const compressor = (options: ProgramSpec["options"] = {}): ProgramSpec => {
  const onlyReads = { operands: "read" as const };
  return {
    options: { "-S": "value", "--suffix": "value", "-b": "value", "-T": "value", "--threads": "value", "-o": "write", "--output": "write", ...options },
    operands: ["write"],
    abbreviations: true,
    // `-k`: the file is kept as it was; what is written is its compressed twin beside it (compressedTwin).
    rolesWith: {
      "-c": onlyReads,
      "--stdout": onlyReads,
      "--to-stdout": onlyReads,
      "-l": onlyReads,
      "--list": onlyReads,
      "-t": onlyReads,
      "--test": onlyReads,
      "-k": onlyReads,
      "--keep": onlyReads,
    },
  };
};

/** 7-Zip: a command letter, then switches with their values attached (`-o/dir`, `-tzip`, `-pSECRET`). */
const SEVEN_ZIP_SWITCHES = {
  "-o": "write",
  "-p": "value",
  "-t": "value",
  "-m": "value",
  "-x": "pattern",
  "-i": "pattern",
  "-w": "path",
  "-v": "value",
  "-so": "flag",
  "-si": "flag",
  "-sdel": "flag",
  "-bb": "flag",
  "-y": "flag",
  "-r": "flag",
  "-aoa": "flag",
  "-aos": "flag",
} as const;
/** `trees`: adding files (a, u) reads each directory named with everything under it. */
const sevenZip = (archive: "write" | "read", trees = false): ProgramSpec => ({ options: SEVEN_ZIP_SWITCHES, operands: [archive, "read"], ...(trees ? { readsTrees: {} } : {}) });
const SEVEN_ZIP: ProgramSpec = {
  operands: ["value"],
  subcommands: {
    a: sevenZip("write", true),
    u: sevenZip("write", true),
    d: sevenZip("write"),
    rn: sevenZip("write"),
    x: sevenZip("read"),
    e: sevenZip("read"),
    l: sevenZip("read"),
    t: sevenZip("read"),
    h: sevenZip("read"),
  },
};

export const ARCHIVERS: Record<string, ProgramSpec> = {
  "7z": SEVEN_ZIP,
  "7za": SEVEN_ZIP,
  "7zr": SEVEN_ZIP,
  "7zz": SEVEN_ZIP,
  tar: TAR,
  gtar: TAR,
  bsdtar: BSDTAR,
  zip: {
    options: {
      "-TT": "shell",
      "--unzip-command": "shell",
      "-O": "write",
      "--output-file": "write",
      "-b": "path",
      "--temp-path": "path",
      "-n": "value",
      "--suffixes": "value",
      "-P": "value",
      "--password": "value",
      "-t": "value",
      "-tt": "value",
      "-Z": "value",
      "--compression-method": "value",
      "-s": "value",
      "--split-size": "value",
      "-x": "pattern",
      "--exclude": "pattern",
      "-i": "pattern",
      "--include": "pattern",
      "-lf": "write",
      "--logfile-path": "write",
      "-A": "flag",
      "-T": "flag",
      "--test": "flag",
    },
    operands: ["write", "read"],
    readsTrees: { withFlags: ["-r", "-R", "--recurse-paths", "--recurse-patterns"] },
  },
  unzip: { options: { "-d": "write", "-P": "value", "-x": "pattern", "-I": "value", "-O": "value" }, operands: ["read", "value"] },
  // ARJ: `arj e|x ARCHIVE [DIR/]` extracts into DIR (the last operand, ending in a slash); `arj a ARCHIVE FILES` adds.
  arj: {
    operands: ["value"],
    subcommands: {
      ...Object.fromEntries(["e", "x"].map((command) => [command, { operands: ["read", "value"], lastOperand: "write" } as ProgramSpec])),
      a: { operands: ["write", "read"] },
      "*": { operands: ["read", "value"] },
    },
  },
  cpio: {
    options: {
      "--rsh-command": "argv",
      "-F": "read",
      "--file": "read",
      "-O": "write",
      "-I": "read",
      "-E": "read",
      "--pattern-file": "read",
      "-D": "path",
      "--directory": "path",
      "-H": "value",
      "--format": "value",
      "-R": "value",
      "--owner": "value",
      "-M": "value",
      "--message": "value",
      "-C": "value",
      "--io-size": "value",
      "--block-size": "value",
    },
    operands: ["path"],
    abbreviations: true,
    rolesWith: { "-o": writing(["-F", "--file"]), "--create": writing(["-F", "--file"]), "-p": { operands: "write" }, "--pass-through": { operands: "write" } },
    // Copy-out and pass-through take the names of the files to copy on stdin.
    readsFileList: { withFlags: ["-o", "--create", "-p", "--pass-through"] },
  },
  pax: {
    options: { "-f": "read", "-s": "code:tar-transform", "-o": "value", "-x": "value", "-b": "value", "-B": "value", "-G": "value", "-T": "value", "-U": "value" },
    operands: ["read"],
    rolesWith: { "-w": writing(["-f"]) },
    readsTrees: { withFlags: ["-w"], unlessFlags: ["-d"] },
  },
  gzip: compressor(),
  gunzip: compressor(),
  pigz: compressor({ "-p": "value", "--processes": "value" }),
  unpigz: compressor({ "-p": "value" }),
  bzip2: compressor(),
  bunzip2: compressor(),
  pbzip2: compressor({ "-p": "value" }),
  xz: compressor({ "-F": "value", "--format": "value", "-C": "value", "--check": "value", "-M": "value", "--memlimit": "value" }),
  unxz: compressor(),
  lzma: compressor(),
  unlzma: compressor(),
  lzip: compressor(),
  zstd: compressor({ "-D": "read", "--patch-from": "read", "--filelist": "read", "--output-dir-flat": "write", "--output-dir-mirror": "write" }),
  unzstd: compressor({ "-D": "read" }),
  lz4: { options: { "-B": "value" }, operands: ["read", "write"] },
  brotli: compressor({ "-q": "value", "-w": "value", "-D": "read" }),
  compress: compressor(),
  uncompress: compressor(),
};

/** The suffix a compressor adds to the file it compresses in place (`gzip -k f` writes `f.gz`); its `un…` twin and `-d` take it off. */
const COMPRESSED_SUFFIX: Readonly<Record<string, string>> = {
  gzip: ".gz",
  pigz: ".gz",
  bzip2: ".bz2",
  pbzip2: ".bz2",
  xz: ".xz",
  lzma: ".lzma",
  lzip: ".lz",
  zstd: ".zst",
  brotli: ".br",
  compress: ".Z",
};
const DECOMPRESSORS: Readonly<Record<string, string>> = { gunzip: "gzip", unpigz: "pigz", bunzip2: "bzip2", unxz: "xz", unlzma: "lzma", unzstd: "zstd", uncompress: "compress" };
const DECOMPRESS_FLAGS = new Set(["-d", "--decompress", "--uncompress"]);
/** Flags with which a compressor writes nothing beside its files: to stdout, a listing, a test. */
const NO_TWIN_FLAGS = new Set(["-c", "--stdout", "--to-stdout", "-l", "--list", "-t", "--test", "-o", "--output"]);

/**
 * The file a compressor makes from `path` beside it — `f.gz` from `f`, `f` from `f.gz` — holding the same data in
 * another form (a copy of a secret compressed is the secret); undefined when it writes elsewhere (`-c`, `-o`).
 */
export function compressedTwin(name: string, flags: readonly string[], path: string): string | undefined {
  const own = DECOMPRESSORS[name] ?? name;
  const suffix = COMPRESSED_SUFFIX[own];
  if (suffix === undefined || flags.some((flag) => NO_TWIN_FLAGS.has(flag) || /^-[a-zA-Z]*[clt]/.test(flag))) return undefined;
  const decompress = DECOMPRESSORS[name] !== undefined || flags.some((flag) => DECOMPRESS_FLAGS.has(flag) || /^-[a-zA-Z]*d/.test(flag));
  if (!decompress) return path.endsWith(suffix) ? undefined : `${path}${suffix}`;
  return path.endsWith(suffix) && path.length > suffix.length ? path.slice(0, -suffix.length) : undefined;
}
