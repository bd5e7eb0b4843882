// Where a named network or package index points, read from the file that
// defines the name: Foundry's foundry.toml `[rpc_endpoints]` (`sepolia =
// "https://…"` or `"${SEPOLIA_RPC_URL}"`), Hardhat's config `networks: {
// sepolia: { url: … } }`, and ~/.pypirc's `[testpypi]` section with its
// `repository`. A name is only a label: `sepolia = "https://mainnet…"` sends to
// mainnet. The reader answers a URL, or `$NAME` for a value taken from an
// environment variable (judged by the variable's name), or undefined when the
// file does not define the name.
import { parse as parseToml } from "smol-toml";

export type AliasFormat = "foundry" | "hardhat" | "pypirc";

/** The destination the file gives `name`, or undefined when it gives none. */
export function aliasDestination(format: AliasFormat, text: string, name: string): string | undefined {
  if (format === "foundry") return foundryEndpoint(text, name);
  if (format === "hardhat") return hardhatNetworkUrl(text, name);
  return pypircRepository(text, name);
}

function foundryEndpoint(text: string, name: string): string | undefined {
  let data: unknown;
  try {
    data = parseToml(text);
  } catch {
    return undefined;
  }
  const endpoints = isTable(data) ? data.rpc_endpoints : undefined;
  const value = isTable(endpoints) ? endpoints[name] : undefined;
  // `{ url = "…" }` is the table form of an endpoint.
  const url = isTable(value) ? value.url : value;
  return typeof url === "string" ? asVariable(url) : undefined;
}

/** `${NAME}` (Foundry's interpolation) as `$NAME`; anything else as written. */
function asVariable(value: string): string {
  const variable = /^\$\{?([A-Za-z_]\w*)\}?$/.exec(value.trim());
  return variable ? `$${variable[1]}` : value.trim();
}

/** The network's object in `networks: { … }`, up to its `url`: a string literal, or an environment lookup. */
function hardhatNetworkUrl(text: string, name: string): string | undefined {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const start = new RegExp(`(?:^|[\\s,{])["'\`]?${escaped}["'\`]?\\s*:\\s*\\{`).exec(text);
  if (!start) return undefined;
  const body = text.slice(start.index + start[0].length, start.index + start[0].length + 600);
  const literal = /\burl\s*:\s*(["'`])([^"'`]*)\1/.exec(body);
  if (literal) return literal[2]!.includes("${") ? undefined : literal[2];
  const variable = /\burl\s*:\s*(?:process\.env\.([A-Za-z_]\w*)|process\.env\[\s*["']([A-Za-z_]\w*)["']\s*\]|(?:vars\.get|configVariable)\(\s*["']([A-Za-z_]\w*)["'])/.exec(body);
  const found = variable?.[1] ?? variable?.[2] ?? variable?.[3];
  return found ? `$${found}` : undefined;
}

/** An INI section's `repository` key (twine's default for a section without one is PyPI's upload URL). */
function pypircRepository(text: string, name: string): string | undefined {
  let inSection = false;
  let found = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const section = /^\[([^\]]+)\]$/.exec(line);
    if (section) {
      inSection = section[1]!.trim() === name;
      found ||= inSection;
      continue;
    }
    const key = inSection ? /^repository\s*[=:]\s*(\S+)/.exec(line) : null;
    if (key) return key[1];
  }
  return found ? "https://upload.pypi.org/legacy/" : undefined;
}

function isTable(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
