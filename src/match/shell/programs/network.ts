// Programs that connect: where they connect (URLs, hosts, ports — matchable
// with `hosts` and `ports`), what they upload (files named with @FILE,
// upload options) and save, and the commands some of them run locally
// (ssh's ProxyCommand, rsync's -e, nc -e).
import { DESTROY, DRY_RUN } from "./remote/categories.ts";
import type { ProgramSpec } from "./spec.ts";

/** An HTTP DELETE destroys on the server it names (the remote-resource rules ask, naming the host). */
const HTTP_DELETE = [DESTROY, "http"];

const SSH_OPTIONS = {
  "-o": "code:ssh-option", "-F": "read", "-i": "value", "-p": "port", "-P": "port", "-l": "value", "-c": "value", "-m": "value",
  "-J": "host", "-L": "value", "-R": "value", "-D": "value", "-W": "value", "-b": "value", "-e": "value", "-E": "write",
  "-O": "value", "-Q": "value", "-w": "value", "-B": "value", "-I": "value", "-S": "path",
} as const;

const CURL: ProgramSpec = {
  options: {
    "-o": "write", "--output": "write", "--output-dir": "path", "-D": "write", "--dump-header": "write", "-c": "write", "--cookie-jar": "write",
    "--trace": "write", "--trace-ascii": "write", "--stderr": "write", "--libcurl": "write", "--etag-save": "write",
    "-d": "data", "--data": "data", "--data-binary": "data", "--data-ascii": "data", "--data-urlencode": "data", "--data-raw": "value",
    "-F": "data", "--form": "data", "--form-string": "value", "--json": "data", "-T": "read", "--upload-file": "read",
    "-K": "read", "--config": "read", "--netrc-file": "read", "--key": "read", "--cert": "read", "-E": "read", "--cacert": "read", "--capath": "path",
    "-b": "data", "--cookie": "data", "--etag-compare": "read", "-x": "url", "--proxy": "url", "--url": "url", "--preproxy": "url",
    "-H": "value", "--header": "value", "-u": "value", "--user": "value", "-X": "value", "--request": "value", "-A": "value", "--user-agent": "value",
    "-e": "value", "--referer": "value", "--resolve": "value", "--connect-to": "value", "-w": "value", "--write-out": "value",
    "-m": "value", "--max-time": "value", "--connect-timeout": "value", "--retry": "value", "--retry-delay": "value", "--retry-max-time": "value",
    "-r": "value", "--range": "value", "-C": "value", "--continue-at": "value", "-Y": "value", "-y": "value", "-z": "value", "--time-cond": "value",
    "--limit-rate": "value", "--max-filesize": "value", "--interface": "value", "--local-port": "value", "-U": "value", "--proxy-user": "value",
    "--oauth2-bearer": "value", "--aws-sigv4": "value", "--max-redirs": "value", "--unix-socket": "path", "--abstract-unix-socket": "value",
    "-Q": "value", "--quote": "value", "--mail-from": "value", "--mail-rcpt": "value", "--variable": "value", "--expand-url": "url",
  },
  operands: ["url"],
  // -O (also in bundles such as -fsSLO, -OJ) saves each URL under its own file name, in --output-dir when given.
  savesUrls: { withOptions: ["-O", "--remote-name", "--remote-name-all"], directoryOptions: ["--output-dir"] },
  tagsWith: { "-X=DELETE": HTTP_DELETE, "--request=DELETE": HTTP_DELETE },
};

/** HTTPie and xh: `http [METHOD] URL [ITEM…]`; the method, when given, is read as a subcommand. */
function httpie(options: ProgramSpec["options"]): ProgramSpec {
  // --download saves the body under the URL's file name unless -o names one.
  const request: ProgramSpec = { operands: ["url", "data"], options, savesUrls: { withOptions: ["-d", "--download"], unlessOptions: ["-o", "--output"] } };
  const methods = ["GET", "HEAD", "POST", "PUT", "PATCH", "OPTIONS", "DELETE"].flatMap((method) => [method, method.toLowerCase()]);
  const subcommands = Object.fromEntries(methods.map((method) => [method, method.toUpperCase() === "DELETE" ? { ...request, tags: HTTP_DELETE } : request]));
  return { ...request, optionalSubcommands: true, subcommands };
}

const HTTPIE = httpie({ "-o": "write", "--output": "write", "--session": "write", "--session-read-only": "read", "-a": "value", "--auth": "value", "--verify": "value", "--cert": "read", "--cert-key": "read", "--proxy": "value" });
const XH = httpie({ "-o": "write", "--output": "write", "-a": "value", "--auth": "value", "--session": "write", "--proxy": "value", "--cert": "read", "--cert-key": "read" });

const WGET: ProgramSpec = {
  options: {
    "-O": "write", "--output-document": "write", "-o": "write", "--output-file": "write", "-a": "write", "--append-output": "write",
    "-P": "path", "--directory-prefix": "path", "-i": "read", "--input-file": "read", "--post-file": "read", "--body-file": "read",
    "--config": "read", "--load-cookies": "read", "--save-cookies": "write", "--certificate": "read", "--private-key": "read", "--ca-certificate": "read",
    "-e": "value", "--execute": "value", "--header": "value", "--post-data": "value", "--body-data": "value", "--method": "value",
    "--user": "value", "--password": "value", "--http-user": "value", "--http-password": "value", "-U": "value", "--user-agent": "value",
    "-t": "value", "--tries": "value", "-T": "value", "--timeout": "value", "-w": "value", "--wait": "value", "-l": "value", "--level": "value",
    "-A": "pattern", "--accept": "pattern", "-R": "pattern", "--reject": "pattern", "-D": "value", "--domains": "value", "-Q": "value", "--quota": "value",
    "--limit-rate": "value", "--referer": "value", "-B": "url", "--base": "url", "--use-askpass": "argv",
  },
  operands: ["url"],
  abbreviations: true,
  // Without -O each URL is saved under its own file name (in -P's directory); -i's URLs are only known at run time.
  savesUrls: { unlessOptions: ["-O", "--output-document", "--spider"], directoryOptions: ["-P", "--directory-prefix"] },
  tagsWith: { "--method=DELETE": HTTP_DELETE },
};

