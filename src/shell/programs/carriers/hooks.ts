// Programs that run a command named in an option, a variable or a
// configuration file they are given — a hook, a password prompt, a lease or
// boot script, a pager, a helper binary — and programs that load a shared
// library named on their command line (`loads-library`: its code runs inside
// them). The command is judged as the command it is; a script file as its
// content when the input shows it; a library load is tagged for the rule
// that asks about it (builtin:remote-code).
import { LOADS_LIBRARY } from "../library-loads.ts";
import type { ProgramSpec } from "../spec.ts";

/**
 * The label of a service daemon started on a configuration it is handed (`nginx -c FILE`, `rsyslogd -f FILE`,
 * `fail2ban-client -c DIR`): the configuration decides which programs it runs, which files it serves or writes, and
 * as whom — usually root. builtin:persistence asks when that configuration is kept in a temporary directory.
 */
const DAEMON_CONFIG = ["daemon-config"];

/** Nagios/Icinga monitoring plugins: `--extra-opts=[section][@file]` reads their options from an ini file (any file, shown in their errors). */
const MONITORING_PLUGIN: ProgramSpec = {
  options: { "--extra-opts": "data", "-H": "host", "--hostname": "host", "-p": "port", "--port": "port", "-t": "value", "-w": "value", "-c": "value" },
  operands: ["value"],
};

/** Monitoring plugins whose `--extra-opts=@FILE` reads a file (check_log has an entry of its own). */
export const MONITORING_PLUGIN_NAMES = [
  "check_cups",
  "check_memory",
  "check_raid",
  "check_disk",
  "check_load",
  "check_procs",
  "check_swap",
  "check_users",
  "check_http",
  "check_tcp",
  "check_ping",
  "check_dns",
  "check_ntp",
  "check_ssh",
  "check_smtp",
  "check_mysql",
  "check_pgsql",
  "check_file_age",
  "check_nrpe",
  "check_snmp",
  "check_uptime",
  "check_dig",
  "check_curl",
];

/** plymouth's prompts: `--command CMD` runs CMD with the answer on its stdin. */
const PLYMOUTH_PROMPT: ProgramSpec = { options: { "--command": "shell", "--prompt": "value", "--number-of-tries": "value", "--keys": "value" }, operands: ["value"] };

/** wg-quick: `up`/`down`/`save`/`strip` take an interface name or a config file, whose PreUp/PostUp/PreDown/PostDown lines bash runs. */
const WG_QUICK_ACTION: ProgramSpec = { operands: ["script"], stdin: "code:wireguard-config" };

