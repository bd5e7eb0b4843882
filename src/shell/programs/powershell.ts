// pwsh and powershell: their own command line, read as PowerShell reads it.
// Parameters are case-insensitive and may be shortened to any prefix that
// PowerShell resolves (`-c`, `-comm`, `-enc`, `-ep`, `-NoP`), written with
// one dash, two, or a slash. `-Command` takes every word after it as one
// text of code (`-` reads it from stdin); `-EncodedCommand` is that code as
// base64 of UTF-16LE, decoded here; `-File` names a script and what follows
// are its arguments. A first word that is no parameter is a script for pwsh
// and code for Windows PowerShell (whose default is -Command).
import { type Field, fieldText, literalField, mergeSources, singleValue, unknownField } from "../expand/field.ts";
import type { ArgvReading } from "./read-argv.ts";
import type { ArgRole, ProgramSpec } from "./spec.ts";

/** The names PowerShell answers to (lower case, as the program table keys them). */
export const POWERSHELL_NAMES = ["pwsh", "pwsh.exe", "pwsh-preview", "powershell", "powershell.exe"] as const;

/** What the table says of them: code on stdin, in PowerShell. The command line is read by `readPowershellArgv`. */
export const POWERSHELL: ProgramSpec = {
  options: { "-command": "code:powershell", "-encodedcommand": "code:powershell", "-file": "script" },
  operands: ["script", "read"],
  stdin: "code:powershell",
};

type Parameter = { name: string; role: ArgRole | "flag" | "rest"; shortest: string; aliases?: readonly string[] };

/** In the order PowerShell tries them: the first whose name starts with the word, the word at least its shortest form. */
const PARAMETERS: readonly Parameter[] = [
  { name: "commandwithargs", role: "rest", shortest: "commandwithargs", aliases: ["cwa"] },
  { name: "configurationname", role: "value", shortest: "config" },
  { name: "configurationfile", role: "read", shortest: "configurationfile" },
  { name: "custompipename", role: "value", shortest: "cus" },
  { name: "command", role: "rest", shortest: "c" },
  { name: "windowstyle", role: "value", shortest: "w" },
  { name: "workingdirectory", role: "path", shortest: "wo", aliases: ["wd"] },
  { name: "file", role: "script", shortest: "f" },
  { name: "executionpolicy", role: "value", shortest: "ex", aliases: ["ep"] },
  { name: "encodedcommand", role: "code:powershell", shortest: "e", aliases: ["ec"] },
  { name: "encodedarguments", role: "value", shortest: "encodeda", aliases: ["ea"] },
  { name: "settingsfile", role: "read", shortest: "settings" },
  { name: "inputformat", role: "value", shortest: "inp", aliases: ["if"] },
  { name: "outputformat", role: "value", shortest: "o", aliases: ["of"] },
  { name: "interactive", role: "flag", shortest: "i" },
  { name: "login", role: "flag", shortest: "l" },
  { name: "mta", role: "flag", shortest: "mta" },
  { name: "sta", role: "flag", shortest: "sta" },
  { name: "noexit", role: "flag", shortest: "noe" },
  { name: "nologo", role: "flag", shortest: "nol" },
  { name: "noninteractive", role: "flag", shortest: "noni" },
  { name: "noprofile", role: "flag", shortest: "nop" },
  { name: "noprofileloadtime", role: "flag", shortest: "noprofileloadtime" },
  { name: "version", role: "flag", shortest: "v" },
  { name: "help", role: "flag", shortest: "h" },
];

function parameterOf(word: string): Parameter | undefined {
  const key = word.replace(/^(?:--?|\/)/, "").toLowerCase();
  if (key === "?") return PARAMETERS.find((parameter) => parameter.name === "help");
  return PARAMETERS.find((parameter) => parameter.aliases?.includes(key) || (parameter.name.startsWith(key) && key.startsWith(parameter.shortest)));
}

export function readPowershellArgv(name: string, args: readonly Field[], spec: ProgramSpec | undefined): ArgvReading {
  const reading: ArgvReading = { flags: [], operands: [], roled: [], subcommand: [], tags: [], assignments: [], inert: false, ...(spec ? { spec } : {}) };
  const windows = name.startsWith("powershell");
  for (let index = 0; index < args.length; index++) {
    const field = args[index]!;
    const word = singleValue(field);
    const parameter = word !== undefined && /^(?:--?|\/)[A-Za-z?]/.test(word) ? parameterOf(word) : undefined;
    if (!parameter) {
      // An unknown parameter is refused by PowerShell; a first word that is none is a script (pwsh) or code (powershell).
      if (word !== undefined && /^-/.test(word)) {
        reading.flags.push(word.toLowerCase());
        continue;
      }
      if (windows) addCode(reading, "-command", args.slice(index));
      else addScript(reading, "", args.slice(index));
      return reading;
    }
    const flag = `-${parameter.name}`;
    reading.flags.push(flag);
    if (parameter.role === "flag") continue;
    if (parameter.role === "rest") {
      // -CommandWithArgs: the first word is the code, the others its $args.
      addCode(reading, flag, parameter.name === "command" ? args.slice(index + 1) : args.slice(index + 1, index + 2));
      return reading;
    }
    if (parameter.role === "script") {
      addScript(reading, flag, args.slice(index + 1));
      return reading;
    }
    const value = args[++index];
    if (value === undefined) return reading;
    const decoded = parameter.name === "encodedcommand" ? decodeCommand(value) : value;
    reading.roled.push({ field: decoded, role: parameter.role, option: flag });
    reading.operands.push(fieldText(value));
  }
  return reading;
}

/** -Command's words, joined by spaces as PowerShell joins them; `-` alone reads the code from stdin. */
function addCode(reading: ArgvReading, option: string, words: readonly Field[]) {
  for (const word of words) reading.operands.push(fieldText(word));
  if (words.length === 0 || (words.length === 1 && singleValue(words[0]!) === "-")) return;
  const values = words.map((word) => singleValue(word));
  const field: Field = values.every((value) => value !== undefined)
    ? literalField(values.join(" "), words.map((word) => word.text).join(" "))
    : unknownField(words.map((word) => word.text).join(" "), mergeSources(...words.map((word) => word.sources)));
  reading.roled.push({ field, role: "code:powershell", ...(option ? { option } : {}) });
}

/** -File SCRIPT ARGS…: the script runs; its arguments may be files it reads. */
function addScript(reading: ArgvReading, option: string, words: readonly Field[]) {
  const [script, ...rest] = words;
  if (!script) return;
  reading.roled.push({ field: script, role: "script", ...(option ? { option } : {}) });
  reading.operands.push(fieldText(script));
  for (const word of rest) {
    reading.roled.push({ field: word, role: "read" });
    reading.operands.push(fieldText(word));
  }
}

/** -EncodedCommand: base64 of the UTF-16LE text. A value that is not base64 stays as written (PowerShell refuses it). */
function decodeCommand(field: Field): Field {
  const value = singleValue(field);
  if (value === undefined || !/^[A-Za-z0-9+/]+={0,2}$/.test(value)) return field;
  const text = Buffer.from(value, "base64").toString("utf16le");
  return literalField(text, field.text);
}
