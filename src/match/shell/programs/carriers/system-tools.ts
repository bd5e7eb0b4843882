// Everything else (systemctl, loginctl and crontab are in ../system.ts): terminal multiplexers (tmux, screen, tmate: a command
// for a new window, keys typed into a shell), cron tables (each entry runs
// a command), the editors and pagers system tools start (systemctl edit,
// crontab -e, journalctl), package tools that run hooks (apt -o …Invoke,
// dpkg --pre-invoke, rpm macros), fzf's key bindings, certbot's hooks,
// tcpdump's post-rotate command, neofetch's config (a bash script).
import type { ProgramSpec } from "../spec.ts";
import { SYSTEMD_PAGERS } from "../system.ts";

/** `tmux new-session CMD`, `run-shell CMD`, `send-keys KEYS…` (typed into the pane's shell). */
const TMUX_COMMAND: ProgramSpec = { options: { "-s": "value", "-n": "value", "-c": "path", "-t": "value", "-x": "value", "-y": "value", "-e": "value", "-F": "value", "-l": "value", "-p": "value", "-d": "flag", "-P": "flag", "-A": "flag", "-D": "flag", "-X": "flag", "-E": "flag" }, operands: ["shell-words"] };
const TMUX_KEYS: ProgramSpec = { options: { "-t": "value", "-N": "value", "-l": "flag", "-H": "flag", "-R": "flag", "-M": "flag", "-X": "flag" }, operands: ["shell"] };

const TMUX: ProgramSpec = {
  options: { "-c": "shell", "-f": "read", "-S": "path", "-L": "value", "-T": "value" },
  operands: ["value"],
  subcommands: Object.fromEntries([
    ...["new-session", "new", "new-window", "neww", "split-window", "splitw", "respawn-pane", "respawnp", "respawn-window", "respawnw", "run-shell", "run", "display-popup", "popup", "pipe-pane", "pipep"].map((name) => [name, TMUX_COMMAND] as const),
    ...["send-keys", "send"].map((name) => [name, TMUX_KEYS] as const),
    ["if-shell", { options: { "-t": "value", "-b": "flag", "-F": "flag" }, operands: ["shell", "value"] }] as const,
    ["source-file", { options: {}, operands: ["read"] }] as const,
    ["source", { options: {}, operands: ["read"] }] as const,
  ]),
};

const SCREEN: ProgramSpec = {
  options: { "-L": "flag", "-Logfile": "write", "-logfile": "write", "-c": "read", "-S": "value", "-X": "value", "-p": "value", "-t": "value", "-e": "value", "-h": "value", "-s": "argv", "-T": "value", "-d": "flag", "-m": "flag", "-r": "flag", "-R": "flag", "-D": "flag", "-x": "flag", "-U": "flag", "-q": "flag", "-Q": "flag", "-ls": "flag", "-list": "flag", "-wipe": "flag" },
  operands: ["argv"],
};

const APT: ProgramSpec = { options: { "-o": "code:apt-option", "--option": "code:apt-option", "-c": "read", "--config-file": "read", "-t": "value", "--target-release": "value" }, operands: ["value"], env: { PAGER: "shell", APT_CONFIG: "value" } };

const RPM: ProgramSpec = {
  options: { "--eval": "code:rpm-macro", "-E": "code:rpm-macro", "--define": "code:rpm-macro", "-D": "code:rpm-macro", "--pipe": "shell", "--dbpath": "path", "--root": "path", "--macros": "read", "--rcfile": "read", "--predefine": "code:rpm-macro" },
  operands: ["read"],
};

export const SYSTEM_TOOLS: Record<string, ProgramSpec> = {
  tmux: TMUX,
  tmate: TMUX,
  screen: SCREEN,
  journalctl: { options: { "-D": "path", "--directory": "path", "--file": "read", "--root": "path", "-u": "value", "--unit": "value", "-o": "value", "--output": "value", "-n": "value", "--lines": "value", "-S": "value", "--since": "value", "-U": "value", "--until": "value", "-p": "value", "-t": "value", "-g": "pattern", "--grep": "pattern" }, operands: ["value"], env: SYSTEMD_PAGERS },
  timedatectl: { operands: ["value"], env: SYSTEMD_PAGERS },
  hostnamectl: { operands: ["value"], env: SYSTEMD_PAGERS },
  coredumpctl: { options: { "-o": "write", "--output": "write", "--debugger": "argv", "-A": "value", "--debugger-arguments": "value" }, operands: ["value"], env: { ...SYSTEMD_PAGERS, SYSTEMD_DEBUGGER: "argv" } },
  resolvectl: { operands: ["value"], env: SYSTEMD_PAGERS },
  "systemd-resolve": { operands: ["value"], env: SYSTEMD_PAGERS },
  scrot: { options: { "-e": "shell", "--exec": "shell", "-d": "value", "--delay": "value", "-q": "value", "--quality": "value", "-a": "value", "--autoselect": "value" }, operands: ["write"] },
  "apt-get": APT,
  apt: APT,
  aptitude: APT,
  dpkg: { options: { "--pre-invoke": "shell", "--post-invoke": "shell", "--root": "path", "--instdir": "path", "--admindir": "path", "--log": "write", "-i": "flag", "--install": "flag" }, operands: ["read"], env: { PAGER: "shell", DPKG_PAGER: "shell" } },
  rpm: RPM,
  rpmquery: RPM,
  rpmdb: RPM,
  rpmverify: RPM,
  rpmbuild: { ...RPM, options: { ...RPM.options, "--buildroot": "path", "--build-in-place": "flag" } },
  fzf: {
    options: { "--bind": "code:fzf-bind", "--preview": "code:fzf-command", "--history": "write", "--listen": "value", "--listen-unsafe": "value", "--with-shell": "argv", "-q": "value", "--query": "value", "-f": "value", "--filter": "value", "-d": "value", "--delimiter": "value", "--preview-window": "value", "--height": "value", "--prompt": "value", "--header": "value", "--expect": "value", "--nth": "value", "-n": "value", "--with-nth": "value" },
    env: { FZF_DEFAULT_COMMAND: "code:fzf-command", FZF_DEFAULT_OPTS: "value" },
  },
  certbot: { options: { "--pre-hook": "shell", "--post-hook": "shell", "--deploy-hook": "shell", "--renew-hook": "shell", "--manual-auth-hook": "shell", "--manual-cleanup-hook": "shell", "--config-dir": "path", "--work-dir": "path", "--logs-dir": "path", "-c": "read", "--config": "read", "-d": "value", "--domains": "value", "-m": "value", "--email": "value", "-w": "path", "--webroot-path": "path" }, operands: ["value"] },
  tcpdump: { options: { "-z": "argv", "-w": "write", "-r": "read", "-F": "read", "-V": "read", "-i": "value", "-c": "value", "-C": "value", "-G": "value", "-W": "value", "-s": "value", "-Z": "value", "-E": "value", "-y": "value", "-T": "value", "-j": "value", "-B": "value", "-M": "value" }, operands: ["value"] },
  neofetch: { options: { "--config": "script", "--ascii": "read", "--source": "read", "--image": "read", "--gen-man": "write" }, operands: ["value"] },
  logrotate: { options: { "-m": "argv", "--mail": "argv", "-s": "write", "--state": "write", "-l": "write", "--log": "write" }, operands: ["read"] },
};
