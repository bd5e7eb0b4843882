// What the guard knows about particular programs: which ones run another
// command (wrappers), which are shells or interpreters taking code inline,
// which fetch from the network. Kept as data so a policy can extend it.
import type { OptionSpec } from "./options.ts";

/** Programs that run the command given after their own options. */
export const WRAPPERS: Record<string, OptionSpec> = {
  sudo: {
    valueOptions: ["-u", "-g", "-h", "-p", "-C", "-D", "-R", "-T", "-U", "-r", "-t", "--user", "--group", "--host", "--prompt", "--close-from", "--chdir", "--chroot", "--command-timeout", "--other-user", "--role", "--type"],
  },
  doas: { valueOptions: ["-u", "-C"] },
  env: { valueOptions: ["-u", "-C", "--unset", "--chdir", "-S", "--split-string"], assignments: true },
  nice: { valueOptions: ["-n", "--adjustment"] },
  ionice: { valueOptions: ["-c", "-n", "-p", "-P", "-u", "--class", "--classdata", "--pid", "--pgid", "--uid"] },
  timeout: { valueOptions: ["-s", "-k", "--signal", "--kill-after"], leadingOperands: 1 },
  nohup: {},
  setsid: {},
  stdbuf: { valueOptions: ["-i", "-o", "-e", "--input", "--output", "--error"] },
  time: { valueOptions: ["-f", "-o", "--format", "--output"] },
  command: {},
  builtin: {},
  exec: { valueOptions: ["-a"] },
  chroot: { valueOptions: ["--userspec", "--groups"], leadingOperands: 1 },
  runuser: { valueOptions: ["-u", "-g", "-G", "--user", "--group", "--supp-group"] },
  flock: { valueOptions: ["-w", "-E", "--timeout", "--conflict-exit-code"], leadingOperands: 1 },
  chronic: {},
  unbuffer: {},
  caffeinate: { valueOptions: ["-t", "-w"] },
  strace: { valueOptions: ["-o", "-e", "-p", "-s", "-u", "-E"] },
  ltrace: { valueOptions: ["-o", "-e", "-p", "-s", "-u"] },
  torsocks: {},
  proxychains: { valueOptions: ["-f"] },
  proxychains4: { valueOptions: ["-f"] },
  busybox: {},
  "systemd-run": { valueOptions: ["-p", "-u", "-E", "--unit", "--property", "--setenv", "--uid", "--gid", "--working-directory"] },
  "xvfb-run": { valueOptions: ["-n", "-s", "-f", "-e", "--server-num", "--server-args", "--auth-file", "--error-file"] },
};

/** Shells: `-c CODE` (also bundled: -lc, -ec) runs CODE; no operand reads a script from stdin. */
export const SHELLS = new Set(["bash", "sh", "zsh", "dash", "ksh", "mksh", "ash", "yash", "fish", "rbash"]);
/** Shell options that take a value, so the value is not taken for the script. */
export const SHELL_VALUE_OPTIONS = new Set(["-o", "+o", "-O", "+O", "--rcfile", "--init-file"]);

/** Interpreters and the options that pass code inline. */
export const INLINE_CODE_OPTIONS: Record<string, readonly string[]> = {
  python: ["-c"],
  pypy: ["-c"],
  pypy3: ["-c"],
  node: ["-e", "--eval", "-p", "--print"],
  nodejs: ["-e", "--eval", "-p", "--print"],
  bun: ["-e", "--eval", "-p", "--print"],
  deno: ["eval"],
  perl: ["-e", "-E"],
  ruby: ["-e"],
  php: ["-r"],
  lua: ["-e"],
  osascript: ["-e"],
  Rscript: ["-e"],
  tclsh: [],
};

export const AWKS = new Set(["awk", "gawk", "mawk", "nawk", "busybox-awk"]);

/** Programs that run code read from stdin when given no script: the targets of `curl … | X`. */
export const INTERPRETERS = new Set([...SHELLS, "python", "pypy", "pypy3", "node", "nodejs", "bun", "deno", "perl", "ruby", "php", "lua", "osascript", "Rscript", "tclsh", "source", "."]);

/** Programs that print what they download. */
export const DOWNLOADERS = new Set(["curl", "wget", "fetch", "http", "https", "aria2c", "lwp-request", "GET", "xh", "curlie"]);

/** Programs whose options are whole words after one dash (`find -delete`, `java -jar`): never unbundled. */
export const SINGLE_DASH_LONG_OPTIONS = new Set(["find", "java", "javac", "go", "gcc", "g++", "cc", "clang", "clang++", "ffmpeg", "ffprobe", "openssl", "xcodebuild", "dig", "ip", "tcpdump", "iptables", "qemu-img", "terraform", "kubectl-exec"]);

/** `python3`, `python3.12` → `python`; so one table entry covers every version. */
export function interpreterFamily(name: string): string {
  const versioned = /^(python|pypy|ruby|perl|php|lua|node)[0-9.]*$/.exec(name);
  return versioned ? versioned[1]! : name;
}

export function isInterpreter(name: string): boolean {
  return INTERPRETERS.has(interpreterFamily(name));
}
