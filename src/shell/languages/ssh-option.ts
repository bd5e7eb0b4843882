// ssh `-o Key=Value` options that run a local command: ProxyCommand,
// LocalCommand, KnownHostsCommand (and Match exec in a config line).
import type { CodeReading } from "./code.ts";

const COMMAND_OPTIONS = new Set(["proxycommand", "localcommand", "knownhostscommand", "remotecommand"]);

export function readSshOption(option: string): CodeReading {
  const match = /^\s*([A-Za-z]+)\s*[= ]\s*([\s\S]*)$/.exec(option);
  if (!match) return { lines: [], unresolved: [] };
  const key = match[1]!.toLowerCase();
  const value = match[2]!.trim();
  if (!COMMAND_OPTIONS.has(key) || value.toLowerCase() === "none") return { lines: [], unresolved: [] };
  // %h, %p, %r … are filled in by ssh; as words they stay harmless text.
  return { lines: [{ line: value, label: match[1]! }], unresolved: [] };
}