export const HOOK_PROGRAMS: Record<string, ProgramSpec> = {
  // ISC dhclient: `-sf FILE` is the script run on every lease event (as root).
  dhclient: {
    options: { "-sf": "script", "-cf": "read", "-lf": "write", "-pf": "write", "-e": "value", "-p": "port", "-s": "host", "-g": "value" },
    operands: ["value"],
    singleDashWords: true,
  },
  dnsmasq: {
    options: {
      "--conf-script": "shell",
      "--dhcp-script": "script",
      "-6": "script",
      "--dhcp-luascript": "script",
      "-C": "read",
      "--conf-file": "read",
      "-7": "path",
      "--conf-dir": "path",
      "-x": "write",
      "--pid-file": "write",
      "-H": "read",
      "--addn-hosts": "read",
      "-r": "read",
      "--resolv-file": "read",
      "-p": "port",
      "--port": "port",
      "-u": "value",
      "--user": "value",
      "-i": "value",
      "--interface": "value",
      "-a": "host",
      "--listen-address": "host",
    },
    operands: ["value"],
    tagsWith: { "-C": DAEMON_CONFIG, "--conf-file": DAEMON_CONFIG, "-7": DAEMON_CONFIG, "--conf-dir": DAEMON_CONFIG },
  },
  plymouth: {
    options: {},
    operands: ["value"],
    subcommands: { "ask-for-password": PLYMOUTH_PROMPT, "ask-question": PLYMOUTH_PROMPT, "watch-keystroke": PLYMOUTH_PROMPT, "*": { operands: ["value"] } },
  },
  // util-linux agetty: `-l PROGRAM` is run instead of login(1).
  agetty: {
    options: {
      "-l": "argv",
      "--login-program": "argv",
      "-o": "value",
      "--login-options": "value",
      "-f": "read",
      "--issue-file": "read",
      "-I": "value",
      "--init-string": "value",
      "-H": "value",
      "--host": "value",
      "-t": "value",
      "--timeout": "value",
      "-a": "value",
      "--autologin": "value",
    },
    operands: ["value"],
  },
  cdist: {
    options: {},
    operands: ["value"],
    subcommands: { shell: { options: { "-s": "argv", "--shell": "argv" }, operands: ["value"] }, "*": { operands: ["value"] } },
  },
  // perlbug runs its `-e EDITOR` through the shell on the report file.
  perlbug: {
    options: {
      "-e": "shell",
      "-s": "value",
      "-r": "value",
      "-c": "value",
      "-b": "value",
      "-f": "read",
      "-F": "write",
      "-S": "value",
      "-C": "value",
      "-t": "value",
      "-o": "value",
      "-a": "value",
    },
    operands: ["value"],
  },
  // easyrsa sources its vars file as shell code.
  easyrsa: { options: { "--vars": "script", "--pki-dir": "path", "--pki": "path" }, operands: ["value"] },
  // The kernel-crash analyser: CRASHPAGER is its pager; `-i FILE` and stdin are crash commands, whose `!` escapes to the shell.
  crash: { options: { "-i": "script" }, operands: ["read"], stdin: "code:console", env: { CRASHPAGER: "shell" } },
  // zic: `-y COMMAND` was the year-type checker it runs per rule (old versions still do).
  zic: { options: { "-y": "shell", "-d": "path", "-l": "value", "-p": "value", "-L": "read", "-b": "value", "-t": "write" }, operands: ["read"] },
  "wg-quick": { options: {}, operands: ["value"], subcommands: { up: WG_QUICK_ACTION, down: WG_QUICK_ACTION, save: WG_QUICK_ACTION, strip: WG_QUICK_ACTION } },
  ...Object.fromEntries(MONITORING_PLUGIN_NAMES.map((name) => [name, MONITORING_PLUGIN])),
  check_by_ssh: {
    ...MONITORING_PLUGIN,
    options: {
      ...MONITORING_PLUGIN.options,
      "-o": "code:ssh-option",
      "--ssh-option": "code:ssh-option",
      "-i": "read",
      "--identity": "read",
      // The command it runs on the host over SSH, judged as ssh's own remote command is.
      "-C": "shell",
      "--command": "shell",
      "-l": "value",
    },
  },
  // check_ssl_cert runs the helper programs it is told to use (`--grep-bin PROG`).
  check_ssl_cert: {
    ...MONITORING_PLUGIN,
    options: {
      ...MONITORING_PLUGIN.options,
      "--grep-bin": "argv",
      "--openssl": "argv",
      "--curl-bin": "argv",
      "--file-bin": "argv",
      "--nmap-bin": "argv",
      "--dig-bin": "argv",
      "-f": "read",
      "--file": "read",
    },
  },
  // nginx: `-c FILE` is its configuration (`load_module` loads a library), `-g` directives added to it.
  nginx: {
    options: { "-c": "script", "-g": "code:nginx", "-p": "path", "-e": "write" },
    operands: ["value"],
    stdin: "code:nginx",
    tagsWith: { "-c": DAEMON_CONFIG, "-p": DAEMON_CONFIG },
  },
  // Apache httpd: `-C`/`-c DIRECTIVE` before/after the config file (`-f FILE`); apache2ctl passes them on.
  ...Object.fromEntries(
    ["apache2", "apache2ctl", "apachectl"].map((name) => [
      name,
      {
        options: { "-C": "code:apache", "-c": "code:apache", "-f": "script", "-d": "path", "-D": "value", "-k": "value", "-e": "value", "-E": "write" },
        operands: ["value"],
        stdin: "code:apache",
        tagsWith: { "-f": DAEMON_CONFIG, "-d": DAEMON_CONFIG },
      },
    ]),
  ),
  // check_log: `-F FILE` is the log it reads, `-O FILE` where it copies it.
  check_log: {
    ...MONITORING_PLUGIN,
    options: { ...MONITORING_PLUGIN.options, "-F": "read", "--logfile": "read", "-O": "write", "--oldlog": "write", "-q": "pattern", "--query": "pattern" },
  },
  // fail2ban: `set JAIL action ACTION actionban CMD` (actionstart, actionstop, actioncheck, actionunban) is a command it runs as root.
  "fail2ban-client": {
    options: { "-c": "path", "-s": "path", "-p": "write" },
    operands: ["value"],
    tagsWith: { "-c": DAEMON_CONFIG },
    // The words after the setting are one command line (`actionban rm -rf /x`), quoted or not, run later on each ban.
    subcommands: { set: { operands: ["value", "value", "value", "value", "code-words:fail2ban-action"] }, "*": { operands: ["value"] } },
  },
  // rsyslogd -f FILE: a `^PROGRAM` or omprog action runs a program per message.
  rsyslogd: { options: { "-f": "script", "-i": "write", "-M": "path" }, operands: ["value"], stdin: "code:rsyslog", tagsWith: { "-f": DAEMON_CONFIG, "-M": DAEMON_CONFIG } },
  // Other daemons whose configuration runs programs or serves files: sshd (ForceCommand, AuthorizedKeysCommand),
  // haproxy (external checks, Lua), lighttpd (CGI, mod_proxy), supervisord (its programs), syslog-ng (program()
  // destinations), unbound (Python modules).
  sshd: {
    options: { "-f": "read", "-o": "value", "-h": "read", "-p": "port", "-c": "read", "-E": "write", "-g": "value", "-k": "value", "-u": "value" },
    operands: ["value"],
    tagsWith: { "-f": DAEMON_CONFIG },
  },
  haproxy: {
    options: { "-f": "read", "-p": "write", "-L": "value", "-sf": "value", "-st": "value", "-S": "value", "-x": "path" },
    operands: ["value"],
    tagsWith: { "-f": DAEMON_CONFIG },
  },
  lighttpd: { options: { "-f": "read", "-m": "path" }, operands: ["value"], tagsWith: { "-f": DAEMON_CONFIG, "-m": DAEMON_CONFIG } },
  supervisord: {
    options: {
      "-c": "read",
      "--configuration": "read",
      "-l": "write",
      "--logfile": "write",
      "-j": "write",
      "--pidfile": "write",
      "-d": "path",
      "--directory": "path",
      "-u": "value",
      "--user": "value",
    },
    operands: ["value"],
    tagsWith: { "-c": DAEMON_CONFIG, "--configuration": DAEMON_CONFIG },
  },
  "syslog-ng": {
    options: { "-f": "read", "--cfgfile": "read", "-p": "write", "--pidfile": "write", "-R": "write", "--persist-file": "write", "--module-path": "path" },
    operands: ["value"],
    tagsWith: { "-f": DAEMON_CONFIG, "--cfgfile": DAEMON_CONFIG, "--module-path": DAEMON_CONFIG },
  },
  unbound: { options: { "-c": "read" }, operands: ["value"], tagsWith: { "-c": DAEMON_CONFIG } },
  // fastfetch -c FILE: a command module runs its text through the shell.
  fastfetch: { options: { "-c": "script", "--config": "script", "--file": "read", "--logo": "read", "--file-raw": "read" }, operands: ["value"], stdin: "code:fastfetch" },
  // ldconfig -f FILE: a list of directories whose libraries every program then loads first.
  ldconfig: { options: { "-f": "read", "-C": "write", "-r": "path" }, operands: ["path"], tagsWith: { "-f": LOADS_LIBRARY } },
  // ffmpeg's audio filters load LADSPA plugins from a file (`-af ladspa=file=PLUGIN`).
  ffmpeg: {
    options: { "-i": "read", "-f": "value", "-af": "value", "-vf": "value", "-filter_complex": "value", "-filter:a": "value", "-filter:v": "value", "-c": "value", "-y": "flag" },
    // Every operand is an output: inputs come with -i.
    operands: ["write"],
    singleDashWords: true,
    tagsWith: Object.fromEntries(["-af", "-filter_complex", "-filter:a"].map((option) => [`${option}=*ladspa*`, LOADS_LIBRARY])),
  },
};
