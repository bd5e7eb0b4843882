// The settings readers added for programs that run commands from their
// configuration: wg-quick hooks, the kernel core pattern, fail2ban actions,
// Apache directives and Puppet manifests.
import { describe, expect, test } from "bun:test";
import { MAX_PROJECT_FILE_BYTES } from "../../../../src/limits.ts";
import { readPuppet } from "../../../../src/shell/languages/puppet.ts";
import {
  readApacheDirectives,
  readCorePattern,
  readFail2banAction,
  readFastfetchConfig,
  readNginxDirectives,
  readRsyslogConfig,
  readWireguardConfig,
} from "../../../../src/shell/languages/tool-settings.ts";
import { endsOnBudget, expectChargedLinearly } from "../../../support/reader-budget.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const lines = (reading: { lines: { line: string }[] }) => reading.lines.map((line) => line.line);

describe("readWireguardConfig", () => {
  test("PreUp, PostUp, PreDown and PostDown are commands, %i the interface", () => {
    const config = "[Interface]\nAddress = 10.9.0.2/24\nPostUp = iptables -A FORWARD -i %i -j ACCEPT\npredown=logger down\n[Peer]\nEndpoint = vpn.example.net:51820";
    expect(lines(readWireguardConfig(config))).toEqual(["iptables -A FORWARD -i wg0 -j ACCEPT", "logger down"]);
  });

  test("a config without hooks runs nothing", () => {
    expect(lines(readWireguardConfig("[Interface]\nPrivateKey = abc\nListenPort = 51820"))).toEqual([]);
  });
});

describe("readFail2banAction", () => {
  test("the action's command line, its <tags> filled at run time", () => {
    expect(lines(readFail2banAction("iptables -I f2b-sshd 1 -s <ip> -j REJECT"))).toEqual(['iptables -I f2b-sshd 1 -s "$__synaps_value" -j REJECT']);
    expect(lines(readFail2banAction("/opt/x/notify"))).toEqual(["/opt/x/notify"]);
    expect(lines(readFail2banAction("  "))).toEqual([]);
  });
});

describe("readCorePattern", () => {
  test("a pattern starting with | is a program run on every crash, specifiers filled in", () => {
    expect(lines(readCorePattern("|/usr/lib/systemd/systemd-coredump %P %u %g"))).toEqual(["/usr/lib/systemd/systemd-coredump 1 1 1"]);
    expect(lines(readCorePattern(" | /opt/x/collect.sh"))).toEqual(["/opt/x/collect.sh"]);
  });

  test("a file name pattern runs nothing", () => {
    expect(lines(readCorePattern("core.%e.%p"))).toEqual([]);
    expect(lines(readCorePattern("/var/crash/core-%t"))).toEqual([]);
  });
});

describe("readApacheDirectives", () => {
  test("Include reads its file and a piped log starts its command", () => {
    expect(lines(readApacheDirectives("Include /etc/apache2/extra.conf"))).toEqual(["cat -- /etc/apache2/extra.conf"]);
    expect(lines(readApacheDirectives('IncludeOptional "conf.d/*.conf"'))).toEqual(["cat -- 'conf.d/*.conf'"]);
    expect(lines(readApacheDirectives('CustomLog "|/usr/bin/rotatelogs /var/log/a.%Y 86400" common'))).toEqual(["/usr/bin/rotatelogs /var/log/a.%Y 86400"]);
    expect(lines(readApacheDirectives("ErrorLog '|$logger -t httpd'"))).toEqual(["logger -t httpd"]);
  });

  test("other directives and logs to files run nothing", () => {
    expect(lines(readApacheDirectives('ServerName localhost\nErrorLog "/var/log/apache2/error.log"\nDefine X 1'))).toEqual([]);
  });
});

describe("readPuppet", () => {
  test("a file resource writes its title or path, an exec resource runs its title or command", () => {
    expect(lines(readPuppet("file { '/srv/motd': content => 'hi' }"))).toEqual([": > /srv/motd"]);
    expect(lines(readPuppet('file { "motd": path => "/etc/motd", content => "x" }'))).toEqual([": > /etc/motd"]);
    expect(lines(readPuppet("exec { 'make install': cwd => '/srv/app' }"))).toEqual(["make install"]);
    expect(lines(readPuppet("exec { 'refresh': command => 'systemctl restart app' }"))).toEqual(["systemctl restart app"]);
  });

  test("packages and services run nothing here", () => {
    expect(lines(readPuppet("package { 'nginx': ensure => installed }\nservice { 'nginx': ensure => running }"))).toEqual([]);
  });
});

