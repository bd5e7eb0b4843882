// Programs that connect: where they connect (URLs, hosts, ports — matchable
// with `hosts` and `ports`), what they upload (files named with @FILE,
// upload options) and save, and the commands some of them run locally
// (ssh's ProxyCommand, rsync's -e, nc -e).
import { DESTROY, DRY_RUN, UPLOAD } from "./remote/categories.ts";
import { libraryOptions } from "./library-loads.ts";
import type { ProgramSpec } from "./spec.ts";

/** An HTTP DELETE destroys on the server it names (the remote-resource rules ask, naming the host). */
const HTTP_DELETE = [DESTROY, "http"];

/**
 * Programs that run their command on another machine's shell (ssh and the tools built on it, mosh, rsh, the
 * parallel shells, a Ray cluster's job entrypoint): what they carry is judged as if run here, and is labelled as run on a remote host, where a
 * restart or a package change reaches a server rather than this machine.
 */
export const REMOTE_SHELLS: ReadonlySet<string> = new Set(["ssh", "autossh", "dbclient", "mosh", "rsh", "rexec", "pssh", "parallel-ssh", "pdsh", "clush", "ray job submit"]);

/** The tag of a command run on another machine by a remote shell (`ssh host 'systemctl restart db'`). */
export const REMOTE_HOST = "remote-host";

/** `croc send FILE…`, `wormhole send FILE`: each named file goes to whoever holds the code. */
const PEER_SEND: ProgramSpec = {
  options: { "--code": "value", "--text": "value", "--exclude": "value", "--zip": "flag", "--no-compress": "flag" },
  operands: ["read"],
  readsTrees: {},
  tags: [UPLOAD],
};

/** `huggingface-cli upload REPO [LOCAL_PATH] [PATH_IN_REPO]` (and `hf upload`): the local file or folder is pushed to the hub. */
export const HF_UPLOAD: ProgramSpec = {
  options: { "--repo-type": "value", "--revision": "value", "--include": "value", "--exclude": "value", "--delete": "value", "--commit-message": "value", "--token": "value" },
  operands: ["value", "read", "value"],
  readsTrees: {},
  tags: [UPLOAD],
};
/** `ffsend upload FILE`: the file goes to a Send host for anyone with the link. */
const FILE_SHARE: ProgramSpec = {
  options: { "--host": "url", "-H": "url", "--downloads": "value", "-d": "value", "--expiry": "value", "-e": "value", "--name": "value", "-n": "value", "--password": "value" },
  operands: ["read"],
  tags: [UPLOAD],
};

const NTFY_ACCOUNT = { "--user": "value", "-u": "value", "--token": "value", "-k": "value", "--config": "read", "-c": "read" } as const;
const NTFY_PUBLISH: ProgramSpec = {
  options: {
    ...NTFY_ACCOUNT,
    "--file": "attachment",
    "-f": "attachment",
    "--wait-cmd": "flag",
    ...Object.fromEntries(
      ["--title", "-t", "--message", "-m", "--priority", "-p", "--tags", "--tag", "-T", "--delay", "--at", "--in", "-D", "--click", "-U", "--attach", "-a", "--icon", "-i"].map(
        (option) => [option, "value"],
      ),
    ),
    ...Object.fromEntries(["--actions", "-A", "--email", "-e", "--filename", "-n", "--wait-pid", "--cache", "--firebase"].map((option) => [option, "value"])),
  },
  operands: ["value", "value"],
  tags: [UPLOAD],
};

const SSH_OPTIONS = {
  "-o": "code:ssh-option",
  "-F": "read",
  "-i": "value",
  "-p": "port",
  "-P": "port",
  "-l": "value",
  "-c": "value",
  "-m": "value",
  "-J": "host",
  "-L": "value",
  "-R": "value",
  "-D": "value",
  "-W": "value",
  "-b": "value",
  "-e": "value",
  "-E": "write",
  "-O": "value",
  "-Q": "value",
  "-w": "value",
  "-B": "value",
  "-I": "value",
  "-S": "path",
} as const;

