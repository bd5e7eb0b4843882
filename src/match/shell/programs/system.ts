// System administration programs: signalling processes by name, power,
// services (systemd, SysV, launchd), firewalls, scheduled jobs and sudoers.
// The grammar here lets the system and persistence packs name the verb
// (`systemctl stop`, `ufw disable`, `launchctl load`) and keeps option values
// (`pkill -u bob`, `iptables -A INPUT`) from being read as files or verbs.
import type { ArgRole, OptionRole, ProgramSpec } from "./spec.ts";

/** The pager and editor systemd's tools start (`systemctl status`, `systemctl edit`). */
export const SYSTEMD_PAGERS: Record<string, ArgRole> = { SYSTEMD_PAGER: "shell", PAGER: "shell", SYSTEMD_EDITOR: "shell", EDITOR: "shell", VISUAL: "shell" };

const words = (options: Record<string, OptionRole> = {}): ProgramSpec => ({ options, operands: ["value"] });

const PKILL_OPTIONS: Record<string, OptionRole> = {
  "-u": "value", "--euid": "value", "-U": "value", "--uid": "value", "-g": "value", "--pgroup": "value", "-G": "value", "--group": "value",
  "-P": "value", "--parent": "value", "-s": "value", "--session": "value", "-t": "value", "--terminal": "value", "-F": "read", "--pidfile": "read",
  "--signal": "value", "--ns": "value", "--nslist": "value", "-d": "value", "--delimiter": "value", "-O": "value", "--older": "value",
};

const SYSTEMCTL_VERBS = [
  "start", "stop", "restart", "reload", "try-restart", "reload-or-restart", "try-reload-or-restart", "kill", "clean", "freeze", "thaw", "enable", "disable",
  "reenable", "mask", "unmask", "preset", "preset-all", "revert", "status", "show", "cat", "help", "list-units", "list-unit-files", "list-sockets",
  "list-timers", "list-jobs", "list-dependencies", "is-active", "is-enabled", "is-failed", "is-system-running", "daemon-reload", "daemon-reexec",
  "edit", "set-property", "set-environment", "unset-environment", "show-environment", "import-environment", "poweroff", "reboot", "halt", "kexec",
  "suspend", "hibernate", "hybrid-sleep", "suspend-then-hibernate", "soft-reboot", "rescue", "emergency", "default", "isolate", "exit", "switch-root",
  "get-default", "set-default", "reset-failed", "log-level", "log-target", "bind", "mount-image",
];

const IPTABLES: ProgramSpec = {
  options: {
    "-t": "value", "--table": "value", "-A": "value", "--append": "value", "-I": "value", "--insert": "value", "-D": "value", "--delete": "value",
    "-R": "value", "--replace": "value", "-N": "value", "--new-chain": "value", "-E": "value", "--rename-chain": "value", "-P": "value", "--policy": "value",
    "-j": "value", "--jump": "value", "-g": "value", "--goto": "value", "-p": "value", "--protocol": "value", "-s": "value", "--source": "value",
    "-d": "value", "--destination": "value", "-i": "value", "--in-interface": "value", "-o": "value", "--out-interface": "value", "-m": "value",
    "--match": "value", "--dport": "value", "--sport": "value", "--dports": "value", "--sports": "value", "--state": "value", "--ctstate": "value",
    "--to-destination": "value", "--to-source": "value", "--to-ports": "value", "--comment": "value", "-w": "value", "--wait": "value",
  },
  operands: ["value"],
};

