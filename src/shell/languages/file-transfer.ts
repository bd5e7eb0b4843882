// The command languages of file-transfer clients (ftp, sftp batch files,
// lftp -c/-e, smbclient -c, tftp, ncftp), given on stdin or in options:
// `!cmd` runs a local shell command; `get REMOTE [LOCAL]` writes a local
// file, `put LOCAL` sends one (read here, copied to the server); `lcd DIR` changes the local directory for
// the names that follow; lftp's `source FILE` reads one, its `mirror -R` sends a directory. Commands end at a
// newline, and at `;` where the client allows it (lftp, smbclient).
import type { CodeReading } from "./code.ts";
import { emptyReading, fetchLine, fetchTreeLine, readLine, sendLine } from "./file-lines.ts";

const GETS = new Set(["get", "recv", "mget", "reget", "newer", "pget", "getfile"]);
const PUTS = new Set(["put", "send", "mput", "reput", "append", "putfile"]);

export function readTransferCommands(script: string): CodeReading {
  const reading = emptyReading();
  let localDirectory = "";
  for (const command of script.split(/\r?\n|;/)) {
    const text = command.trim().replace(/^-/, "");
    if (text === "" || text.startsWith("#")) continue;
    const shell = /^!([\s\S]*)$/.exec(text) ?? /^(?:shell|local)\s+([\s\S]+)$/.exec(text);
    if (shell) {
      if (shell[1]!.trim() !== "") reading.lines.push({ line: shell[1]!, label: "!" });
      continue;
    }
    const [name = "", ...args] = words(text);
    const local = (path: string) => (path.startsWith("/") || path.startsWith("~") || localDirectory === "" ? path : `${localDirectory}/${path}`);
    const plain = args.filter((arg) => !arg.startsWith("-"));
    const output = optionValue(args, "-o");
    if (name === "lcd" && plain[0]) localDirectory = plain[0];
    else if (GETS.has(name) && plain.length > 0) {
      const target = output ?? (plain.length >= 2 && name !== "mget" ? plain[1]! : plain[0]!.replace(/^.*\//, ""));
      // What a get brings is the server's text: run later, it is remote code.
      reading.lines.push({ line: fetchLine(local(target), plain[0]!), label: name });
    } else if (PUTS.has(name)) for (const file of name === "put" || name === "send" ? plain.slice(0, 1) : plain) reading.lines.push({ line: sendLine(local(file)), label: name });
    else if (name === "source" && plain[0]) reading.lines.push({ line: readLine(local(plain[0])), label: "source" });
    // lftp's `mirror -R LOCAL [REMOTE]` sends a local directory; `mirror REMOTE [LOCAL]` fills one.
    else if (name === "mirror" && plain[0]) {
      const reverse = args.some((arg) => arg === "-R" || arg === "--reverse");
      const line = reverse ? sendLine(local(plain[0]), true) : fetchTreeLine(local(plain[1] ?? plain[0].replace(/\/+$/, "").replace(/^.*\//, "")), plain[0]);
      reading.lines.push({ line, label: "mirror" });
    }
  }
  return reading;
}

/** Words split at blanks, with `"…"` and `'…'` kept together. */
function words(text: string): string[] {
  return [...text.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((match) => match[1] ?? match[2] ?? match[3]!);
}

function optionValue(args: string[], option: string): string | undefined {
  const at = args.indexOf(option);
  return at >= 0 ? args[at + 1] : undefined;
}
