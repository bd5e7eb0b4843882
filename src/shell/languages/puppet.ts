// Puppet manifests given inline (`puppet apply -e '…'`) or as a file: a
// `file` resource writes the file its title (or `path =>`) names, an `exec`
// resource runs its title (or `command =>`) as a command. Other resources
// (packages, services, users) are the tool's own business here.
import type { CodeReading } from "./code.ts";
import { emptyReading, writeLine } from "./file-lines.ts";

/** `TYPE { 'TITLE': attr => value, … }`: the type, the title and the attributes' text. */
const RESOURCE = /\b(file|exec)\s*\{\s*(["'])([^"']*)\2\s*:([^}]*)\}/g;

export function readPuppet(manifest: string): CodeReading {
  const reading = emptyReading();
  for (const [, type, , title, body] of manifest.matchAll(RESOURCE)) {
    if (type === "file") reading.lines.push({ line: writeLine(attribute(body!, "path") ?? title!), label: "file resource" });
    else reading.lines.push({ line: attribute(body!, "command") ?? title!, label: "exec resource" });
  }
  return reading;
}

function attribute(body: string, name: string): string | undefined {
  return new RegExp(`\\b${name}\\s*=>\\s*(["'])([^"']*)\\1`).exec(body)?.[2];
}
