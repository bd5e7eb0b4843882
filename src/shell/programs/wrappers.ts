// Programs that run another command given after their own options and
// operands: the command is judged as if it were run directly, reached
// "via <wrapper>". Each lists the options that take a value, so that
// `sudo -u root rm` runs rm, not root.
import { ENVIRONMENT_OUTPUT } from "./output-labels.ts";
import type { OptionRole, ProgramSpec } from "./spec.ts";

const runs = (options: Record<string, OptionRole> = {}, leading: readonly ("value" | "path")[] = []): ProgramSpec => ({
  options,
  operands: [...leading, "argv"],
});

/** A runner that fetches the package it runs (`bunx NAME`); `packageOptions` name the package instead (`-p NAME`). */
export function fetchesAndRuns(spec: ProgramSpec, packageOptions: readonly string[]): ProgramSpec {
  return { ...spec, runsPackage: { packageOptions } };
}

/** A wrapper whose command starts in another directory (see ProgramSpec.startsIn). */
function startsIn(where: NonNullable<ProgramSpec["startsIn"]>, spec: ProgramSpec): ProgramSpec {
  return { ...spec, startsIn: where };
}

/** A wrapper that reads a command from environment variables too (see ProgramSpec.env). */
function withEnvironment(env: NonNullable<ProgramSpec["env"]>, spec: ProgramSpec): ProgramSpec {
  return { ...spec, env: { ...spec.env, ...env } };
}

/** A wrapper that also takes `NAME=value` words before its command as the command's environment. */
function withAssignments(spec: ProgramSpec): ProgramSpec {
  return { ...spec, assignments: true };
}

