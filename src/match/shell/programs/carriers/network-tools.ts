// Network clients beyond curl and ssh (network.ts): file-transfer clients
// whose command language runs local commands (`!cmd`) and moves files
// (lftp -c, smbclient -c, sftp/ftp on stdin), clients that run a program
// to connect or authenticate (sshfs -o ssh_command, sshuttle --ssh-cmd,
// mosh --ssh, svn's and hg's editors and tunnels, openvpn's scripts, yt-dlp
// --exec), and where they connect. Backup tools (restic, borg) are remote
// resources, in remote/.
import { ANSIBLE } from "../ansible.ts";
import { NETWORK_PROGRAMS } from "../network.ts";
import type { ProgramSpec } from "../spec.ts";

const SSH = NETWORK_PROGRAMS.ssh!;

const LFTP: ProgramSpec = {
  options: { "-c": "code:ftp", "-e": "code:ftp", "-f": "script", "-u": "value", "-p": "port", "--user": "value", "--password": "value", "--env-password": "flag" },
  operands: ["url"],
  stdin: "code:ftp",
};

export const NETWORK_TOOLS: Record<string, ProgramSpec> = {
  // ansible's -a is a command (or a module's arguments) run on every host it names: read in ../ansible.ts.
  ansible: ANSIBLE,
  // autossh keeps an ssh connection up: its own -M, then ssh's options and operands.
  autossh: { ...SSH, options: { ...SSH.options, "-M": "value" }, env: { ...SSH.env, AUTOSSH_PATH: "argv" } },
  lftp: LFTP,
  smbclient: { options: { "-c": "code:ftp", "--command": "code:ftp", "-U": "value", "--user": "value", "-W": "value", "-p": "port", "--port": "port", "-I": "host", "-A": "read", "--authentication-file": "read", "-D": "value", "-T": "value", "-s": "read", "-l": "path", "-O": "value", "-m": "value" }, operands: ["value", "value"], stdin: "code:ftp" },
  tftp: { options: { "-m": "value", "-c": "code:ftp", "-l": "flag", "-p": "flag", "-g": "flag", "-r": "value", "-L": "value" }, operands: ["host", "port"], stdin: "code:ftp" },
  ncftp: { options: { "-u": "value", "-p": "value", "-P": "port", "-f": "read", "-j": "value" }, operands: ["url"], stdin: "code:ftp" },
  psftp: { options: { "-b": "script", "-P": "port", "-l": "value", "-pw": "value", "-i": "read" }, operands: ["host"], stdin: "code:ftp" },
  sshfs: { options: { "-o": "code:sshfs-option", "-p": "port", "-F": "read", "-C": "flag" }, operands: ["location", "write"] },
  sshuttle: { options: { "-e": "shell", "--ssh-cmd": "shell", "-r": "host", "--remote": "host", "--python": "shell", "-x": "value", "--exclude": "value", "-X": "read", "--exclude-from": "read", "-s": "read", "--subnets": "read", "--pidfile": "write", "--sudoers-user": "value", "--listen": "value", "--to-ns": "value" }, operands: ["value"] },
  mosh: { options: { "--ssh": "shell", "--server": "shell", "--client": "argv", "-p": "port", "--port": "port", "--predict": "value", "--family": "value", "--bind-server": "value" }, operands: ["host", "shell-words"] },
  "ssh-agent": { options: { "-a": "path", "-E": "value", "-P": "value", "-t": "value" }, operands: ["argv"] },
  sshpass: { options: { "-p": "value", "-f": "read", "-d": "value", "-e": "flag", "-P": "value" }, operands: ["argv"] },
  "ssh-keyscan": { options: { "-f": "read", "-p": "port", "-T": "value", "-t": "value" }, operands: ["host"] },
  "lwp-download": { options: { "-a": "flag", "-s": "flag" }, operands: ["url", "write"] },
  "lwp-request": { options: { "-m": "value", "-f": "flag", "-b": "url", "-t": "value", "-i": "value", "-c": "value", "-p": "url", "-H": "value", "-C": "value", "-o": "value" }, operands: ["url"] },
  ab: { options: { "-p": "read", "-u": "read", "-g": "write", "-e": "write", "-n": "value", "-c": "value", "-t": "value", "-s": "value", "-T": "value", "-H": "value", "-C": "value", "-A": "value", "-P": "value", "-X": "url", "-B": "value", "-m": "value", "-E": "read", "-Z": "value", "-f": "value" }, operands: ["url"] },
  openssl: {
    operands: ["value"],
    subcommands: {
      s_client: { options: { "-connect": "host", "-proxy": "host", "-servername": "value", "-cert": "read", "-key": "read", "-CAfile": "read", "-CApath": "path", "-sess_out": "write", "-sess_in": "read", "-keylogfile": "write", "-msgfile": "write", "-engine": "read", "-pass": "value" }, operands: ["host"], singleDashWords: true },
      s_server: { options: { "-accept": "port", "-port": "port", "-cert": "read", "-key": "read", "-WWW": "flag", "-www": "flag", "-engine": "read", "-msgfile": "write", "-keylogfile": "write" }, operands: ["value"], singleDashWords: true },
      enc: { options: { "-in": "read", "-out": "write", "-pass": "value", "-k": "value", "-kfile": "read", "-K": "value", "-iv": "value", "-S": "value", "-md": "value", "-engine": "read" }, operands: ["value"], singleDashWords: true },
      ...Object.fromEntries(
        ["req", "x509", "rsa", "ec", "pkey", "genrsa", "genpkey", "dgst", "pkcs12", "pkcs8", "base64", "smime", "cms", "ca", "crl", "verify", "asn1parse", "rand", "passwd", "pkeyutl", "rsautl", "dhparam", "ecparam", "ocsp", "spkac", "ts", "x509v3"].map((name) => [
          name,
          { options: { "-in": "read", "-out": "write", "-key": "read", "-inkey": "read", "-signkey": "read", "-CA": "read", "-CAkey": "read", "-CAfile": "read", "-config": "read", "-extfile": "read", "-passin": "value", "-passout": "value", "-engine": "read", "-keyout": "write", "-certfile": "read", "-sign": "read", "-verify": "read", "-signature": "read", "-rand": "read", "-writerand": "write" }, operands: ["read"], singleDashWords: true },
        ]),
      ),
    },
  },
  svn: {
    options: { "--editor-cmd": "shell", "--diff-cmd": "argv", "--diff3-cmd": "argv", "--config-dir": "path", "--config-option": "value", "-F": "read", "--file": "read", "-m": "value", "--message": "value", "--username": "value", "--password": "value", "-r": "value", "--revision": "value", "--targets": "read", "-x": "value", "--extensions": "value", "--depth": "value", "--set-depth": "value", "--accept": "value", "--changelist": "value", "--cl": "value" },
    operands: ["value", "path"],
    env: { SVN_EDITOR: "shell", SVN_SSH: "shell", EDITOR: "shell", VISUAL: "shell" },
  },
  hg: {
    options: { "--config": "code:hg-config", "-e": "shell", "--ssh": "shell", "--remotecmd": "shell", "-R": "path", "--repository": "path", "--cwd": "path", "-m": "value", "--message": "value", "-l": "read", "--logfile": "read", "-r": "value", "--rev": "value", "-b": "value", "--branch": "value", "-u": "value", "--user": "value", "-d": "value", "--date": "value", "-I": "pattern", "--include": "pattern", "-X": "pattern", "--exclude": "pattern", "-T": "value", "--template": "value", "-o": "write", "--output": "write" },
    operands: ["value", "path"],
    env: { HGEDITOR: "shell", EDITOR: "shell", VISUAL: "shell", HGMERGE: "shell", HG_SSH: "shell" },
  },
  openvpn: {
    options: {
      "--config": "read", "--up": "shell", "--down": "shell", "--route-up": "shell", "--route-pre-down": "shell", "--ipchange": "shell", "--client-connect": "shell", "--client-disconnect": "shell",
      "--learn-address": "shell", "--tls-verify": "shell", "--auth-user-pass-verify": "shell", "--plugin": "read", "--auth-user-pass": "read", "--askpass": "read", "--secret": "read",
      "--ca": "read", "--cert": "read", "--key": "read", "--tls-auth": "read", "--tls-crypt": "read", "--log": "write", "--log-append": "write", "--writepid": "write", "--status": "write",
      "--remote": "host", "--port": "port", "--rport": "port", "--lport": "port", "--dev": "value", "--script-security": "value", "--proto": "value", "--verb": "value", "--cd": "path",
    },
    operands: ["value"],
  },
  "yt-dlp": { options: { "--exec": "shell", "--exec-before-download": "shell", "-o": "write", "--output": "write", "-a": "read", "--batch-file": "read", "--cookies": "read", "--config-location": "read", "-P": "path", "--paths": "path", "--downloader": "argv", "--external-downloader": "argv", "--downloader-args": "value", "--postprocessor-args": "value", "-f": "value", "--format": "value", "--proxy": "url" }, operands: ["url"] },
  "youtube-dl": { options: { "--exec": "shell", "-o": "write", "--output": "write", "-a": "read", "--batch-file": "read", "--cookies": "read", "--config-location": "read", "--external-downloader": "argv", "-f": "value", "--format": "value", "--proxy": "url" }, operands: ["url"] },
  nmap: {
    options: { "--script": "read", "--script-args": "value", "--script-args-file": "read", "-iL": "read", "--excludefile": "read", "-oN": "write", "-oX": "write", "-oG": "write", "-oS": "write", "-oA": "write", "--resume": "read", "--datadir": "path", "--stylesheet": "read", "-p": "value", "-e": "value", "-S": "value", "-D": "value", "-g": "value", "--source-port": "value", "--exclude": "value", "--top-ports": "value", "-T": "value", "--max-retries": "value", "--host-timeout": "value", "--scan-delay": "value", "--min-rate": "value", "--max-rate": "value" },
    operands: ["host"],
  },
  busctl: { options: { "--address": "code:dbus-address", "-H": "host", "--host": "host", "-M": "value", "--machine": "value" }, operands: ["value"] },
  "dbus-send": { options: { "--address": "code:dbus-address", "--dest": "value", "--type": "value", "--reply-timeout": "value" }, operands: ["value"] },
  socket: { options: { "-p": "shell", "-B": "value" }, operands: ["host", "port"] },
};