export const SYSTEM_PROGRAMS: Record<string, ProgramSpec> = {
  pkill: { options: PKILL_OPTIONS, operands: ["pattern"] },
  pgrep: { options: PKILL_OPTIONS, operands: ["pattern"] },
  killall: {
    options: { "-u": "value", "--user": "value", "-s": "value", "--signal": "value", "-o": "value", "--older-than": "value", "-y": "value", "--younger-than": "value", "-n": "value", "--ns": "value", "-Z": "value", "--context": "value" },
    operands: ["pattern"],
  },
  killall5: { operands: ["value"] },
  shutdown: { options: { "-t": "value" }, operands: ["value"] },
  reboot: words(),
  halt: words(),
  poweroff: words(),
  init: words(),
  telinit: words(),
  loginctl: { operands: ["value"], env: SYSTEMD_PAGERS, subcommands: Object.fromEntries(["terminate-session", "terminate-user", "kill-session", "kill-user", "poweroff", "reboot", "lock-session", "list-sessions", "list-users", "show-session", "show-user", "session-status", "user-status", "enable-linger", "disable-linger"].map((verb) => [verb, words()])) },
  systemctl: {
    options: { "-H": "host", "--host": "host", "-M": "value", "--machine": "value", "-t": "value", "--type": "value", "--state": "value", "-p": "value", "--property": "value", "-s": "value", "--signal": "value", "--kill-whom": "value", "--root": "path", "-n": "value", "--lines": "value", "-o": "value", "--output": "value", "--job-mode": "value", "--timestamp": "value", "--what": "value", "--image": "read" },
    operands: ["value"],
    env: SYSTEMD_PAGERS,
    subcommands: { ...Object.fromEntries(SYSTEMCTL_VERBS.map((verb) => [verb, words()])), link: { operands: ["read"] } },
  },
  service: { operands: ["value", "value"] },
  "rc-service": { operands: ["value", "value"] },
  "invoke-rc.d": { operands: ["value", "value"] },
  launchctl: {
    operands: ["value"],
    subcommands: {
      load: { options: { "-w": "flag", "-F": "flag", "-S": "value", "-D": "value" }, operands: ["read"] },
      unload: { options: { "-w": "flag", "-S": "value", "-D": "value" }, operands: ["read"] },
      bootstrap: { operands: ["value", "read"] },
      bootout: { operands: ["value", "read"] },
      submit: { options: { "-l": "value", "-p": "argv", "-o": "write", "-e": "write" }, operands: ["argv"] },
      asuser: { operands: ["value", "argv"] },
      bsexec: { operands: ["value", "argv"] },
      ...Object.fromEntries(["remove", "disable", "enable", "kill", "kickstart", "start", "stop", "list", "print", "setenv", "unsetenv", "getenv", "blame", "limit"].map((verb) => [verb, words()])),
    },
  },
  iptables: IPTABLES,
  ip6tables: IPTABLES,
  "iptables-legacy": IPTABLES,
  "iptables-nft": IPTABLES,
  nft: { options: { "-f": "read", "--file": "read", "-I": "path", "--includepath": "path" }, operands: ["value"] },
  ufw: { options: { "--force": "flag", "--dry-run": "flag" }, operands: ["value"], subcommands: Object.fromEntries(["enable", "disable", "reset", "reload", "status", "allow", "deny", "reject", "limit", "delete", "insert", "default", "logging", "show", "app", "route", "version"].map((verb) => [verb, words()])) },
  pfctl: { options: { "-F": "value", "-f": "read", "-s": "value", "-a": "value", "-k": "value", "-t": "value", "-T": "value", "-x": "value", "-K": "value", "-D": "value" }, operands: ["value"] },
  setenforce: words(),
  // A crontab file (or standard input) is a table of commands to run later; -l and -T only read it.
  crontab: { options: { "-u": "value", "-e": "flag", "-l": "flag", "-r": "flag", "-i": "flag", "-s": "flag", "-T": "flag" }, operands: ["script"], stdin: "code:crontab", env: { EDITOR: "shell", VISUAL: "shell" }, inertWith: ["-l", "-T"] },
  visudo: { options: { "-f": "write", "--file": "write" }, operands: ["write"] },
  defaults: { operands: ["value"] },
  // A named pipe is a file later commands read: `mkfifo /tmp/f; cat /tmp/f | sh` is a flow from it.
  mkfifo: { options: { "-m": "value", "--mode": "value", "-Z": "flag", "--context": "value" }, operands: ["write"] },
  mknod: { options: { "-m": "value", "--mode": "value" }, operands: ["write", "value"] },
};
