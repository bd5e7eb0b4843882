// shell_send writes its input to an interactive bash on a terminal. What bash
// runs is not the text the model sent: the host first turns escapes such as
// `\n` and `\x08` into bytes, then the terminal and readline drop NULs and
// apply the editing keys (backspace, ^U, ^W, ^K, ^Y, cursor moves). This
// models both and returns the lines bash would accept, the partial line left
// in the editor, and what cannot be modelled (completion, history).

export type TerminalInput = {
  /** Complete lines, in order, as bash reads them. */
  lines: string[];
  /** Text typed but not yet entered. */
  pending: string;
  /** Keys whose effect on the line cannot be known (tab completion, history, searches). */
  problems: string[];
};

/**
 * The host's escape processing (SynapsCLI's shell session): `\n \r \t \\ \a
 * \b \0` and `\xHH` below 0x80 become bytes; `\e` and `\x1b` are dropped, as
 * are `\xHH` of 0x80 and above; any other backslash stays as it is.
 */
export function hostEscapes(input: string): string {
  let out = "";
  for (let index = 0; index < input.length; index++) {
    const char = input[index]!;
    if (char !== "\\") {
      out += char;
      continue;
    }
    const next = input[index + 1];
    const simple: Record<string, string> = { n: "\n", r: "\r", t: "\t", "\\": "\\", a: "\x07", b: "\x08", "0": "\0" };
    if (next !== undefined && next in simple) {
      out += simple[next];
      index++;
    } else if (next === "e") index++;
    else if (next === "x") {
      const hex = /^[0-9a-fA-F]{1,2}/.exec(input.slice(index + 2))?.[0] ?? "";
      if (hex === "") {
        out += "\\x";
        index++;
        continue;
      }
      const byte = Number.parseInt(hex, 16);
      if (byte !== 0x1b && byte < 0x80) out += String.fromCharCode(byte);
      index += 1 + hex.length;
    } else out += "\\";
  }
  return out;
}

const CONTROL_NAMES: Record<number, string> = {
  0x09: "tab (completion)",
  0x0e: "^N (history)",
  0x0f: "^O (history)",
  0x10: "^P (history)",
  0x12: "^R (history search)",
  0x13: "^S (history search)",
  0x18: "^X (a key prefix)",
  0x11: "^Q",
  0x1c: "^\\",
  0x1d: "^]",
  0x1e: "^^",
  0x1f: "^_ (undo)",
  0x1b: "Esc",
};

/** Readline's editing of what arrives, line by line. `pending` is the partial line from earlier sends. */
export function editLines(pending: string, bytes: string): TerminalInput {
  const result: TerminalInput = { lines: [], pending: "", problems: [] };
  let line = pending;
  let cursor = line.length;
  let killed = "";
  for (let index = 0; index < bytes.length; index++) {
    const code = bytes.charCodeAt(index);
    if (code >= 0x20 && code !== 0x7f) {
      line = line.slice(0, cursor) + bytes[index] + line.slice(cursor);
      cursor++;
      continue;
    }
    switch (code) {
      case 0x0a:
      case 0x0d:
        result.lines.push(line);
        line = "";
        cursor = 0;
        break;
      case 0x00:
      case 0x07:
      case 0x0c:
      case 0x1a:
        break;
      case 0x03: // ^C: the line is thrown away
        line = "";
        cursor = 0;
        break;
      case 0x04: // ^D: end of input on an empty line, else delete under the cursor
        line = line.slice(0, cursor) + line.slice(cursor + 1);
        break;
      case 0x08:
      case 0x7f:
        if (cursor > 0) {
          line = line.slice(0, cursor - 1) + line.slice(cursor);
          cursor--;
        }
        break;
      case 0x15: // ^U: kill to the start of the line
        killed = line.slice(0, cursor);
        line = line.slice(cursor);
        cursor = 0;
        break;
      case 0x0b: // ^K: kill to the end
        killed = line.slice(cursor);
        line = line.slice(0, cursor);
        break;
      case 0x17: {
        // ^W: kill the whitespace-delimited word before the cursor (and the blanks after it)
        const start = line.slice(0, cursor).search(/\S*\s*$/);
        killed = line.slice(start, cursor);
        line = line.slice(0, start) + line.slice(cursor);
        cursor = start;
        break;
      }
      case 0x19: // ^Y: yank what was killed
        line = line.slice(0, cursor) + killed + line.slice(cursor);
        cursor += killed.length;
        break;
      case 0x01:
        cursor = 0;
        break;
      case 0x05:
        cursor = line.length;
        break;
      case 0x02:
        cursor = Math.max(0, cursor - 1);
        break;
      case 0x06:
        cursor = Math.min(line.length, cursor + 1);
        break;
      case 0x14: // ^T: transpose the characters around the cursor
        if (cursor > 0 && line.length >= 2) {
          const at = cursor === line.length ? cursor - 1 : cursor;
          line = line.slice(0, at - 1) + line[at] + line[at - 1] + line.slice(at + 1);
          cursor = Math.min(line.length, at + 1);
        }
        break;
      case 0x16: // ^V: the next character is inserted as it is
        if (index + 1 < bytes.length) {
          index++;
          line = line.slice(0, cursor) + bytes[index] + line.slice(cursor);
          cursor++;
        }
        break;
      default:
        result.problems.push(
          `the input types ${CONTROL_NAMES[code] ?? `the control character 0x${code.toString(16).padStart(2, "0")}`}, which changes the line in a way that cannot be known`,
        );
    }
  }
  if (cursor !== line.length && line !== "") result.problems.push("the input leaves the cursor inside a partial line, so what comes next is inserted where it cannot be known");
  result.pending = line;
  return result;
}

/** What bash reads when shell_send writes `input`, after `pending` typed earlier. */
export function readTerminalInput(pending: string, input: string): TerminalInput {
  return editLines(pending, hostEscapes(input));
}
