// Network destinations from the words that name them: URLs (with or without
// a scheme, as curl accepts them), `user@host`, `host:path` locations.
import type { NetworkDestination } from "../view/view.ts";

const DEFAULT_PORTS: Record<string, number> = { http: 80, https: 443, ftp: 21, ssh: 22, git: 9418, ws: 80, wss: 443 };

/** `https://user:pw@host:8443/x`, `host/path`, `10.0.0.1:8080` → the host, port and scheme. */
export function destinationOfUrl(value: string): NetworkDestination | undefined {
  const withScheme = /^([a-z][a-z0-9+.-]*):\/\/(?:[^@/?#]*@)?(\[[^\]]+\]|[^:/?#]*)(?::(\d+))?/i.exec(value);
  if (withScheme) {
    const scheme = withScheme[1]!.toLowerCase();
    const host = withScheme[2]!.replace(/^\[|\]$/g, "").toLowerCase();
    if (host === "" || scheme === "file") return undefined;
    const port = withScheme[3] ? Number(withScheme[3]) : DEFAULT_PORTS[scheme];
    return port === undefined ? { host, scheme } : { host, port, scheme };
  }
  // curl and friends accept a bare host: `example.com/x`, `localhost:3000`, `10.0.0.1`.
  const bare = /^(?:[^@/\s]*@)?([a-z0-9][a-z0-9.-]*\.[a-z0-9-]+|localhost|\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-f:]+\])(?::(\d+))?([/?#]|$)/i.exec(value);
  if (!bare || /^\.|\.$/.test(bare[1]!)) return undefined;
  // `index.html` alone is a file; `bun.sh/install` or `host.sh:8080` is a host.
  const standsAlone = bare[2] === undefined && bare[3] === "";
  if (!looksLikeHost(bare[1]!, standsAlone)) return undefined;
  const host = bare[1]!.replace(/^\[|\]$/g, "").toLowerCase();
  return bare[2] ? { host, port: Number(bare[2]) } : { host };
}

/** SQL Server's way of naming a server (sqlcmd/bcp -S): `tcp:host,port`, `host\\instance`, `host,port`. */
const SQL_SERVER_NAME = /^(?:tcp:)?([a-z0-9_][a-z0-9_.-]*)(?:\\[\w$-]+)?(?:,(\d+))?$/i;

/** `user@host`, `host`, `ssh://host:2222` → the host (for ssh, nc, telnet). */
export function destinationOfHost(value: string): NetworkDestination | undefined {
  if (value.includes("://")) return destinationOfUrl(value);
  const match = /^(?:[^@\s]+@)?(\[[0-9a-f:]+\]|[a-z0-9_][a-z0-9_.-]*)(?::(\d+))?$/i.exec(value) ?? SQL_SERVER_NAME.exec(value);
  if (!match) return undefined;
  const host = match[1]!.replace(/^\[|\]$/g, "").toLowerCase();
  return match[2] ? { host, port: Number(match[2]) } : { host };
}

/**
 * A socat address that connects out (`TCP:host:port`, `OPENSSL:host:port,verify=0`, `UDP4-SENDTO:host:port`) →
 * its host and port, so what socat reads (`< file`, a FILE: address) counts as sent there, as nc's does.
 */
export function destinationOfSocatAddress(value: string): NetworkDestination | undefined {
  const match =
    /^(?:tcp[46]?|tcp[46]?-connect|openssl|openssl-connect|ssl|udp[46]?|udp[46]?-connect|udp[46]?-sendto|udp[46]?-datagram|sctp[46]?-connect|dccp[46]?-connect):(\[[0-9a-f:]+\]|[a-z0-9_][a-z0-9_.-]*):(\d+)/i.exec(
      value,
    );
  if (!match) return undefined;
  return { host: match[1]!.replace(/^\[|\]$/g, "").toLowerCase(), port: Number(match[2]) };
}

/** scp/rsync: `user@host:path` or `host::module` is remote; anything else is a local path. */
export function destinationOfLocation(value: string): NetworkDestination | undefined {
  if (value.includes("://")) return destinationOfUrl(value);
  const match = /^(?:[^@/:\s]+@)?([a-z0-9_][a-z0-9_.-]*|\[[0-9a-f:]+\]):/i.exec(value);
  if (!match) return undefined;
  return { host: match[1]!.replace(/^\[|\]$/g, "").toLowerCase() };
}

/** A name with a dot and a letter in its last label (not `file.txt`-like words), an IP, or localhost. */
function looksLikeHost(host: string, standsAlone: boolean): boolean {
  if (host === "localhost" || /^\d{1,3}(?:\.\d{1,3}){3}$/.test(host) || host.startsWith("[")) return true;
  const tld = host.slice(host.lastIndexOf(".") + 1).toLowerCase();
  return /^[a-z]{2,24}$/.test(tld) && !(standsAlone && FILE_EXTENSIONS.has(tld));
}

/** Words like `index.html`, `data.json` are files, not hosts. */
const FILE_EXTENSIONS = new Set([
  "html",
  "htm",
  "json",
  "txt",
  "md",
  "js",
  "ts",
  "py",
  "sh",
  "tar",
  "gz",
  "tgz",
  "zip",
  "xml",
  "yaml",
  "yml",
  "toml",
  "csv",
  "log",
  "png",
  "jpg",
  "pdf",
  "lock",
  "cfg",
  "conf",
  "ini",
  "env",
  "pem",
  "key",
  "crt",
]);
