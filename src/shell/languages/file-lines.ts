// The shell lines a sub-language reader builds for what its commands do to
// files: reading one is `cat -- FILE`, writing one is `: > FILE`, so the
// policy's `reads` and `writes` rules judge a vim `:w ~/.bashrc` or an awk
// `print > "/x"` like any shell command. A name only known at run time
// becomes an unknown word, which the command records as a dynamic argument.
import { type CodeReading, UNKNOWN } from "./code.ts";
import { shellQuote } from "./quote.ts";

export function emptyReading(): CodeReading {
  return { lines: [], unresolved: [] };
}

/** A file name as one shell word: `~/…` and `$HOME/…` stay the home directory, anything else is literal. */
export function fileWord(path: string): string {
  const name = path.trim().replace(/^\$\{?HOME\}?(?=\/|$)/, "~");
  if (name === "") return UNKNOWN;
  return shellQuote(name);
}

export function readLine(path: string): string {
  return `cat -- ${fileWord(path)}`;
}

export function writeLine(path: string): string {
  return `: > ${fileWord(path)}`;
}

/** A file a client fetched from its server (an ftp `get`): written with text from the network, as `curl -o` writes. */
export function fetchLine(path: string, remote: string): string {
  return `curl -so ${fileWord(path)} -- ${fileWord(remote)}`;
}

/** A directory a client fills from its server (lftp `mirror`): everything under it came from the network. */
export function fetchTreeLine(path: string, remote: string): string {
  return `rsync -r -- ${shellQuote(`server:${remote}`)} ${fileWord(path)}`;
}

/** A file a client sends to its server (an ftp `put`, lftp's `mirror -R`): read here and copied over the network, as rsync copies. */
export function sendLine(path: string, tree = false): string {
  return `rsync ${tree ? "-r " : ""}-- ${fileWord(path)} server:`;
}

/** Adds what `from` found to `into`. */
export function addReading(into: CodeReading, from: CodeReading): void {
  into.lines.push(...from.lines);
  into.unresolved.push(...from.unresolved);
  if (from.code?.length) into.code = [...(into.code ?? []), ...from.code];
}