const CURL: ProgramSpec = {
  options: {
    "--engine": "value",
    "-o": "write",
    "--output": "write",
    "--output-dir": "path",
    "-D": "write",
    "--dump-header": "write",
    "-c": "write",
    "--cookie-jar": "write",
    "--trace": "write",
    "--trace-ascii": "write",
    "--stderr": "write",
    "--libcurl": "write",
    "--etag-save": "write",
    "-d": "data",
    "--data": "data",
    "--data-binary": "data",
    "--data-ascii": "data",
    // `name@file` (and `@file`) URL-encodes the file's content: curl reads it, as HTTPie reads an item's `@file`.
    "--data-urlencode": "request-item",
    "--data-raw": "value",
    "-F": "data",
    "--form": "data",
    "--form-string": "value",
    "--json": "data",
    "-T": "read",
    "--upload-file": "read",
    "-K": "read",
    "--config": "read",
    "--netrc-file": "read",
    "--key": "read",
    "--cert": "read",
    "-E": "read",
    "--cacert": "read",
    "--capath": "path",
    "-b": "data",
    "--cookie": "data",
    "--etag-compare": "read",
    "-x": "url",
    "--proxy": "url",
    "--url": "url",
    "--preproxy": "url",
    // `-H @file` sends the file's lines as headers.
    "-H": "data",
    "--header": "data",
    "--proxy-header": "data",
    "-u": "value",
    "--user": "value",
    "-X": "value",
    "--request": "value",
    "-A": "value",
    "--user-agent": "value",
    "-e": "value",
    "--referer": "value",
    "--resolve": "value",
    "--connect-to": "value",
    "-w": "value",
    "--write-out": "value",
    "-m": "value",
    "--max-time": "value",
    "--connect-timeout": "value",
    "--retry": "value",
    "--retry-delay": "value",
    "--retry-max-time": "value",
    "-r": "value",
    "--range": "value",
    "-C": "value",
    "--continue-at": "value",
    "-Y": "value",
    "-y": "value",
    "-z": "value",
    "--time-cond": "value",
    "--limit-rate": "value",
    "--max-filesize": "value",
    "--interface": "value",
    "--local-port": "value",
    "-U": "value",
    "--proxy-user": "value",
    "--oauth2-bearer": "value",
    "--aws-sigv4": "value",
    "--max-redirs": "value",
    "--unix-socket": "path",
    "--abstract-unix-socket": "value",
    "-Q": "value",
    "--quote": "value",
    "--mail-from": "value",
    "--mail-rcpt": "value",
    "--variable": "value",
    "--expand-url": "url",
  },
  operands: ["url"],
  // -O (also in bundles such as -fsSLO, -OJ) saves each URL under its own file name, in --output-dir when given.
  savesUrls: { withOptions: ["-O", "--remote-name", "--remote-name-all"], directoryOptions: ["--output-dir"] },
  tagsWith: { "-X=DELETE": HTTP_DELETE, "--request=DELETE": HTTP_DELETE, ...libraryOptions("--engine") },
};

/** HTTPie and xh: `http [METHOD] URL [ITEM…]`; the method, when given, is read as a subcommand. */
function httpie(options: ProgramSpec["options"]): ProgramSpec {
  // --download saves the body under the URL's file name unless -o names one.
  const request: ProgramSpec = { operands: ["url", "request-item"], options, savesUrls: { withOptions: ["-d", "--download"], unlessOptions: ["-o", "--output"] } };
  const methods = ["GET", "HEAD", "POST", "PUT", "PATCH", "OPTIONS", "DELETE"].flatMap((method) => [method, method.toLowerCase()]);
  const subcommands = Object.fromEntries(methods.map((method) => [method, method.toUpperCase() === "DELETE" ? { ...request, tags: HTTP_DELETE } : request]));
  return { ...request, optionalSubcommands: true, subcommands };
}

