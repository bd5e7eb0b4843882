// socat addresses: `EXEC:cmd` runs a program, `SYSTEM:cmd` a shell line;
// `TCP:host:port` (and its kin: TCP4, OPENSSL, UDP, SOCKS4, PROXY) connects
// — written as the `nc host port` line the network rules already judge —
// and `TCP-LISTEN:port` listens; `OPEN:file`, `CREATE:file` or a bare path
// read and write a file. `a!!b` gives separate addresses for reading and
// writing. Options after a comma (`,fork`, `,pty`) do not change what runs.
import type { CodeReading } from "./code.ts";
import { emptyReading, readLine, writeLine } from "./file-lines.ts";
import { shellQuote } from "./quote.ts";

const CONNECT = /^(?:tcp[46]?|tcp[46]?-connect|openssl|openssl-connect|ssl|udp[46]?|udp[46]?-connect|udp[46]?-sendto|udp[46]?-datagram|sctp[46]?-connect|dccp[46]?-connect)$/;
const LISTEN = /^(?:tcp[46]?-listen|tcp[46]?-l|openssl-listen|udp[46]?-listen|udp[46]?-recv|udp[46]?-recvfrom|sctp[46]?-listen|dccp[46]?-listen)$/;
const PROXIED = /^(?:socks4a?|socks5|proxy|proxy-connect)$/;
const FILES = /^(?:open|file|gopen|create|creat|pipe|named)$/;

export function readSocatAddress(text: string): CodeReading {
  const reading = emptyReading();
  for (const address of text.split("!!")) readAddress(address, reading);
  return reading;
}

function readAddress(address: string, reading: CodeReading) {
  const typed = /^([A-Za-z][A-Za-z0-9-]*):([\s\S]*)$/.exec(address);
  if (!typed) {
    // A bare word with a slash is a file (GOPEN); `-`, STDIO and friends are the terminal.
    if (address.includes("/")) addFile(mainPart(address), optionsOf(address), reading);
    return;
  }
  const type = typed[1]!.toLowerCase();
  const body = typed[2]!;
  const main = mainPart(body);
  if (type === "exec") return void reading.lines.push({ line: main, label: "EXEC" });
  if (type === "system") return void reading.lines.push({ line: main, label: "SYSTEM" });
  const fields = main.split(":");
  if (CONNECT.test(type) && fields.length >= 2) return void reading.lines.push({ line: `nc ${shellQuote(fields[0]!)} ${shellQuote(fields[1]!)}`, label: type.toUpperCase() });
  if (LISTEN.test(type)) return void reading.lines.push({ line: `nc -l -p ${shellQuote(fields[0]!)}`, label: type.toUpperCase() });
  if (PROXIED.test(type) && fields.length >= 3) {
    reading.lines.push({ line: `nc ${shellQuote(fields[0]!)} ${shellQuote(fields.at(-1)!)}`, label: type.toUpperCase() });
    reading.lines.push({ line: `nc ${shellQuote(fields[1]!)} ${shellQuote(fields[2]!)}`, label: type.toUpperCase() });
    return;
  }
  if (FILES.test(type)) addFile(main, optionsOf(body), reading, type === "create" || type === "creat");
}

/** A file address is read; it is written when created, truncated, appended to or opened for writing. */
function addFile(path: string, options: string[], reading: CodeReading, created = false) {
  if (path === "") return;
  const writes = created || options.some((option) => /^(?:creat|create|trunc|append|wronly|rdwr)\b/.test(option));
  if (!created) reading.lines.push({ line: readLine(path), label: "file address" });
  if (writes) reading.lines.push({ line: writeLine(path), label: "file address" });
}

/** The part before the first option comma (commas inside quotes stay). */
function mainPart(body: string): string {
  let quote: string | undefined;
  for (let index = 0; index < body.length; index++) {
    const char = body[index]!;
    if (char === "\\") index++;
    else if (quote) quote = char === quote ? undefined : quote;
    else if (char === '"' || char === "'") quote = char;
    else if (char === ",") return body.slice(0, index);
  }
  return body;
}

function optionsOf(body: string): string[] {
  return body
    .slice(mainPart(body).length)
    .split(",")
    .map((option) => option.trim().toLowerCase())
    .filter((option) => option !== "");
}
