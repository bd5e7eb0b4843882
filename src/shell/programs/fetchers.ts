// Programs that copy files from somewhere else onto this machine: a remote
// host (scp, rsync), a bucket (aws s3, gsutil, gcloud storage, rclone), a
// registry (oras) or a forge's releases (gh, glab). What they write is what
// `curl -o` writes: text nobody here has read, so running it later is
// running remote code. One row per program and subcommand says which of its
// operands is the source, which the destination, and what makes a source
// remote; the interpreter marks the destination (a file, or a directory and
// everything under it) as downloaded. Clones (git clone, hg, svn, degit) are
// in project-code.ts.

/** What makes a source operand remote: a `host:path` or URL, a URL of one of the schemes, or any operand at all. */
export type RemoteSource = { kind: "location" } | { kind: "schemes"; schemes: readonly string[] } | { kind: "always" } | { kind: "alias" };

export type FetchRow = {
  /** Subcommand words joined by spaces that fetch; [] for the program itself. */
  subcommands: readonly string[];
  remote: RemoteSource;
  /**
   * Which operands: `sources-last` is `cp`'s shape (every operand but the last is a source, the last the
   * destination); `none` takes no destination operand (the option below, else the working directory).
   */
  operands: "sources-last" | "none";
  /** Options whose value is the destination (`-D DIR`, `-o DIR`, `--output FILE`). */
  into?: readonly string[];
};

const LOCATION: RemoteSource = { kind: "location" };
const ALWAYS: RemoteSource = { kind: "always" };
const schemes = (...list: string[]): RemoteSource => ({ kind: "schemes", schemes: list });

/** Fetching programs by name. */
export const FETCHERS: Readonly<Record<string, readonly FetchRow[]>> = {
  scp: [{ subcommands: [], remote: LOCATION, operands: "sources-last" }],
  rsync: [{ subcommands: [], remote: LOCATION, operands: "sources-last" }],
  sftp: [{ subcommands: [], remote: LOCATION, operands: "sources-last" }],
  aws: [{ subcommands: ["s3 cp", "s3 sync", "s3 mv"], remote: schemes("s3"), operands: "sources-last" }],
  gsutil: [{ subcommands: ["cp", "rsync", "mv"], remote: schemes("gs", "s3"), operands: "sources-last" }],
  gcloud: [{ subcommands: ["storage cp", "storage rsync", "storage mv"], remote: schemes("gs", "s3"), operands: "sources-last" }],
  azcopy: [{ subcommands: ["copy", "cp", "sync"], remote: schemes("https"), operands: "sources-last" }],
  // rclone names a remote `name:path`, the same shape as scp's `host:path`.
  rclone: [{ subcommands: ["copy", "copyto", "sync", "move", "moveto", "copyurl"], remote: LOCATION, operands: "sources-last" }],
  oras: [{ subcommands: ["pull"], remote: ALWAYS, operands: "none", into: ["-o", "--output"] }],
  gh: [{ subcommands: ["release download", "run download"], remote: ALWAYS, operands: "none", into: ["-D", "--dir", "-O", "--output"] }],
  glab: [{ subcommands: ["release download"], remote: ALWAYS, operands: "none", into: ["-D", "--dir"] }],
  // `az storage blob download … --file F` (and a file share's `storage file download --dest F`).
  az: [
    { subcommands: ["storage blob download"], remote: ALWAYS, operands: "none", into: ["--file", "-f"] },
    { subcommands: ["storage file download"], remote: ALWAYS, operands: "none", into: ["--dest"] },
    { subcommands: ["storage blob download-batch"], remote: ALWAYS, operands: "none", into: ["--destination", "-d"] },
  ],
  // MinIO's mc names a remote `ALIAS/bucket/object`: no scheme or colon marks it.
  mc: [{ subcommands: ["cp", "mv", "get", "mirror"], remote: { kind: "alias" }, operands: "sources-last" }],
  mcli: [{ subcommands: ["cp", "mv", "get", "mirror"], remote: { kind: "alias" }, operands: "sources-last" }],
};

/** `host:path`, `user@host:path`, `remote:path`, `host::module` or a URL: not a local path (`./a:b`, `/x:y` are). */
function isLocation(text: string): boolean {
  if (/^[a-z][\w+.-]*:\/\//i.test(text)) return true;
  if (text.startsWith("/") || text.startsWith(".") || text.startsWith("~")) return false;
  return /^[\w.@-]+:/.test(text);
}

function isRemote(text: string, remote: RemoteSource): boolean {
  if (remote.kind === "always") return true;
  if (remote.kind === "location") return isLocation(text);
  // `play/bucket/x`: a name then a slash, not a path spelled as local (`./x`, `/x`, `~/x`, `../x`).
  if (remote.kind === "alias") return /^[A-Za-z0-9_-]+\/\S/.test(text);
  return remote.schemes.some((scheme) => text.toLowerCase().startsWith(`${scheme}://`));
}

export type FetchArgs = {
  subcommand: readonly string[];
  /** Operands after the subcommand words, in order. */
  positional: readonly string[];
  /** The words after the program as written (a program with no spec here has no options read). */
  words: readonly string[];
};

/** The value of the first destination option among the words: `-o DIR`, `--output DIR`, `--output=DIR`. */
function namedDestination(words: readonly string[], into: readonly string[]): string | undefined {
  for (const [index, word] of words.entries()) {
    if (into.includes(word)) return words[index + 1];
    const equals = word.indexOf("=");
    if (equals > 0 && into.includes(word.slice(0, equals))) return word.slice(equals + 1);
  }
  return undefined;
}

/** The subcommand read by the program's spec, or for a program without one its leading words (`oras pull`). */
function saysVerb(verb: string, args: FetchArgs): boolean {
  if (args.subcommand.length > 0) return args.subcommand.join(" ") === verb;
  const count = verb.split(" ").length;
  return args.words.slice(0, count).join(" ") === verb;
}

/** Where a fetch writes what it got from elsewhere: the destination (file or directory), "." when it names none; undefined when nothing comes from elsewhere. */
export function fetchDestination(name: string, args: FetchArgs): string | undefined {
  const row = FETCHERS[name]?.find((entry) => entry.subcommands.length === 0 || entry.subcommands.some((verb) => saysVerb(verb, args)));
  if (!row) return undefined;
  const named = row.into ? namedDestination(args.words, row.into) : undefined;
  if (row.operands === "none") return named ?? ".";
  if (args.positional.length < 2) return undefined;
  const sources = args.positional.slice(0, -1);
  if (!sources.some((source) => isRemote(source, row.remote))) return undefined;
  const destination = args.positional[args.positional.length - 1]!;
  // Remote to remote (`scp a:x b:y`) lands nowhere here.
  return isLocation(destination) ? undefined : destination;
}
