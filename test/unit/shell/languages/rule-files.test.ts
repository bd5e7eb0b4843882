// Network tools' batch files read as the command lines they hold: iptables-restore rule sets, nft scripts, ip -batch.
import { describe, expect, test } from "bun:test";
import { readIpBatch, readIptablesRules, readNftScript } from "../../../../src/shell/languages/rule-files.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const lines = (reading: { lines: { line: string }[] }) => reading.lines.map((entry) => entry.line);

describe("iptables rule sets", () => {
  test("rules and flushes are iptables commands in their table; a user chain is made", () => {
    const text =
      '# saved\n*nat\n:PREROUTING ACCEPT [0:0]\n-A PREROUTING -p tcp --dport 80 -j REDIRECT --to-ports 8080\nCOMMIT\n*filter\n:LOGGED - [0:0]\n-F\n-A INPUT -m comment --comment "ssh in" -j ACCEPT\nCOMMIT\n';
    expect(lines(readIptablesRules(text, "iptables"))).toEqual([
      "iptables -t nat -A PREROUTING -p tcp --dport 80 -j REDIRECT --to-ports 8080",
      "iptables -t filter -N LOGGED",
      "iptables -t filter -F",
      "iptables -t filter -A INPUT -m comment --comment 'ssh in' -j ACCEPT",
    ]);
  });

  test("an ACCEPT policy counts on INPUT and FORWARD of the filter table, unless a rule closes the chain", () => {
    const open = "*filter\n:INPUT ACCEPT [0:0]\n:FORWARD DROP [0:0]\n:OUTPUT ACCEPT [0:0]\nCOMMIT\n";
    expect(lines(readIptablesRules(open, "ip6tables"))).toEqual(["ip6tables -t filter -P INPUT ACCEPT", "ip6tables -t filter -P FORWARD DROP"]);
    const closed = "*filter\n:INPUT ACCEPT [0:0]\n-A INPUT -i lo -j ACCEPT\n-A INPUT -j REJECT\nCOMMIT\n";
    expect(lines(readIptablesRules(closed, "iptables"))).toEqual(["iptables -t filter -A INPUT -i lo -j ACCEPT", "iptables -t filter -A INPUT -j REJECT"]);
  });
});

describe("nft scripts and ip batches", () => {
  test("nft: top-level commands run, table blocks only declare", () => {
    const text =
      "#!/usr/sbin/nft -f\nflush ruleset\ntable inet filter {\n  chain input {\n    type filter hook input priority 0; policy drop;\n    flush chain x\n  }\n}\ndelete table ip nat; add table ip t\n";
    expect(lines(readNftScript(text))).toEqual(["nft flush ruleset", "nft delete table ip nat", "nft add table ip t"]);
  });

  test("ip: each line is an ip command", () => {
    expect(lines(readIpBatch("# routes\nroute add 10.0.0.0/8 via 192.0.2.1\nlink set dev eth0 down\n"))).toEqual([
      "ip route add 10.0.0.0/8 via 192.0.2.1",
      "ip link set dev eth0 down",
    ]);
  });
});
