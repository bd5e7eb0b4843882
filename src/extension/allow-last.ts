// `/policy allow-last`: the last call the person confirmed becomes a narrow
// exception in their own policy file — an [[override]] that adds exactly
// that input to the asking rule's `unless` (or, when no rule asked but
// `defaults.decision = "confirm"` did, an allow rule for exactly that
// input), appended with a comment saying when and why. Nothing else in the
// file is touched; the reload that follows applies it, and when the file
// would not load with it, the file is put back as it was.
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import type { JsonObject } from "../policy/engine/index.ts";
import type { ConfirmedCall } from "./confirmations.ts";

/** The TOML appended for a confirmed call. */
function allowLastText(call: ConfirmedCall): string {
  const fields = Object.entries(call.input).filter(([, value]) => typeof value === "string" || typeof value === "number" || typeof value === "boolean");
  const input = `{ ${fields.map(([field, value]) => `${tomlKey(field)} = { equals = ${tomlValue(value)} }`).join(", ")} }`;
  const when = call.at.toISOString().replace(/\.\d+Z$/, "Z");
  const why = call.rule ? `rule ${call.rule} asked` : "defaults.decision asked";
  const head = `\n# Added by /policy allow-last on ${when}: you confirmed this ${call.tool} call (${why}: ${oneLine(call.message)}).\n`;
  if (call.rule) return `${head}[[override]]\nrules = ${tomlValue(call.rule)}\nunless = { input = ${input} }\n`;
  return `${head}[[rule]]\nid = ${tomlValue(`allow-last-${when.replace(/[^0-9]/g, "")}`)}\ntool = ${tomlValue(call.tool)}\nwhen = { input = ${input} }\ndecision = "allow"\n`;
}

export type Appended = { ok: true; text: string; restore: () => void } | { ok: false; why: string };

/** Append the exception to the policy file (and a way to put the file back); false and why when it cannot. */
export function appendAllowLast(file: string, call: ConfirmedCall): Appended {
  if (!/\.toml$/i.test(file)) return { ok: false, why: `${file} is not a TOML file; add the exception by hand:\n${allowLastText(call)}` };
  const text = allowLastText(call);
  const before = readFileSync(file, "utf8");
  appendFileSync(file, before.endsWith("\n") || before === "" ? text : `\n${text}`);
  return { ok: true, text, restore: () => writeFileSync(file, before) };
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").slice(0, 160);
}

function tomlKey(key: string): string {
  return /^[A-Za-z0-9_-]+$/.test(key) ? key : tomlValue(key);
}

/** A TOML value: JSON's string escapes are TOML's, except that TOML wants DEL escaped too. */
function tomlValue(value: JsonObject[string]): string {
  if (typeof value === "string") return JSON.stringify(value).replace(/\u007f/g, "\\u007F");
  return String(value);
}