export const WRAPPERS: Record<string, ProgramSpec> = {
  // `sudo EDITOR='tee -a' visudo`: sudo sets the `NAME=value` words before the command in its environment.
  sudo: withEnvironment(
    // `sudo -A` runs SUDO_ASKPASS for the password.
    { SUDO_ASKPASS: "argv" },
    startsIn(
      { options: ["-D", "--chdir"], loginFlags: ["-i", "--login"] },
      withAssignments(
        runs({
          "-u": "value",
          "-g": "value",
          "-h": "value",
          "-p": "value",
          "-C": "value",
          "-D": "path",
          "-R": "path",
          "-T": "value",
          "-U": "value",
          "-r": "value",
          "-t": "value",
          "--user": "value",
          "--group": "value",
          "--host": "value",
          "--prompt": "value",
          "--close-from": "value",
          "--chdir": "path",
          "--chroot": "path",
          "--command-timeout": "value",
          "--other-user": "value",
          "--role": "value",
          "--type": "value",
          // `sudo -e FILE` (sudoedit) edits FILE as root instead of running a command.
          "-e": "edit",
          "--edit": "edit",
        }),
      ),
    ),
  ),
  doas: runs({ "-u": "value", "-C": "read" }),
  run0: startsIn(
    { options: ["-D", "--chdir"] },
    runs({
      "-u": "value",
      "--user": "value",
      "-g": "value",
      "--group": "value",
      "-D": "path",
      "--chdir": "path",
      "--setenv": "value",
      "--property": "value",
      "--unit": "value",
    }),
  ),
  pkexec: runs({ "--user": "value" }),
  // Without a command, env prints the environment.
  env: {
    options: { "-u": "value", "--unset": "value", "-C": "path", "--chdir": "path", "-S": "shell", "--split-string": "shell" },
    operands: ["argv"],
    startsIn: { options: ["-C", "--chdir"] },
    assignments: true,
    tagsAlone: [ENVIRONMENT_OUTPUT],
  },
  nice: runs({ "-n": "value", "--adjustment": "value" }),
  renice: { options: { "-n": "value", "-p": "value", "-g": "value", "-u": "value" }, operands: ["value"] },
  ionice: runs({
    "-c": "value",
    "-n": "value",
    "-p": "value",
    "-P": "value",
    "-u": "value",
    "--class": "value",
    "--classdata": "value",
    "--pid": "value",
    "--pgid": "value",
    "--uid": "value",
  }),
  timeout: runs({ "-s": "value", "-k": "value", "--signal": "value", "--kill-after": "value" }, ["value"]),
  gtimeout: runs({ "-s": "value", "-k": "value", "--signal": "value", "--kill-after": "value" }, ["value"]),
  nohup: runs(),
  setsid: runs(),
  stdbuf: runs({ "-i": "value", "-o": "value", "-e": "value", "--input": "value", "--output": "value", "--error": "value" }),
  time: runs({ "-f": "value", "-o": "write", "--format": "value", "--output": "write" }),
  // `builtin cd ~` changes the calling shell's directory, as `cd ~` does.
  builtin: { ...runs(), sameShell: true },
  exec: runs({ "-a": "value" }),
  chroot: runs({ "--userspec": "value", "--groups": "value" }, ["path"]),
  runuser: startsIn({ loginFlags: ["-l", "--login", "-"] }, runs({ "-u": "value", "-g": "value", "-G": "value", "--user": "value", "--group": "value", "--supp-group": "value" })),
  flock: runs({ "-w": "value", "-E": "value", "--timeout": "value", "--conflict-exit-code": "value", "-c": "shell", "--command": "shell" }, ["path"]),
  chronic: runs(),
  unbuffer: runs(),
  caffeinate: runs({ "-t": "value", "-w": "value" }),
  torsocks: runs(),
  tsocks: runs(),
  proxychains: runs({ "-f": "read" }),
  proxychains4: runs({ "-f": "read" }),
  "systemd-run": startsIn(
    { options: ["--working-directory"] },
    runs({
      "-p": "value",
      "-u": "value",
      "-E": "value",
      "--unit": "value",
      "--property": "value",
      "--setenv": "value",
      "--uid": "value",
      "--gid": "value",
      "--working-directory": "path",
      "--description": "value",
      "--slice": "value",
      "--on-calendar": "value",
      "--on-active": "value",
    }),
  ),
  "xvfb-run": runs({
    "-n": "value",
    "-s": "value",
    "-f": "path",
    "-e": "write",
    "--server-num": "value",
    "--server-args": "value",
    "--auth-file": "path",
    "--error-file": "write",
  }),
  dbus: runs(),
  "dbus-run-session": runs({ "--config-file": "read", "--dbus-daemon": "path" }),
  firejail: runs({ "--profile": "read", "--private": "path", "--whitelist": "path", "--blacklist": "path" }),
  fakeroot: runs({ "-l": "path", "-s": "write", "-i": "read" }),
  unshare: startsIn(
    { options: ["-w", "--wd"] },
    runs({
      "--mount-proc": "path",
      "--map-user": "value",
      "--map-group": "value",
      "-S": "value",
      "-G": "value",
      "--setuid": "value",
      "--setgid": "value",
      "-R": "path",
      "--root": "path",
      "-w": "path",
      "--wd": "path",
    }),
  ),
  nsenter: startsIn(
    { options: ["-w", "--wd"] },
    runs({ "-t": "value", "--target": "value", "-S": "value", "-G": "value", "-r": "path", "-w": "path", "--root": "path", "--wd": "path" }),
  ),
  taskset: { options: { "-p": "flag", "-c": "flag" }, operands: ["value", "argv"] },
  chrt: { options: { "-p": "flag" }, operands: ["value", "argv"] },
  numactl: runs({
    "-C": "value",
    "-N": "value",
    "-m": "value",
    "-i": "value",
    "-p": "value",
    "--cpunodebind": "value",
    "--membind": "value",
    "--interleave": "value",
    "--preferred": "value",
    "--physcpubind": "value",
  }),
  prlimit: runs({ "-p": "value", "--pid": "value" }),
  setarch: { options: { "-R": "flag", "-B": "flag", "--addr-no-randomize": "flag" }, operands: ["value", "argv"] },
  linux32: runs(),
  linux64: runs(),
  // strace -o '|cmd' (or '!cmd') pipes the trace into cmd.
  strace: runs({
    "-o": "code:output-file",
    "--output": "code:output-file",
    "-e": "value",
    "-p": "value",
    "-s": "value",
    "-u": "value",
    "-E": "value",
    "-P": "path",
    "-a": "value",
    "-X": "value",
    "-I": "value",
    "-b": "value",
    "-O": "value",
    "-S": "value",
    "-U": "value",
  }),
  ltrace: runs({
    "-o": "write",
    "-e": "value",
    "-p": "value",
    "-s": "value",
    "-u": "value",
    "-a": "value",
    "-F": "read",
    "-l": "read",
    "-n": "value",
    "-x": "value",
    "-w": "value",
    "-A": "value",
    "-D": "value",
  }),
  valgrind: runs({
    "--log-file": "write",
    "--tool": "value",
    "--suppressions": "read",
    "--xml-file": "write",
    "--db-command": "shell",
    "--log-socket": "host",
    "--xml-socket": "host",
    "--vgdb-prefix": "path",
    "--gen-suppressions": "value",
    "--trace-children-skip": "pattern",
  }),
  perf: {
    subcommands: {
      record: runs({ "-o": "write", "-e": "value", "-p": "value", "-F": "value", "--output": "write" }),
      stat: runs({ "-o": "write", "-e": "value", "-p": "value" }),
      trace: runs({ "-o": "write", "-e": "value" }),
      // perf script -s runs a Perl or Python script over the recorded data.
      script: { options: { "-s": "read", "--script": "read", "-i": "read", "--input": "read" }, operands: ["value"] },
      report: { options: { "-i": "read", "--input": "read" }, operands: ["value"] },
    },
  },
  ltrace64: runs({ "-o": "write" }),
  // watchexec runs its command through a shell.
  watchexec: {
    options: { "-w": "path", "-e": "value", "--watch": "path", "--exts": "value", "-i": "pattern", "--ignore": "pattern", "-s": "value", "--signal": "value", "--shell": "argv" },
    operands: ["shell-words"],
  },
  entr: runs({ "-s": "shell" }),
  "with-contenv": runs(),
  dotenv: runs({ "-e": "read", "-v": "value", "-c": "value" }),
  direnv: { subcommands: { exec: { operands: ["path", "argv"] } } },
  "aws-vault": { subcommands: { exec: runs({ "--duration": "value", "-d": "value" }, ["value"]) } },
  // Package runners: the carried program is a package fetched from a registry (package-runs.ts).
  // npm reads every option from `npm_config_NAME` too: `npm_config_yes=true npx pkg` fetches and runs unasked.
  npx: {
    ...fetchesAndRuns(runs({ "-p": "value", "--package": "value", "-c": "shell", "--call": "shell" }), ["-p", "--package"]),
    environmentArguments: { optionPrefix: "npm_config_" },
  },
  bunx: fetchesAndRuns(runs({ "-p": "value", "--package": "value" }), ["-p", "--package"]),
  pnpx: fetchesAndRuns(runs({ "-p": "value", "--package": "value" }), ["-p", "--package"]),
  uvx: fetchesAndRuns(runs({ "--from": "value", "--with": "value", "--python": "value", "-p": "value" }), ["--from"]),
  pipx: { subcommands: { run: fetchesAndRuns(runs({ "--spec": "value", "--python": "value" }), ["--spec"]) } },
  busybox: runs(),
  toybox: runs(),
};
