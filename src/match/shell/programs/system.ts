// System administration programs: signalling processes by name, power,
// services (systemd, SysV, launchd), firewalls, scheduled jobs and sudoers,
// accounts and passwords, kernel settings and modules, security frameworks
// and logs. The grammar here lets the system and persistence packs name the
// verb (`systemctl stop`, `ufw disable`, `launchctl load`) and keeps option
// values (`pkill -u bob`, `iptables -A INPUT`, `useradd -G sudo`) from being
// read as files or verbs.
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

/** Options of the shadow-utils account tools (useradd, usermod) that take a value: names, ids, groups, a shell. */
const ACCOUNT_OPTIONS: Record<string, OptionRole> = {
  "-u": "value", "--uid": "value", "-g": "value", "--gid": "value", "-G": "value", "--groups": "value", "-d": "path", "--home-dir": "path", "--home": "path",
  "-s": "value", "--shell": "value", "-c": "value", "--comment": "value", "-e": "value", "--expiredate": "value", "-f": "value", "--inactive": "value",
  "-k": "path", "--skel": "path", "-K": "value", "--key": "value", "-p": "value", "--password": "value", "-b": "path", "--base-dir": "path",
  "-R": "path", "--root": "path", "-P": "path", "--prefix": "path", "-Z": "value", "--selinux-user": "value", "-l": "value", "--login": "value",
  "--ingroup": "value", "--gecos": "value", "--firstuid": "value", "--lastuid": "value", "--conf": "read",
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
  // Accounts: `useradd -G sudo x`, `usermod -aG wheel x`, `adduser x sudo` (Debian: add x to group sudo), `gpasswd -a x sudo`.
  useradd: { options: ACCOUNT_OPTIONS, operands: ["value"] },
  adduser: { options: ACCOUNT_OPTIONS, operands: ["value", "value"] },
  usermod: { options: ACCOUNT_OPTIONS, operands: ["value"] },
  userdel: { options: { "-R": "path", "--root": "path", "-P": "path", "--prefix": "path" }, operands: ["value"] },
  deluser: { options: { "--conf": "read", "--backup-to": "path" }, operands: ["value", "value"] },
  groupadd: { options: { "-g": "value", "--gid": "value", "-K": "value", "-p": "value", "-R": "path", "-U": "value", "--users": "value" }, operands: ["value"] },
  groupmod: { options: { "-g": "value", "--gid": "value", "-n": "value", "--new-name": "value", "-U": "value", "--users": "value", "-R": "path" }, operands: ["value"] },
  gpasswd: { options: { "-a": "value", "--add": "value", "-d": "value", "--delete": "value", "-M": "value", "--members": "value", "-A": "value", "--administrators": "value", "-R": "path", "-Q": "path" }, operands: ["value"] },
  passwd: { options: { "-n": "value", "-x": "value", "-w": "value", "-i": "value", "--mindays": "value", "--maxdays": "value", "--warndays": "value", "--inactive": "value", "-r": "value", "--repository": "value", "-R": "path", "--root": "path" }, operands: ["value"] },
  chpasswd: { options: { "-c": "value", "--crypt-method": "value", "-s": "value", "--sha-rounds": "value", "-R": "path", "--root": "path" }, operands: ["value"] },
  chsh: { options: { "-s": "value", "--shell": "value", "-R": "path" }, operands: ["value"] },
  // macOS directory services: `dscl . -create /Users/x`, `dscl . -append /Groups/admin GroupMembership x`.
  dscl: { operands: ["value"] },
  dseditgroup: { options: { "-o": "value", "-a": "value", "-d": "value", "-t": "value", "-n": "value", "-u": "value", "-P": "value", "-T": "value", "-q": "flag" }, operands: ["value"] },
  sysadminctl: { singleDashWords: true, options: { "-addUser": "value", "-deleteUser": "value", "-fullName": "value", "-password": "value", "-adminUser": "value", "-adminPassword": "value", "-UID": "value", "-GID": "value", "-home": "path", "-shell": "value", "-resetPasswordFor": "value", "-newPassword": "value", "-oldPassword": "value", "-hint": "value", "-picture": "read", "-roleAccount": "flag", "-admin": "flag" }, operands: ["value"] },
  // Kernel settings and modules: `sysctl -w key=value`, `modprobe -r mod`, `insmod ./mod.ko`.
  sysctl: { options: { "--pattern": "pattern", "-r": "pattern" }, operands: ["value"] },
  modprobe: { options: { "-C": "read", "--config": "read", "-d": "path", "--dirname": "path", "-S": "value", "--set-version": "value" }, operands: ["value"] },
  rmmod: words(),
  insmod: { operands: ["read", "value"] },
  kextunload: { options: { "-b": "value", "-bundle-identifier": "value" }, operands: ["path"] },
  kextload: { options: { "-b": "value", "-bundle-identifier": "value" }, operands: ["read"] },
  umount: { options: { "-t": "value", "--types": "value", "-O": "value", "--test-opts": "value", "-N": "value", "--namespace": "value" }, operands: ["path"] },
  // Security frameworks: Gatekeeper (spctl), SIP (csrutil), AppArmor, the audit daemon.
  spctl: { options: { "--label": "value", "-t": "value", "--type": "value", "--path": "path", "--rule": "value", "--priority": "value" }, operands: ["value"] },
  csrutil: words(),
  "aa-teardown": words(),
  "aa-disable": { operands: ["path"] },
  "aa-complain": { operands: ["path"] },
  auditctl: { options: { "-e": "value", "-f": "value", "-b": "value", "-r": "value", "-w": "path", "-p": "value", "-k": "value", "-a": "value", "-A": "value", "-d": "value", "-F": "value", "-S": "value", "-R": "read" }, operands: ["value"] },
  // Capabilities on a file: `setcap cap_setuid+ep ./python` (with -r, the file comes first).
  setcap: { options: { "-n": "value", "-r": "flag" }, operands: ["value", "path"], replacesFirstOperand: ["-r"] },
};
