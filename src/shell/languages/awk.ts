// awk programs: besides system() (the call table), output piped to a command
// (`print … | "cmd"`, `|&` for gawk's coprocesses), a command's output read
// (`"cmd" | getline`), output written to a file (`print > "f"`, `>> "f"`),
// a file read (`getline < "f"`), and gawk's network files
// (`/inet/tcp/0/host/port`). What is printed into a shell is what that shell
// runs: a literal becomes its input, anything else an input nobody can see.
// The program is cut into statements once, and each is read once, so a long
// program costs its length, not its square.
import { type CodeReading, readCode, UNKNOWN } from "./code.ts";
import { addReading, emptyReading, readLine, writeLine } from "./file-lines.ts";
import { shellQuote } from "./quote.ts";

const STRING = String.raw`"(?:[^"\\\n]|\\.)*"`;

export function readAwk(program: string, interpreter: string): CodeReading {
  const reading = emptyReading();
  addReading(reading, readCode("awk", program, interpreter));
  for (const statement of statements(program)) {
    readPrint(statement, reading);
    for (const match of statement.matchAll(new RegExp(`(${STRING}|[A-Za-z_]\\w*)\\s*\\|&?\\s*getline`, "g")))
      reading.lines.push({ line: literal(match[1]!) ?? UNKNOWN, label: "| getline" });
    for (const match of statement.matchAll(new RegExp(`\\bgetline\\b[^<|]{0,200}<\\s*(${STRING}|[A-Za-z_$(].{0,200})`, "g")))
      reading.lines.push({ line: readLine(literal(match[1]!.trim()) ?? ""), label: "getline <" });
  }
  for (const match of program.matchAll(/\/inet[46]?\/(tcp|udp)\/(\d+)\/([^/"\s]+)\/(\d+)/g)) {
    const [, protocol, localPort, host, port] = match as unknown as [string, string, string, string, string];
    const line = host === "0" ? `nc -l -p ${localPort}` : `nc ${protocol === "udp" ? "-u " : ""}${shellQuote(host)} ${port}`;
    reading.lines.push({ line, label: "/inet" });
  }
  return reading;
}

/** The program's statements: split at `;`, braces and newlines outside strings. */
function statements(program: string): string[] {
  const found: string[] = [];
  let start = 0;
  for (let index = 0; index < program.length; index++) {
    const char = program[index]!;
    if (char === '"') {
      for (index++; index < program.length && program[index] !== '"' && program[index] !== "\n"; index++) if (program[index] === "\\") index++;
    } else if (char === ";" || char === "{" || char === "}" || char === "\n") {
      found.push(program.slice(start, index));
      start = index + 1;
    }
  }
  found.push(program.slice(start));
  return found.map((statement) => statement.trim()).filter((statement) => statement !== "");
}

/** `print ARGS | "cmd"`, `print ARGS > "file"`: the first top-level `|` or `>` after print (not inside parentheses). */
function readPrint(statement: string, reading: CodeReading) {
  const print = /\bprintf?\b/.exec(statement);
  if (!print) return;
  const start = print.index + print[0].length;
  let depth = 0;
  for (let index = start; index < statement.length; index++) {
    const char = statement[index]!;
    if (char === '"') {
      for (index++; index < statement.length && statement[index] !== '"'; index++) if (statement[index] === "\\") index++;
    } else if (char === "(") depth++;
    else if (char === ")") depth--;
    else if (depth === 0 && char === "|" && statement[index + 1] !== "|") {
      const target = statement.slice(index + 1).replace(/^&?\s*/, "");
      const command = literal(/^(?:"(?:[^"\\]|\\.)*"|[A-Za-z_]\w*)/.exec(target)?.[0] ?? "") ?? UNKNOWN;
      const printed = singleLiteral(statement.slice(start, index));
      const input = printed === undefined ? `cat -- ${UNKNOWN}` : `printf '%s\\n' ${shellQuote(printed)}`;
      reading.lines.push({ line: `${input} | ${command}`, label: "print |" });
      return;
    } else if (depth === 0 && char === ">") {
      const target = statement.slice(index + 1).replace(/^>?\s*/, "");
      reading.lines.push({ line: writeLine(literal(target.trim()) ?? ""), label: "print >" });
      return;
    }
  }
}

function literal(expression: string): string | undefined {
  if (!/^"(?:[^"\\\n]|\\.)*"$/.test(expression)) return undefined;
  return expression.slice(1, -1).replace(/\\(.)/g, (_whole, char: string) => ({ n: "\n", t: "\t" })[char] ?? char);
}

/** `print "x"` or `printf("x")`: the one literal printed, else undefined. */
function singleLiteral(args: string): string | undefined {
  return literal(
    args
      .trim()
      .replace(/^\(([\s\S]*)\)$/, "$1")
      .trim(),
  );
}
