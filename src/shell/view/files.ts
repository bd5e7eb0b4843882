// Files the shell analysis is told about from outside the input: what the
// session wrote in earlier calls, or what the extension read from disk under
// the project root. The analysis never reads a file; it judges these the way
// it judges a file the input itself wrote (`cat > x.sh <<EOF … ; bash x.sh`).

/** Why a file is wanted: the way the input runs or reads it as code. */
export type FileRole =
  | "script"
  | "program"
  | "package.json"
  | "makefile"
  | "justfile"
  | "taskfile"
  | "rakefile"
  /** build.gradle(.kts), settings.gradle(.kts), pom.xml. */
  | "buildfile"
  /** A package manager's settings that name programs it runs (.npmrc, .yarnrc.yml). */
  | "package-settings"
  /** A client's settings in the home directory that name a command it runs (ssh's ProxyCommand, a kubeconfig's exec plugin). */
  | "program-settings"
  | "tox"
  | "noxfile"
  | "test"
  | "go"
  | "cargo-build"
  | "git-hook"
  | "git-config"
  | "compose"
  /** A Kubernetes manifest `kubectl apply -f` hands the cluster. */
  | "manifest"
  | "terraform"
  | "startup"
  /** A file whose text a command substitution hands to a command as its words (`rm -f $(cat list.txt)`). */
  | "substituted"
  /** A file a network command sends (`curl -d @f`, `-F f=@f`, `-T f`, `nc host < f`, or piped in by `cat f |`): its text may hold a credential. */
  | "sent"
  /** A project file that says which database a tool's default environment uses (`.env`, config/database.yml, prisma's schema): read for its settings, never run. */
  | "database-config"
  /** A path a command touches: a link, a copy or a download the session made (asked of the memory only). */
  | "path"
  /**
   * A file tool's path, or a directory above it, that no program runs as code: only whether it is a link (or a
   * download, a copy) matters, so its remembered text is not read back (a 64 KiB write would decode the 64 KiB
   * it replaces, only to drop it: issue 25).
   */
  | "link"
  /** Where a copy or move would put a file: only whether something is there, and what, matters (a stat, never a read). */
  | "destination";

/** A file the input runs or reads as code whose content the analysis was not given. `pattern`: a glob of project files (`**\/test_*.py`). */
export type FileNeed = {
  path: string;
  role: FileRole;
  /** A glob to list, not one file. */
  pattern?: true;
  /** Nothing runs when the file does not exist (a git hook, conftest.py): not knowing it is not unseen code. */
  optional?: true;
  /**
   * Kept by the session alone (settings made with `git config KEY VALUE`), never a file on disk: asked of the
   * session's memory only. Its name is no path; looked for on disk it cost a stat at every call that asked.
   */
  sessionOnly?: true;
};

/** What is known of a file: its text, or that it was downloaded, copied from elsewhere, a link, absent or unreadable. */
export type KnownFile = {
  /** Its text, when known. */
  content?: string;
  /** It came from the network (curl -o, wget, an archive unpacked from a download). */
  downloaded?: true;
  /** Files its content was copied from (`cp ~/.ssh/id_rsa k`, `cat .env > x`): reading it reads them. */
  origins?: readonly string[];
  /** A symbolic link made in the session: paths through it are paths under this target. */
  link?: string;
  /** Known not to exist on disk. */
  absent?: true;
  /** Known to exist on disk, as a file or a directory (asked only of a copy's destination). */
  present?: "file" | "directory";
  /** Not looked for: no project root is known, so the disk could not be asked (nor memory, which has no such file). */
  unreachable?: true;
  /** A compiled program (not text): it runs as any program does. */
  binary?: true;
  /** For a listing (a FileNeed with `pattern`): the files that match. */
  matches?: readonly string[];
  /** Where the knowledge comes from, for reasons: "written at step 3", "on disk". */
  label?: string;
  /**
   * Read from the user's home directory, not written in this session: the user's own set-up (a start-up
   * file that runs `eval "$(pyenv init -)"`). What in it only run time shows is unseen code, not an error:
   * an agent's write into such a file was judged by its content when it was made.
   */
  fromHome?: true;
};

export type KnownFiles = ReadonlyMap<string, KnownFile>;

/**
 * Whether what is known of a file is all that can be learnt of it: its text, or why there is none (absent, a
 * compiled program, a download, a link, a listing). A path first looked up only as a path (`chmod +x lib/x.sh`,
 * `-f b.yml`) is known without its text: wanted later as code, it is asked for again.
 */
export function fileSettled(file: KnownFile | undefined): boolean {
  if (file === undefined) return false;
  return (
    file.content !== undefined ||
    file.absent === true ||
    file.present !== undefined ||
    file.binary === true ||
    file.downloaded === true ||
    file.link !== undefined ||
    file.matches !== undefined
  );
}

/** What the input writes, as far as it shows: for the session memory. */
export type WrittenEntry = {
  path: string;
  content?: string;
  downloaded?: true;
  origins?: readonly string[];
  link?: string /** Added to what the file held (a setting). */;
  append?: true;
};