const HTTPIE = httpie({
  "-o": "write",
  "--output": "write",
  "--session": "write",
  "--session-read-only": "read",
  "-a": "value",
  "--auth": "value",
  "--verify": "value",
  "--cert": "read",
  "--cert-key": "read",
  "--proxy": "value",
});
const XH = httpie({ "-o": "write", "--output": "write", "-a": "value", "--auth": "value", "--session": "write", "--proxy": "value", "--cert": "read", "--cert-key": "read" });

const WGET: ProgramSpec = {
  options: {
    "-O": "write",
    "--output-document": "write",
    "-o": "write",
    "--output-file": "write",
    "-a": "write",
    "--append-output": "write",
    "-P": "path",
    "--directory-prefix": "path",
    "-i": "read",
    "--input-file": "read",
    "--post-file": "read",
    "--body-file": "read",
    "--config": "read",
    "--load-cookies": "read",
    "--save-cookies": "write",
    "--certificate": "read",
    "--private-key": "read",
    "--ca-certificate": "read",
    "-e": "value",
    "--execute": "value",
    "--header": "value",
    "--post-data": "value",
    "--body-data": "value",
    "--method": "value",
    "--user": "value",
    "--password": "value",
    "--http-user": "value",
    "--http-password": "value",
    "-U": "value",
    "--user-agent": "value",
    "-t": "value",
    "--tries": "value",
    "-T": "value",
    "--timeout": "value",
    "-w": "value",
    "--wait": "value",
    "-l": "value",
    "--level": "value",
    "-A": "pattern",
    "--accept": "pattern",
    "-R": "pattern",
    "--reject": "pattern",
    "-D": "value",
    "--domains": "value",
    "-Q": "value",
    "--quota": "value",
    "--limit-rate": "value",
    "--referer": "value",
    "-B": "url",
    "--base": "url",
    "--use-askpass": "argv",
  },
  operands: ["url"],
  abbreviations: true,
  // Without -O each URL is saved under its own file name (in -P's directory); -i's URLs are only known at run time.
  savesUrls: { unlessOptions: ["-O", "--output-document", "--spider"], directoryOptions: ["-P", "--directory-prefix"] },
  tagsWith: { "--method=DELETE": HTTP_DELETE },
};

/** HTTP load generators: the URL is the target (hosts known), the numbers are counts, durations and concurrency. */
const LOAD_GENERATOR: ProgramSpec = {
  options: {
    "-n": "value",
    "-c": "value",
    "-z": "value",
    "-q": "value",
    "-t": "value",
    "-d": "value",
    "-m": "value",
    "-H": "value",
    "-D": "read",
    "-s": "read",
    "--script": "read",
    "-T": "value",
    "-A": "value",
    "-x": "url",
    "-r": "value",
    "-R": "value",
    "--rate": "value",
    "--duration": "value",
    "--connections": "value",
    "--threads": "value",
  },
  operands: ["url"],
};