export const NETWORK_PROGRAMS: Record<string, ProgramSpec> = {
  curl: CURL,
  curlie: CURL,
  wget: WGET,
  wget2: WGET,
  // `https` and `xhs` are the same programs with https:// as the default scheme.
  http: HTTPIE,
  https: HTTPIE,
  xh: XH,
  xhs: XH,
  aria2c: {
    options: {
      "-o": "write", "--out": "write", "-d": "path", "--dir": "path", "-i": "read", "--input-file": "read", "--conf-path": "read", "-l": "write", "--log": "write", "--save-session": "write",
      "--on-download-complete": "argv", "--on-download-start": "argv", "--on-download-error": "argv", "--on-download-pause": "argv", "--on-download-stop": "argv", "--on-bt-download-complete": "argv",
    },
    operands: ["url"],
    savesUrls: { unlessOptions: ["-o", "--out"], directoryOptions: ["-d", "--dir"] },
  },
  nc: { options: { "-e": "argv", "-c": "shell", "-p": "port", "-s": "value", "-w": "value", "-i": "value", "-q": "value", "-x": "value", "-X": "value", "-o": "write", "-I": "value", "-O": "value", "-T": "value", "-V": "value" }, operands: ["host", "port"] },
  netcat: { options: { "-e": "argv", "-c": "shell", "-p": "port", "-s": "value", "-w": "value", "-i": "value", "-q": "value", "-x": "value", "-X": "value", "-o": "write" }, operands: ["host", "port"] },
  ncat: { options: { "-e": "argv", "--exec": "argv", "-c": "shell", "--sh-exec": "shell", "--lua-exec": "read", "-p": "port", "-s": "value", "-w": "value", "-i": "value", "-o": "write", "--output": "write", "-x": "value", "--proxy": "value", "--proxy-type": "value", "--allow": "value", "--deny": "value" }, operands: ["host", "port"] },
  telnet: { options: { "-l": "value", "-b": "value", "-e": "value", "-n": "write" }, operands: ["host", "port"] },
  ssh: { options: SSH_OPTIONS, operands: ["host", "shell-words"], env: { SSH_ASKPASS: "argv" } },
  scp: { options: { ...SSH_OPTIONS, "-S": "argv", "-P": "port", "-p": "flag" }, operands: ["location"], lastOperand: "location", readsTrees: { withFlags: ["-r"] } },
  // sftp and ftp read commands (`!cmd` runs a local one) from a batch file or stdin.
  sftp: { options: { ...SSH_OPTIONS, "-S": "argv", "-b": "script", "-P": "port", "-D": "argv", "-s": "value" }, operands: ["host"], stdin: "code:ftp" },
  rsync: {
    options: {
      "-e": "shell", "--rsh": "shell", "--rsync-path": "shell", "--exclude": "pattern", "--include": "pattern", "-f": "pattern", "--filter": "pattern",
      "--exclude-from": "read", "--include-from": "read", "--files-from": "read", "--password-file": "read", "--log-file": "write", "--write-batch": "write",
      "--only-write-batch": "write", "--read-batch": "read", "--backup-dir": "path", "-T": "path", "--temp-dir": "path", "--partial-dir": "path",
      "--compare-dest": "path", "--copy-dest": "path", "--link-dest": "path", "--chmod": "value", "--chown": "value", "--usermap": "value", "--groupmap": "value",
      "--port": "port", "--address": "value", "--bwlimit": "value", "--timeout": "value", "--contimeout": "value", "--max-size": "value", "--min-size": "value",
      "--suffix": "value", "-B": "value", "--block-size": "value", "--iconv": "value", "--out-format": "value", "--log-file-format": "value", "--sockopts": "value",
    },
    operands: ["location"],
    lastOperand: "location",
    abbreviations: true,
    readsTrees: { withFlags: ["-r", "--recursive", "-a", "--archive"], unlessFlags: ["--no-recursive", "--no-r"] },
    // Deleting at the receiving end; with another host as one end, the remote-resource rules ask.
    tags: ["sync"],
    tagsWith: {
      ...Object.fromEntries(["--delete", "--del", "--delete-before", "--delete-during", "--delete-delay", "--delete-after", "--delete-excluded", "--delete-missing-args", "--remove-source-files"].map((option) => [option, [DESTROY]])),
      "-n": [DRY_RUN], "--dry-run": [DRY_RUN], "--list-only": [DRY_RUN],
    },
  },
  socat: { options: { "-lf": "write", "-L": "write", "-W": "write", "-T": "value", "-b": "value", "-lp": "value", "-t": "value" }, operands: ["code:socat-address"] },
  ftp: { options: { "-s": "script" }, operands: ["host", "port"], stdin: "code:ftp" },
  "ssh-copy-id": { options: { "-i": "read", "-p": "port", "-o": "code:ssh-option", "-f": "flag", "-n": "flag" }, operands: ["host"] },
};
