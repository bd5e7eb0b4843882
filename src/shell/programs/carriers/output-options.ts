// Programs that write a file an option (or an operand) names — a report, a
// dump, a capture, a cracked-password list, saved firewall rules, an
// alternatives link — so the write rules see the file (a start-up file, a
// system file) whatever the program is; and puppet's inline manifests,
// whose `file` resources write and whose `exec` resources run a command.
import type { ProgramSpec } from "../spec.ts";

const SAVE_RULES: ProgramSpec = { options: { "-f": "write", "--file": "write", "-t": "value", "--table": "value", "-M": "path", "--modprobe": "path" }, operands: ["value"] };

export const OUTPUT_OPTION_PROGRAMS: Record<string, ProgramSpec> = {
  dmidecode: {
    options: {
      "--dump-bin": "write",
      "--from-dump": "read",
      "-d": "read",
      "--dev-mem": "read",
      "-t": "value",
      "--type": "value",
      "-s": "value",
      "--string": "value",
      "-H": "value",
      "--handle": "value",
    },
    operands: ["value"],
  },
  // gtester runs the test programs it is given and writes its report with -o.
  gtester: { options: { "-o": "write", "-p": "value", "-m": "value", "-s": "value", "--seed": "value" }, operands: ["script"] },
  hashcat: {
    options: {
      "-o": "write",
      "--outfile": "write",
      "--potfile-path": "write",
      "--debug-file": "write",
      "--induction-dir": "path",
      "--outfile-check-dir": "path",
      "-m": "value",
      "--hash-type": "value",
      "-a": "value",
      "--attack-mode": "value",
      "-r": "read",
      "--rules-file": "read",
      "-w": "value",
      "--outfile-format": "value",
      "--session": "value",
    },
    operands: ["read"],
  },
  "iptables-save": SAVE_RULES,
  "ip6tables-save": SAVE_RULES,
  varnishncsa: {
    options: { "-w": "write", "-P": "write", "-F": "value", "-f": "read", "-q": "value", "-g": "value", "-n": "value", "-r": "read", "-L": "value", "-T": "value" },
    operands: ["value"],
  },
  // `--install LINK NAME PATH PRIORITY` makes LINK point at PATH; `--set NAME PATH` repoints an existing one.
  "update-alternatives": {
    options: { "--install": "write", "--set": "value", "--slave": "write", "--altdir": "path", "--admindir": "path", "--log": "write" },
    operands: ["value", "read", "value"],
  },
  puppet: {
    options: {},
    operands: ["value"],
    subcommands: {
      apply: {
        options: { "-e": "code:puppet", "--execute": "code:puppet", "--modulepath": "path", "--logdest": "write", "-l": "write" },
        operands: ["script"],
        stdin: "code:puppet",
      },
      // `puppet filebucket diff A B` prints both files' differing lines; `backup FILE` copies a file into the bucket.
      filebucket: {
        options: { "-l": "flag", "--local": "flag", "-r": "flag", "--remote": "flag", "-s": "host", "--server": "host", "-b": "path", "--bucket": "path" },
        operands: ["value"],
        subcommands: {
          diff: { operands: ["read"] },
          backup: { operands: ["read"] },
          restore: { operands: ["write", "value"] },
          get: { operands: ["value"] },
          list: { operands: ["value"] },
        },
      },
      "*": { operands: ["value"] },
    },
  },
};