describe("readNginxDirectives", () => {
  test("include reads, log and pid files are written", () => {
    expect(lines(readNginxDirectives("include /etc/nginx/mime.types; error_log /var/log/x.log warn; pid /run/n.pid;"))).toEqual([
      "cat -- /etc/nginx/mime.types",
      ": > /var/log/x.log",
      ": > /run/n.pid",
    ]);
  });

  test("logs that are not files and other directives give nothing", () => {
    expect(lines(readNginxDirectives("daemon off; error_log stderr; access_log off; worker_processes 2;"))).toEqual([]);
  });
});

describe("readRsyslogConfig", () => {
  test("a ^program action and an omprog binary are commands", () => {
    expect(lines(readRsyslogConfig(':msg, contains, "login" ^/usr/local/bin/notify;RSYSLOG_TraditionalFileFormat'))).toEqual(["/usr/local/bin/notify"]);
    expect(lines(readRsyslogConfig('action(type="omprog" binary="/opt/hooks/ship.sh --fast")'))).toEqual(["/opt/hooks/ship.sh --fast"]);
  });

  test("files and forwarding run nothing", () => {
    expect(lines(readRsyslogConfig('module(load="imuxsock")\n*.info /var/log/messages\n*.* @@logs.example.net:514'))).toEqual([]);
  });

  test("binary before type, and a line of the largest readable size crafted against the patterns, charged linearly", () => {
    expect(lines(readRsyslogConfig('action(binary="/usr/bin/logger -t x" type="omprog")'))).toEqual(["/usr/bin/logger -t x"]);
    // A lazy program pattern before optional trailing spaces, and an omprog pattern scanning to each `)`,
    // were quadratic in a line's length: a 256 KiB configuration took far longer than the host waits.
    for (const line of [` ^x${" ".repeat(MAX_PROJECT_FILE_BYTES)}y;`, 'type="omprog" '.repeat(MAX_PROJECT_FILE_BYTES / 14), 'binary="x" '.repeat(MAX_PROJECT_FILE_BYTES / 11)]) {
      expectChargedLinearly(line, readRsyslogConfig);
      expect(endsOnBudget("rsyslogd -f rs.conf", "rs.conf", line)).toBe(true);
    }
  });
});

describe("readFastfetchConfig", () => {
  test("a command module's text is a command; other modules are not", () => {
    const config = '{"modules":["os",{"type":"command","key":"Up","text":"uptime -p"},{"type":"title","text":"x"}]}';
    expect(lines(readFastfetchConfig(config))).toEqual(["uptime -p"]);
    expect(lines(readFastfetchConfig('{"modules":["os","kernel"]}'))).toEqual([]);
  });

  test("a text never closed is read to the module's end; crafted modules of the largest readable size are charged linearly", () => {
    expect(lines(readFastfetchConfig('{"type":"command","text":"rm -rf ~}'))).toEqual(["rm -rf ~}"]);
    const crafted = `{"type":"command",${'"text":"\\"'.repeat(MAX_PROJECT_FILE_BYTES / 10)}}`;
    expect(lines(expectChargedLinearly(crafted, readFastfetchConfig))).toHaveLength(1);
    // A module never closed, its type said again and again: one pattern for module and type backtracked from
    // each to the end (quadratic); the module is now found before its type is asked.
    const unclosed = `{${'"type":"command",'.repeat(Math.floor(MAX_PROJECT_FILE_BYTES / 17))}`;
    expect(lines(expectChargedLinearly(unclosed, readFastfetchConfig))).toEqual([]);
    const modules = Math.floor(MAX_PROJECT_FILE_BYTES / 34);
    const many = '{"type":"command","text":"true"},'.repeat(modules);
    expect(lines(expectChargedLinearly(many, readFastfetchConfig))).toHaveLength(modules);
    for (const config of [crafted, unclosed]) expect(endsOnBudget("fastfetch -c ff.jsonc", "ff.jsonc", config)).toBe(true);
  });
});
