// The batch files of network tools, read as the commands they amount to:
// `iptables-restore` (and ip6tables-restore) rule files, `nft -f` files and
// `ip -batch` files. Each line of such a file is the tool's own command
// line, so it is judged as that command would be: `-F` in a rules file is
// `iptables -t TABLE -F`, `flush ruleset` in an nft file is `nft flush
// ruleset`, `link set eth0 down` in an ip batch is `ip link set eth0 down`.
import type { CodeReading } from "./code.ts";
import { emptyReading } from "./file-lines.ts";
import { shellQuote } from "./quote.ts";

/** Lines without comments and blanks. */
function commandLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
}

/** A line's words as shell words: a rules file's own quoting (`--comment "a b"`) kept, nothing expanded. */
function shellWords(line: string): string {
  return [...line.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((match) => shellQuote(match[1] ?? match[2] ?? match[3]!)).join(" ");
}

/** The chains whose ACCEPT policy lets the network in. */
const OPENING_CHAINS = new Set(["INPUT", "FORWARD"]);

/**
 * An iptables-save file: `*TABLE` opens a table, `:CHAIN POLICY [n:m]` sets a built-in chain's policy (or makes a
 * chain, policy `-`), other lines are rules (`-A …`, `-F`, `-X`) and `COMMIT` ends the table. An ACCEPT policy
 * opens the machine only on the filter table's INPUT and FORWARD chains (every saved rule set accepts its own
 * OUTPUT, and nat, mangle and raw accept by design), and only when no rule ends that chain in DROP or REJECT: a
 * file that opens with `:INPUT ACCEPT` and closes with `-A INPUT -j DROP` still filters.
 */
export function readIptablesRules(text: string, program: string): CodeReading {
  const reading = emptyReading();
  const tables = new Map<string, string[]>();
  let table = "filter";
  for (const line of commandLines(text)) {
    if (line.startsWith("*")) table = line.slice(1).trim() || "filter";
    else if (line !== "COMMIT") tables.set(table, [...(tables.get(table) ?? []), line]);
  }
  for (const [name, lines] of tables) {
    const closed = (chain: string) => lines.some((line) => new RegExp(`^-[AI]\\s+${chain}\\b.*-j\\s+(?:DROP|REJECT)\\s*$`).test(line));
    for (const line of lines) {
      const policy = /^:(\S+)\s+(\S+)/.exec(line);
      const command = policy
        ? policy[2] === "-"
          ? `-N ${shellQuote(policy[1]!)}`
          : policy[2] === "ACCEPT" && (name !== "filter" || !OPENING_CHAINS.has(policy[1]!) || closed(policy[1]!))
            ? undefined
            : `-P ${shellQuote(policy[1]!)} ${shellQuote(policy[2]!)}`
        : line.startsWith("-")
          ? shellWords(line)
          : undefined;
      if (command !== undefined) reading.lines.push({ line: `${program} -t ${shellQuote(name)} ${command}`, label: `${program}-restore` });
    }
  }
  return reading;
}

/**
 * An nft script: the commands at the top level (`flush ruleset`, `delete table inet filter`, `add rule …`) are
 * `nft` command lines; what a `table … { … }` block declares replaces that table's contents and runs nothing else.
 */
export function readNftScript(text: string): CodeReading {
  const reading = emptyReading();
  let depth = 0;
  for (const raw of commandLines(text)) {
    const line = raw.replace(/\s+#.*$/, "");
    if (depth === 0 && !line.startsWith("include") && !line.startsWith("define"))
      for (const command of line.replace(/\{.*$/, "").split(";"))
        if (command.trim() !== "" && !/^(?:table|chain|set|map)\b/.test(command.trim())) reading.lines.push({ line: `nft ${shellWords(command.trim())}`, label: "nft -f" });
    for (const char of line) depth += char === "{" ? 1 : char === "}" ? -1 : 0;
    depth = Math.max(depth, 0);
  }
  return reading;
}

/** An `ip -batch` file: each line is an `ip` command line (`-force` only keeps going past errors). */
export function readIpBatch(text: string): CodeReading {
  const reading = emptyReading();
  for (const line of commandLines(text)) reading.lines.push({ line: `ip ${shellWords(line)}`, label: "ip -batch" });
  return reading;
}
