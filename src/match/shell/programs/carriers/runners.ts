// Programs that run the command given after their own options, beyond the
// common wrappers (wrappers.ts): capability and privilege tools (capsh, sg,
// ksu), limiters and schedulers (cpulimit, choom, softlimit), containers
// and sandboxes that run a command inside (ip netns exec, schroot, proot,
// systemd-nspawn, flatpak, sandbox-exec; launchctl's are in ../system.ts), the dynamic loader,
// compiler caches, and tools that run what follows them (logsave, rlwrap,
// grc, xdotool exec, start-stop-daemon).
import type { OptionRole, ProgramSpec } from "../spec.ts";

const runs = (options: Record<string, OptionRole> = {}, leading: readonly ("value" | "path" | "write")[] = []): ProgramSpec => ({ options, operands: [...leading, "argv"] });

const LOADER: ProgramSpec = runs({ "--library-path": "value", "--preload": "read", "--audit": "read", "--inhibit-rpath": "value", "--argv0": "value", "--glibc-hwcaps-prepend": "value", "--glibc-hwcaps-mask": "value" });

export const RUNNERS: Record<string, ProgramSpec> = {
  // capsh hands the words after `--` to bash: `capsh -- -c CMD` is `bash -c CMD`.
  capsh: {
    options: {
      "--drop": "value", "--caps": "value", "--inh": "value", "--user": "value", "--uid": "value", "--gid": "value", "--groups": "value", "--chroot": "path", "--shell": "argv",
      "--addamb": "value", "--delamb": "value", "--keep": "value", "--secbits": "value", "--iab": "value", "--mode": "value", "--explain": "value", "--decode": "value", "--supports": "value",
      "--has-p": "value", "--has-i": "value", "--has-a": "value", "--has-b": "value", "--forkfor": "value", "--killit": "value", "--print": "flag", "--noamb": "flag", "--current": "flag",
    },
    operands: ["argv"],
    carriedPrefix: ["bash"],
  },
  sg: { options: { "-c": "shell" }, operands: ["value", "shell-words"] },
  ksu: { options: { "-e": "command", "-n": "value", "-c": "value", "-C": "value", "-l": "value", "-z": "flag", "-Z": "flag", "-q": "flag" }, operands: ["value"] },
  logsave: runs({}, ["write"]),
  setlock: runs({}, ["path"]),
  softlimit: runs({ "-m": "value", "-d": "value", "-s": "value", "-l": "value", "-a": "value", "-o": "value", "-p": "value", "-f": "value", "-c": "value", "-r": "value", "-t": "value" }),
  cpulimit: runs({ "-l": "value", "--limit": "value", "-p": "value", "--pid": "value", "-e": "value", "--exe": "value", "-P": "value", "--path": "value" }),
  choom: runs({ "-n": "value", "--adjust": "value", "-p": "value", "--pid": "value" }),
  "aa-exec": runs({ "-p": "value", "--profile": "value", "-n": "value", "--namespace": "value" }),
  aoss: runs(),
  multitime: runs({ "-n": "value", "-s": "value", "-i": "read", "-o": "value", "-f": "value" }),
  pexec: runs({ "-n": "value", "-r": "value", "-e": "value", "-o": "write", "-u": "write", "-c": "flag" }),
  grc: runs({ "-c": "read", "--config": "read", "-e": "flag", "-s": "flag", "--colour": "value" }),
  rlwrap: runs({ "-l": "write", "--logfile": "write", "-f": "read", "--file": "read", "-H": "write", "--history-filename": "write", "-z": "argv", "--filter": "argv", "-a": "flag", "-c": "flag", "-p": "value", "-S": "value", "-P": "value", "-s": "value", "-w": "value" }),
  torify: runs(),
  "start-stop-daemon": {
    options: { "-x": "command", "--exec": "command", "-a": "command", "--startas": "command", "-u": "value", "--user": "value", "-n": "value", "--name": "value", "-p": "write", "--pidfile": "write", "-c": "value", "--chuid": "value", "-d": "path", "--chdir": "path", "-r": "path", "--chroot": "path", "-k": "value", "--umask": "value", "-N": "value", "--nicelevel": "value", "--output": "write", "-s": "value", "--signal": "value", "-R": "value", "--retry": "value", "-g": "value", "--group": "value" },
    operands: ["value"],
  },
  "dbus-launch": runs({ "--config-file": "read", "--autolaunch": "value" }),
  xdotool: { subcommands: { exec: runs({ "--args": "value", "--terminator": "value" }) } },
  task: { subcommands: { execute: { operands: ["shell-words"] } } },
  distcc: runs(),
  ccache: runs({ "-o": "value", "--set-config": "value", "-M": "value", "--max-size": "value", "-F": "value", "--max-files": "value", "-d": "path", "--dir": "path" }),
  sccache: runs(),
  "ld.so": LOADER,
  "ld-linux.so.2": LOADER,
  "ld-linux-x86-64.so.2": LOADER,
  "ld-linux-aarch64.so.1": LOADER,
  "ld-musl-x86_64.so.1": LOADER,
  "ld-musl-aarch64.so.1": LOADER,
  faketime: runs({ "-f": "flag", "-m": "flag", "-p": "value", "--exclude-monotonic": "flag" }, ["value"]),
  eatmydata: runs(),
  fakechroot: runs({ "-e": "value", "--environment": "value", "-c": "path", "--config-dir": "path", "-s": "flag", "-l": "read" }),
  proot: runs({ "-r": "path", "--rootfs": "path", "-b": "value", "--bind": "value", "-m": "value", "--mount": "value", "-w": "path", "--cwd": "path", "-q": "argv", "--qemu": "argv", "-k": "value", "--kernel-release": "value", "-0": "flag", "-S": "path", "-R": "path" }),
  schroot: runs({ "-c": "value", "--chroot": "value", "-u": "value", "--user": "value", "-d": "path", "--directory": "path", "-p": "flag", "--preserve-environment": "flag", "-r": "flag", "--run-session": "flag", "-o": "value", "--option": "value" }),
  "systemd-nspawn": runs({ "-D": "path", "--directory": "path", "-i": "read", "--image": "read", "-M": "value", "--machine": "value", "-u": "value", "--user": "value", "--bind": "value", "--bind-ro": "value", "-E": "value", "--setenv": "value", "--chdir": "path", "--network-interface": "value", "-n": "flag", "-b": "flag", "-q": "flag", "--tmpfs": "value", "--overlay": "value", "--private-users": "value", "-U": "flag" }),
  machinectl: { subcommands: { shell: { options: { "--uid": "value", "-E": "value", "--setenv": "value" }, operands: ["value", "argv"] } } },
  toolbox: { subcommands: { run: runs({ "-c": "value", "--container": "value", "-d": "value", "--distro": "value", "-r": "value", "--release": "value" }) } },
  "flatpak-spawn": runs({ "--env": "value", "--directory": "path", "--forward-fd": "value", "--sandbox-expose": "value", "--sandbox-expose-path": "path" }),
  "sandbox-exec": runs({ "-p": "value", "-f": "read", "-n": "value", "-D": "value" }),
  arch: { singleDashWords: true, options: { "-e": "value", "-d": "value" }, operands: ["argv"] },
  xcrun: { options: { "--sdk": "value", "-sdk": "value", "--toolchain": "value", "-toolchain": "value", "-f": "flag", "--find": "flag", "-r": "flag", "--run": "flag" }, operands: ["argv"], inertWith: ["-f", "--find"] },
  ip: {
    singleDashWords: true,
    options: { "-batch": "read", "-b": "read", "-n": "value", "-netns": "value", "-f": "value", "-family": "value", "-l": "value", "-loops": "value", "-c": "flag", "-color": "flag", "-rc": "read", "-rcvbuf": "value" },
    subcommands: { netns: { subcommands: { exec: runs({}, ["value"]), add: { operands: ["value"] }, delete: { operands: ["value"] }, del: { operands: ["value"] }, list: { operands: ["value"] } } } },
  },
  dmsetup: { options: { "--exec": "shell", "-c": "flag" }, operands: ["value"] },
  codex: { subcommands: { sandbox: { subcommands: { linux: runs({ "-c": "value", "--config": "value" }), macos: runs({ "-c": "value", "--config": "value" }), seatbelt: runs(), landlock: runs() } } } },
  genie: { options: { "-c": "shell", "--command": "shell", "-s": "flag", "--shell": "flag", "-i": "flag" } },
  openvt: runs({ "-c": "value", "--console": "value", "-f": "flag", "-s": "flag", "-u": "flag", "-l": "flag", "-w": "flag", "-v": "flag" }),
  pidstat: { options: { "-e": "command", "-o": "write", "-p": "value", "-C": "value", "-G": "value", "-T": "value", "--human": "flag" }, operands: ["value"] },
};
