// Mail servers: Postfix, Dovecot and Exim. Deleting queued mail
// (`postsuper -d ALL`, `exim -Mrm`), expunging or purging mailboxes
// (`doveadm expunge`, `doveadm purge`), a one-way `doveadm backup` (it
// deletes what the source lacks) and opening the server as a relay
// (`postconf -e 'mynetworks = 0.0.0.0/0'`) ask; listings pass.
import { destroys, destroysWith, group, names, type Options, readVerbs } from "./grammar.ts";
import type { RemoteCli } from "./remote-cli.ts";

const POSTCONF_OPTIONS: Options = { "-c": "path", "-e": "value", "-X": "value", "-#": "value", "-o": "value" };

/**
 * Settings that decide who may relay through the server: every network trusted (`mynetworks = 0.0.0.0/0`), the relay
 * restrictions replaced or removed. An open relay sends anyone's spam under the server's name.
 */
const RELAY_SETTINGS = ["mynetworks*0.0.0.0*", "mynetworks*::/0*", "mynetworks*[::]/0*", "smtpd_relay_restrictions*", "smtpd_recipient_restrictions*", "relay_domains*"];

export const POSTSUPER: RemoteCli = {
  id: "postsuper",
  names: ["postsuper"],
  about: "Postfix postsuper",
  spec: { ...destroysWith(["-d"], { "-c": "path", "-d": "value", "-h": "value", "-H": "value", "-r": "value" }), tags: ["email"] },
  examples: {
    email: { asks: ["postsuper -d ALL", "postsuper -d ALL deferred", "mailq | awk '/^[0-9A-F]/ {print $1}' | postsuper -d -"], passes: ["postsuper -r ALL", "postsuper -s"] },
  },
};

export const POSTCONF: RemoteCli = {
  id: "postconf",
  names: ["postconf"],
  about: "Postfix postconf",
  spec: {
    options: POSTCONF_OPTIONS,
    operands: ["read"],
    tags: ["email"],
    tagsWith: Object.fromEntries([...RELAY_SETTINGS.map((setting) => `-e=${setting}`), ...RELAY_SETTINGS.map((setting) => `-X=${setting}`)].map((key) => [key, ["destroy"]])),
  },
  examples: {
    email: {
      asks: ["postconf -e 'mynetworks = 0.0.0.0/0'", "postconf -e 'smtpd_relay_restrictions = permit'", "postconf -X smtpd_recipient_restrictions"],
      passes: ["postconf -n", "postconf mynetworks", "postconf -e 'myhostname = mail.example.com'", "postconf -e 'mynetworks = 127.0.0.0/8 [::1]/128'"],
    },
  },
};

const DOVEADM_OPTIONS: Options = { "-u": "value", "-A": "flag", "-F": "read", "-S": "value", "-c": "read", "-o": "value", "-f": "value" };

export const DOVEADM: RemoteCli = {
  id: "doveadm",
  names: ["doveadm"],
  about: "Dovecot doveadm",
  spec: group(
    "email",
    {
      ...names(["expunge", "purge", "backup", "deduplicate"], destroys(DOVEADM_OPTIONS)),
      mailbox: group(undefined, { delete: destroys(DOVEADM_OPTIONS), ...readVerbs(["list", "status"], DOVEADM_OPTIONS) }),
      acl: group(undefined, { delete: destroys(DOVEADM_OPTIONS), ...readVerbs(["get", "rights", "debug"], DOVEADM_OPTIONS) }),
      ...readVerbs(["search", "who", "user", "pw", "log", "stats", "quota", "auth", "director"], DOVEADM_OPTIONS),
    },
    DOVEADM_OPTIONS,
  ),
  examples: {
    email: {
      asks: [
        "doveadm expunge -A mailbox INBOX all",
        "doveadm purge -u bob@example.com",
        "doveadm backup -u bob@example.com imapc:",
        "doveadm mailbox delete -u bob@example.com Archive",
      ],
      passes: ["doveadm who", "doveadm mailbox list -u bob@example.com", "doveadm quota get -u bob@example.com", "doveadm force-resync -u bob@example.com INBOX"],
    },
  },
};

/** Exim's options are whole words after one dash (`-Mrm`, `-bp`): removing messages or giving up on them (bounced) deletes mail. */
export const EXIM: RemoteCli = {
  id: "exim",
  names: ["exim", "exim4"],
  about: "Exim",
  spec: { ...destroysWith(["-Mrm", "-Mg", "-Mar", "-Mmad"], { "-C": "read", "-f": "value" }), singleDashWords: true, tags: ["email"] },
  examples: {
    email: {
      asks: ["exim -Mrm 1qZ3xY-0004Ab-Cd", "exiqgrep -i -f spammer@example.net | xargs exim4 -Mrm", "exim -Mg 1qZ3xY-0004Ab-Cd"],
      passes: ["exim -bp", "exim -bpc", "exim -qff", "exim -bt bob@example.com"],
    },
  },
};