export const NETWORK_PROGRAMS: Record<string, ProgramSpec> = {
  ...Object.fromEntries(["hey", "oha", "wrk", "wrk2", "bombardier", "siege", "h2load", "autocannon"].map((name) => [name, LOAD_GENERATOR])),
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
      "-o": "write",
      "--out": "write",
      "-d": "path",
      "--dir": "path",
      "-i": "read",
      "--input-file": "read",
      "--conf-path": "read",
      "-l": "write",
      "--log": "write",
      "--save-session": "write",
      "--on-download-complete": "argv",
      "--on-download-start": "argv",
      "--on-download-error": "argv",
      "--on-download-pause": "argv",
      "--on-download-stop": "argv",
      "--on-bt-download-complete": "argv",
    },
    operands: ["url"],
    savesUrls: { unlessOptions: ["-o", "--out"], directoryOptions: ["-d", "--dir"] },
  },
  // macOS's nscurl: fetches with Foundation's URL loading; -o saves, --upload sends a file as the body.
  nscurl: {
    options: {
      "-o": "write",
      "--output": "write",
      "--upload": "read",
      "-X": "value",
      "--method": "value",
      "-H": "value",
      "--header": "value",
      "-r": "value",
      "--tls-min-version": "value",
      "--tls-max-version": "value",
      "--cert": "read",
    },
    operands: ["url"],
  },
  nc: {
    options: {
      "-e": "argv",
      "-c": "shell",
      "-p": "port",
      "-s": "value",
      "-w": "value",
      "-i": "value",
      "-q": "value",
      "-x": "value",
      "-X": "value",
      "-o": "write",
      "-I": "value",
      "-O": "value",
      "-T": "value",
      "-V": "value",
    },
    operands: ["host", "port"],
  },
  netcat: {
    options: { "-e": "argv", "-c": "shell", "-p": "port", "-s": "value", "-w": "value", "-i": "value", "-q": "value", "-x": "value", "-X": "value", "-o": "write" },
    operands: ["host", "port"],
  },
  ncat: {
    options: {
      "-e": "argv",
      "--exec": "argv",
      "-c": "shell",
      "--sh-exec": "shell",
      "--lua-exec": "read",
      "-p": "port",
      "-s": "value",
      "-w": "value",
      "-i": "value",
      "-o": "write",
      "--output": "write",
      "-x": "value",
      "--proxy": "value",
      "--proxy-type": "value",
      "--allow": "value",
      "--deny": "value",
    },
    operands: ["host", "port"],
  },
  // Without a host, telnet reads its own commands on stdin, `!CMD` among them (a shell escape).
  telnet: { options: { "-l": "value", "-b": "value", "-e": "value", "-n": "write" }, operands: ["host", "port"], stdin: "code:console" },
  ssh: { options: SSH_OPTIONS, operands: ["host", "shell-words"], env: { SSH_ASKPASS: "argv" } },
  scp: { options: { ...SSH_OPTIONS, "-S": "argv", "-P": "port", "-p": "flag" }, operands: ["location"], lastOperand: "location", readsTrees: { withFlags: ["-r"] } },
  // Peer-to-peer senders and a model hub's upload: the files they name leave the machine (a secret among them is sent).
  croc: { options: { "--relay": "host", "--pass": "value", "--code": "value", "--hash": "value", "--ports": "value" }, subcommands: { send: PEER_SEND } },
  wormhole: { options: { "--relay-url": "url", "--transit-helper": "url", "--appid": "value" }, subcommands: { send: PEER_SEND, tx: PEER_SEND } },
  // sftp and ftp read commands (`!cmd` runs a local one) from a batch file or stdin.
  sftp: { options: { ...SSH_OPTIONS, "-S": "argv", "-b": "script", "-P": "port", "-D": "argv", "-s": "value" }, operands: ["host"], stdin: "code:ftp" },
  rsync: {
    options: {
      "-e": "shell",
      "--rsh": "shell",
      "--rsync-path": "shell",
      "--exclude": "pattern",
      "--include": "pattern",
      "-f": "pattern",
      "--filter": "pattern",
      "--exclude-from": "read",
      "--include-from": "read",
      "--files-from": "read",
      "--password-file": "read",
      "--log-file": "write",
      "--write-batch": "write",
      "--only-write-batch": "write",
      "--read-batch": "read",
      "--backup-dir": "path",
      "-T": "path",
      "--temp-dir": "path",
      "--partial-dir": "path",
      "--compare-dest": "path",
      "--copy-dest": "path",
      "--link-dest": "path",
      "--chmod": "value",
      "--chown": "value",
      "--usermap": "value",
      "--groupmap": "value",
      "--port": "port",
      "--address": "value",
      "--bwlimit": "value",
      "--timeout": "value",
      "--contimeout": "value",
      "--max-size": "value",
      "--min-size": "value",
      "--suffix": "value",
      "-B": "value",
      "--block-size": "value",
      "--iconv": "value",
      "--out-format": "value",
      "--log-file-format": "value",
      "--sockopts": "value",
    },
    operands: ["location"],
    lastOperand: "location",
    abbreviations: true,
    readsTrees: { withFlags: ["-r", "--recursive", "-a", "--archive"], unlessFlags: ["--no-recursive", "--no-r"] },
    // Deleting at the receiving end; with another host as one end, the remote-resource rules ask.
    tags: ["sync"],
    tagsWith: {
      ...Object.fromEntries(
        ["--delete", "--del", "--delete-before", "--delete-during", "--delete-delay", "--delete-after", "--delete-excluded", "--delete-missing-args", "--remove-source-files"].map(
          (option) => [option, [DESTROY]],
        ),
      ),
      "-n": [DRY_RUN],
      "--dry-run": [DRY_RUN],
      "--list-only": [DRY_RUN],
    },
  },
  socat: { options: { "-lf": "write", "-L": "write", "-W": "write", "-T": "value", "-b": "value", "-lp": "value", "-t": "value" }, operands: ["code:socat-address"] },
  // busybox's web server (`busybox httpd -f -p 8080 -h DIR`): -h is the directory it serves.
  httpd: {
    options: { "-h": "path", "-p": "port", "-c": "read", "-u": "value", "-r": "value", "-m": "value", "-e": "value", "-d": "value", "-f": "flag", "-v": "flag", "-i": "flag" },
    operands: ["value"],
  },
  ftp: { options: { "-s": "script" }, operands: ["host", "port"], stdin: "code:ftp" },
  // `-t PATH`: the file on the host the keys are appended to (another authorized_keys file, in its intended use).
  "ssh-copy-id": {
    options: { "-i": "read", "-p": "port", "-o": "code:ssh-option", "-F": "read", "-t": "value", "-f": "flag", "-n": "flag", "-s": "flag", "-x": "flag" },
    operands: ["host"],
  },
  // The BSD remote shell family: `rsh HOST CMD` runs CMD there as ssh does; `rlogin HOST` logs in.
  rsh: { options: { "-l": "value", "-p": "port" }, operands: ["host", "shell-words"] },
  rexec: { options: { "-l": "value", "-p": "value", "-n": "flag" }, operands: ["host", "shell-words"] },
  rlogin: { options: { "-l": "value", "-p": "port", "-e": "value" }, operands: ["host"] },
  // axel saves each URL under its own name, or as -o says (a file, or a directory).
  axel: {
    options: {
      "-o": "write",
      "--output": "write",
      "-n": "value",
      "--num-connections": "value",
      "-s": "value",
      "--max-speed": "value",
      "-H": "value",
      "--header": "value",
      "-U": "value",
      "--user-agent": "value",
      "-T": "value",
      "--timeout": "value",
    },
    operands: ["url"],
    savesUrls: { unlessOptions: ["-o", "--output"] },
  },
  // Programs that send a file they are given somewhere others can read it: the file's text leaves with it.
  // swaks mails its attachments (`--attach FILE` or `@FILE`) and a body read from a file (`--body @FILE`).
  swaks: {
    options: {
      "--attach": "attachment",
      "--attach-body": "data",
      "--body": "data",
      "--data": "data",
      "-d": "data",
      "--to": "value",
      "-t": "value",
      "--from": "value",
      "-f": "value",
      "--server": "host",
      "-s": "host",
      "--port": "port",
      "-p": "port",
      "--header": "value",
      "--h-Subject": "value",
      "--auth-user": "value",
      "--auth-password": "value",
      "--attach-type": "value",
      "--attach-name": "value",
    },
    operands: ["value"],
    tags: [UPLOAD],
  },
  // mutt: `mutt -s SUBJECT -a FILE… -- ADDRESS…`: the operands are recipients, the attachments leave with the message;
  // `-H FILE` takes a whole draft, recipients included. (mail and mailx are consoles, msmtp a carrier: see carriers/.)
  ...Object.fromEntries(
    ["mutt", "neomutt"].map((name) => [
      name,
      {
        options: { "-s": "value", "-a": "attachment", "-c": "value", "-b": "value", "-e": "value", "-F": "read", "-H": "read", "-i": "read", "-f": "path" },
        operands: ["value"],
        tags: [UPLOAD],
      } satisfies ProgramSpec,
    ]),
  ),
  // sendmail and its stand-ins read the message on stdin; `-t` takes the recipients from its headers.
  ...Object.fromEntries(
    ["sendmail", "ssmtp", "esmtp", "nullmailer-inject"].map((name) => [
      name,
      {
        options: { "-f": "value", "-F": "value", "-C": "read", "-o": "value", "-O": "value", "-N": "value", "-R": "value", "-V": "value", "-B": "value" },
        operands: ["value"],
        tags: [UPLOAD],
      } satisfies ProgramSpec,
    ]),
  ),
  // ncftpput HOST REMOTE-DIR LOCAL-FILE…: the local files (-R directories whole) are copied to the FTP server.
  ncftpput: {
    options: {
      ...Object.fromEntries(["-u", "-p", "-j", "-t", "-S", "-T", "-U", "-W", "-X", "-Y", "-B"].map((option) => [option, "value"])),
      "-P": "port",
      "-f": "path",
      "-d": "write",
      "-e": "write",
    },
    operands: ["host", "value", "read"],
    readsTrees: {},
    tags: [UPLOAD],
  },
  // apprise posts a notification to every service URL given, with the files --attach names.
  apprise: {
    options: {
      "--attach": "attachment",
      "-a": "attachment",
      "--title": "value",
      "-t": "value",
      "--body": "value",
      "-b": "value",
      "--notification-type": "value",
      "-n": "value",
      "--input-format": "value",
      "-i": "value",
      "--theme": "value",
      "-T": "value",
      "--tag": "value",
      "-g": "value",
      "--config": "read",
      "-c": "read",
    },
    operands: ["url"],
    tags: [UPLOAD],
  },
  // ntfy publishes a message to a topic, with a local file as its attachment (--file); `subscribe TOPIC CMD` runs CMD per message.
  ntfy: {
    subcommands: {
      ...Object.fromEntries(["publish", "pub", "send", "trigger"].map((name) => [name, NTFY_PUBLISH])),
      ...Object.fromEntries(["subscribe", "sub"].map((name) => [name, { options: NTFY_ACCOUNT, operands: ["value", "shell-words"] } satisfies ProgramSpec])),
      "*": {},
    },
  },
  // `ipfs add FILE…` (-r a directory) publishes the files to the IPFS network under their content's address.
  ipfs: { subcommands: { add: { options: { "--pin": "value", "--cid-version": "value", "--chunker": "value" }, operands: ["read"], readsTrees: {}, tags: [UPLOAD] }, "*": {} } },
  // ffsend uploads a file to a Send host and prints the link to it.
  ffsend: { subcommands: { ...Object.fromEntries(["upload", "u", "up"].map((name) => [name, FILE_SHARE])), "*": {} } },
  // surge publishes a directory (its first operand, or --project) as a public web site.
  surge: {
    options: { "--project": "read", "-p": "read", "--domain": "value", "-d": "value" },
    operands: ["read", "value"],
    readsTrees: {},
    optionalSubcommands: true,
    subcommands: Object.fromEntries(
      ["login", "logout", "whoami", "list", "token", "teardown", "plus", "ssl", "encrypt", "invite", "revoke", "audit", "bust", "dns", "zone", "help"].map((name) => [
        name,
        { operands: ["value"] },
      ]),
    ),
    tags: [UPLOAD],
  },
};

/**
 * Options naming a file a network client proves who it is with (a TLS client key or certificate, a CA bundle, an
 * SSH identity): read to open the connection, never sent as data. secret-text.ts leaves these files out of what a
 * sender sends.
 */
export const IDENTITY_FILE_OPTIONS: readonly string[] = [
  "--key",
  "--cert",
  "-E",
  "--cacert",
  "--proxy-key",
  "--proxy-cert",
  "--proxy-cacert",
  "--cert-key",
  "--private-key",
  "--certificate",
  "--ca-certificate",
  "-i",
  "--identity-file",
];
