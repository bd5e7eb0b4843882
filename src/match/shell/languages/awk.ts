// awk programs: besides system() (the call table), output piped to a command
// (`print … | "cmd"`, `|&` for gawk's coprocesses), a command's output read
// (`"cmd" | getline`), output written to a file (`print > "f"`, `>> "f"`),
// a file read (`getline < "f"`), and gawk's network files
// (`/inet/tcp/0/host/port`). What is printed into a shell is what that shell
// runs: a literal becomes its input, anything else an input nobody can see.
import { type CodeReading, readCode, UNKNOWN } from "./code.ts";
import { addReading, emptyReading, readLine, writeLine } from "./file-lines.ts";
import { shellQuote } from "./quote.ts";

const STRING = String.raw`"(?:[^"\\\n]|\\.)*"`;
/** A print statement up to its redirection: `print`/`printf` and its arguments, not crossing a statement end. */
const PRINT = String.raw`\bprintf?\b((?:${STRING}|[^;{}\n|>"])*)`;

export function readAwk(program: string, interpreter: string): CodeReading {
  const reading = emptyReading();
  addReading(reading, readCode("awk", program, interpreter));
  for (const match of program.matchAll(new RegExp(`${PRINT}\\|&?\\s*(${STRING}|[A-Za-z_]\\w*)`, "g"))) {
    const command = target(match[2]!);
    const printed = singleLiteral(match[1]!);
    const input = printed === undefined ? `cat -- ${UNKNOWN}` : `printf '%s\\n' ${shellQuote(printed)}`;
    reading.lines.push({ line: `${input} | ${command}`, label: "print |" });
  }
  for (const match of program.matchAll(new RegExp(`(${STRING}|[A-Za-z_]\\w*)\\s*\\|&?\\s*getline`, "g"))) {
    reading.lines.push({ line: target(match[1]!), label: "| getline" });
  }
  for (const match of program.matchAll(new RegExp(`${PRINT}>>?\\s*(${STRING}|[A-Za-z_$(][^;}\\n]*)`, "g"))) {
    reading.lines.push({ line: writeLine(fileName(match[2]!)), label: "print >" });
  }
  for (const match of program.matchAll(new RegExp(`\\bgetline\\b[^;<}\\n|]*<\\s*(${STRING}|[A-Za-z_$(][^;}\\n]*)`, "g"))) {
    reading.lines.push({ line: readLine(fileName(match[1]!)), label: "getline <" });
  }
  for (const match of program.matchAll(/\/inet[46]?\/(tcp|udp)\/(\d+)\/([^/"\s]+)\/(\d+)/g)) {
    const [, protocol, localPort, host, port] = match as unknown as [string, string, string, string, string];
    const line = host === "0" ? `nc -l -p ${localPort}` : `nc ${protocol === "udp" ? "-u " : ""}${shellQuote(host)} ${port}`;
    reading.lines.push({ line, label: "/inet" });
  }
  return reading;
}

/** A command given as a string literal, or an expression only known at run time. */
function target(expression: string): string {
  return literal(expression) ?? UNKNOWN;
}

/** A file name given as a literal; anything computed is a name nobody can see. */
function fileName(expression: string): string {
  const name = literal(expression.trim());
  return name ?? "";
}

function literal(expression: string): string | undefined {
  if (!/^"(?:[^"\\\n]|\\.)*"$/.test(expression)) return undefined;
  return expression.slice(1, -1).replace(/\\(.)/g, (_whole, char: string) => ({ n: "\n", t: "\t" })[char] ?? char);
}

/** `print "x"` or `printf("x")`: the one literal printed, else undefined. */
function singleLiteral(args: string): string | undefined {
  return literal(args.trim().replace(/^\(([\s\S]*)\)$/, "$1").trim());
}
