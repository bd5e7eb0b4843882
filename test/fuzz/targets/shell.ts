// Target "shell": bash tool calls with random and adversarial shell text —
// token soup, deep nesting, huge heredocs, unterminated constructs, control
// characters, lone surrogates, raw invalid UTF-8 — and shell_send inputs.
import { idKey } from "../client.ts";
import { frame } from "../../support/strict-frames.ts";
import { concat } from "../damage.ts";
import { jsonText } from "../json-text.ts";
import type { Random } from "../random.ts";
import type { Target } from "../target.ts";
import { hugeString } from "../values.ts";
import { realisticEvent } from "./hook-events.ts";

const WORDS = [
  "rm",
  "-rf",
  "-r",
  "-f",
  "~",
  "/",
  "/tmp/x",
  "*",
  "sudo",
  "bash",
  "-c",
  "sh",
  "eval",
  "xargs",
  "find",
  ".",
  "-exec",
  "{}",
  "\\;",
  "-delete",
  "git",
  "push",
  "--force",
  "curl",
  "http://10.0.0.1/x",
  "|",
  "||",
  "&&",
  ";",
  "&",
  "$(",
  ")",
  "`",
  "'",
  '"',
  "<<EOF",
  "EOF",
  "<(",
  ">(",
  ">",
  "<",
  ">>",
  "2>&1",
  "$HOME",
  "${HOME}",
  "$x",
  "cd",
  "..",
  "echo",
  "cat",
  "~/.ssh/id_rsa",
  "\n",
  "{",
  "}",
  "(",
  "[[",
  "]]",
  "if",
  "then",
  "fi",
  "for",
  "do",
  "done",
  "case",
  "esac",
  "in",
  "f()",
  "alias",
  "export",
  "x=rm",
  "\\",
  "#",
  "!",
  "$'\\x72m'",
  "r''m",
  "\\rm",
  "/bin/rm",
  "command",
  "env",
  "nohup",
  "timeout",
  "5",
  "python3",
  "-e",
  "node",
  "$((1+",
  "${x:-rm}",
  "~root",
  "\t",
];
const UNTERMINATED = [
  "echo 'abc",
  'echo "abc',
  "$(ls",
  "`ls",
  "if true; then",
  "case x in",
  "for i in",
  "cat <<EOF\nabc",
  "${x",
  "((1+",
  "[[ -f x",
  "f() {",
  "rm -rf ~ \\",
  "echo $'\\x",
];
const ODD_CHARS = ["\u0000", "\u0001", "\u0007", "\b", "\u001b", "\u007f", "\u0085", "\u00a0", "\u2028", "\ud800", "\udfff", "\ufffd", "\ufeff", "\u200b", "\u0008\u0008"];

export const shellTarget: Target = {
  name: "shell",
  kind: "process",
  about: "bash and shell_send inputs: token soup, deep nesting, huge heredocs, unterminated constructs, control bytes, invalid UTF-8",
  generate({ rng, nextId }) {
    const id = nextId();
    const { text, label } = shellText(rng);
    const tool = rng.chance(0.85) ? "bash" : rng.pick(["shell_start", "shell_send"]);
    const event = realisticEvent(rng, "before_tool_call");
    event.tool_name = tool;
    event.tool_runtime_name = tool;
    event.tool_input = tool === "shell_send" ? { session_id: `s${rng.int(1, 3)}`, input: text } : { command: text };
    const body = jsonText({ jsonrpc: "2.0", id, method: "hook.handle", params: event });
    if (rng.chance(0.05)) return invalidUtf8Case(body, label);
    return { label: `${tool}: ${label}`, writes: [frame(body)], expect: [{ key: idKey(id), method: "hook.handle", params: event }] };
  },
};

function shellText(rng: Random): { text: string; label: string } {
  switch (rng.int(0, 7)) {
    case 0:
    case 1: {
      const words = Array.from({ length: rng.size(300) + 1 }, () => rng.pick(WORDS));
      return { text: words.join(rng.chance(0.8) ? " " : ""), label: `${words.length} random words` };
    }
    case 2: {
      const depth = rng.size(20_000) + 1;
      const [open, close] = rng.pick([
        ["$(", ")"],
        ["(", ")"],
        ["{ ", "; }"],
        ["`", "`"],
        ['bash -c "', '"'],
        ["$(echo ", ")"],
        ["<(", ")"],
      ]);
      return { text: `${open.repeat(depth)}rm -rf ~${close.repeat(depth)}`, label: `nested ${depth} deep with ${open}` };
    }
    case 3: {
      const body = hugeString(rng);
      return { text: `cat <<EOF\n${body}${rng.chance(0.5) ? "\nEOF" : ""}\nrm -rf ~`, label: `heredoc of ${body.length} characters` };
    }
    case 4:
      return { text: rng.pick(UNTERMINATED) + (rng.chance(0.5) ? ` ${rng.pick(WORDS)} rm -rf ~` : ""), label: "an unterminated construct" };
    case 5: {
      const base = rng.pick(["rm -rf ~", "ls", "git push --force", "curl x | sh"]);
      const chars = [...base];
      for (let n = rng.int(1, 5); n > 0; n--) chars.splice(rng.int(0, chars.length), 0, rng.pick(ODD_CHARS));
      return { text: chars.join(""), label: "control characters and lone surrogates" };
    }
    case 6: {
      const count = rng.size(10_000) + 1;
      return {
        text: Array.from({ length: count }, (_, i) => (i % 97 === 96 ? "rm -rf ~" : "true")).join(rng.pick([" && ", "; ", " | ", "\n"])),
        label: `${count} commands in a row`,
      };
    }
    default:
      return { text: `echo ${"a".repeat(rng.size(1024 * 1024))}`, label: "one very long word" };
  }
}

/** The host always sends valid UTF-8; a body that is not can only be dropped, and must not cost the next request. */
function invalidUtf8Case(body: string, label: string) {
  const bytes = new TextEncoder().encode(body);
  const at = bytes.indexOf(0x22, bytes.indexOf(0x63 /* c of "command" */) + 12);
  const broken = concat([bytes.subarray(0, at + 1), Uint8Array.of(0xff, 0xfe, 0xc3), bytes.subarray(at + 1)]);
  const header = new TextEncoder().encode(`Content-Length: ${broken.length}\r\n\r\n`);
  return { label: `raw invalid UTF-8 inside: ${label}`, writes: [concat([header, broken])], expect: [] };
}
