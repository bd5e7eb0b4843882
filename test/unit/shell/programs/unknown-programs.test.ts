// A program no table describes is tagged unknown-program and read by its
// words: a destroying or removing verb, a skipped confirmation, the
// environment the line names. Builtins, functions, paths and described
// programs are not.
import { describe, expect, test } from "bun:test";
import {
  ALL_SCOPE,
  DESTROY_WORD,
  EXPOSE_WORD,
  HALT_WORD,
  MIGRATE_WORD,
  OWN_ENVIRONMENT,
  PRIVILEGE_WORD,
  PRODUCTION_WORD,
  REMOVE_WORD,
  SEND_WORD,
  SHARED_ENVIRONMENT,
  SHIP_WORD,
  SKIPS_CONFIRMATION,
  UNKNOWN_PROGRAM,
} from "../../../../src/shell/programs/unknown-programs.ts";
import { REMOTE_HOST } from "../../../../src/shell/programs/network.ts";
import { decide } from "../../../support/decide.ts";
import { commandNamed, commandsOf } from "../../../support/shell.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const tagsOf = (input: string, name: string) => commandNamed(input, name).tags;

describe("which commands are unknown programs", () => {
  test.each([
    ["billingctl invoices list", "billingctl"],
    ["sudo dirtool entries show", "dirtool"],
    // A program installed outside the project, by its full path: nothing shows its text either.
    ["/opt/acme/bin/billingctl invoices list", "billingctl"],
  ])("%s is tagged", (input, name) => expect(tagsOf(input, name)).toContain(UNKNOWN_PROGRAM));

  test.each([
    ["echo delete --force", "echo"],
    ["git branch -D old", "git"],
    ["./tools/wipe.sh --yes", "wipe.sh"],
    ["bin/console db:drop --force", "console"],
  ])("%s is not", (input, name) => expect(tagsOf(input, name)).not.toContain(UNKNOWN_PROGRAM));
});

describe("what the words say", () => {
  test.each([
    ["shopadm store delete outlet-3", DESTROY_WORD],
    ["shopadm cache:flushall", DESTROY_WORD],
    ["shopadm orders --purge", DESTROY_WORD],
    ["shopadm schema reset-hard", DESTROY_WORD],
    ["shopadm plugin uninstall seo", REMOVE_WORD],
    ["shopadm store delete outlet-3 --assume-yes", SKIPS_CONFIRMATION],
    ["shopadm store delete outlet-3 -qy", SKIPS_CONFIRMATION],
    ["shopadm store delete outlet-3 --skip_confirmation", SKIPS_CONFIRMATION],
    ["shopadm store delete outlet-3 -auto-approve", SKIPS_CONFIRMATION],
    ["shopadm store delete outlet-3 --Force=true", SKIPS_CONFIRMATION],
    ["shopadm orders -purge", DESTROY_WORD],
    ["shopadm store delete outlet-3 --env=production", SHARED_ENVIRONMENT],
    ["DEPLOY_ENV=prod shopadm store delete outlet-3", SHARED_ENVIRONMENT],
    ["shopadm store delete outlet-3 --target dev", OWN_ENVIRONMENT],
    ["APP_ENV=test shopadm store delete outlet-3", OWN_ENVIRONMENT],
    // The verb spelt as one word of code, after options that may take values.
    ["shopadm store deleteStore outlet-3", DESTROY_WORD],
    ["shopadm store.delete outlet-3", DESTROY_WORD],
    ["shopadm --org acme --region eu --site a store delete outlet-3", DESTROY_WORD],
    // The question answered without an option: a variable named like one, CI, the answer on stdin.
    ["YES=1 shopadm store delete outlet-3", SKIPS_CONFIRMATION],
    ["SHOPADM_ASSUME_YES=true shopadm store delete outlet-3", SKIPS_CONFIRMATION],
    ["export SHOPADM_FORCE=1; shopadm store delete outlet-3", SKIPS_CONFIRMATION],
    ["CI=1 shopadm store delete outlet-3", SKIPS_CONFIRMATION],
    ["yes | shopadm store delete outlet-3", SKIPS_CONFIRMATION],
    ["echo y | shopadm store delete outlet-3", SKIPS_CONFIRMATION],
    ["shopadm store delete outlet-3 <<< yes", SKIPS_CONFIRMATION],
    ["shopadm store delete outlet-3 --assumeyes", SKIPS_CONFIRMATION],
    ["shopadm store delete outlet-3 --no-interaction", SKIPS_CONFIRMATION],
    ["shopadm store delete outlet-3 --yes-i-really-mean-it", SKIPS_CONFIRMATION],
    // Windows tools' own skips.
    ["shopadm store delete outlet-3 /f", SKIPS_CONFIRMATION],
    ["shopadm store delete outlet-3 /Q", SKIPS_CONFIRMATION],
    // A line of the tool's own language handed to it: its words are its verbs.
    ["shopadm -h db.prod -e 'enable; manage truncate ns users'", DESTROY_WORD],
    ["shopadm --eval 'db.dropDatabase()'", DESTROY_WORD],
    ["shopadm chat send --channel ops", SEND_WORD],
    ["shopadm --config prod.conf rollback-count 3", MIGRATE_WORD],
    ["shopadm migrate", MIGRATE_WORD],
    // Undoing applied changes, a device's secure erase; stopping a service.
    ["shopadm migrations rollback-count 20", DESTROY_WORD],
    ["shopadm system zeroize", DESTROY_WORD],
    ["shopadm node leave", HALT_WORD],
    ["shopadm service stop --force", HALT_WORD],
    // Everything of a kind: an operand all, a pattern matching every name.
    ["shopadm topic delete -r '.*'", ALL_SCOPE],
    ["shopadm alerts delete --id all", ALL_SCOPE],
    // The code handed in by a code option is read for its verbs and the environment it names.
    ["shopadm console -e 'Order.where(paid: true).destroy_all'", DESTROY_WORD],
    ["shopadm --command 'delete ns staging'", SHARED_ENVIRONMENT],
    // A numbered host of an environment; a command run on another machine.
    ["shopadm deploy -H web-prod1,web-prod2", PRODUCTION_WORD],
    ["shopadm deploy -H prod1", SHARED_ENVIRONMENT],
    ["ssh admin@fw01 'shopadm system zeroize'", SHARED_ENVIRONMENT],
    // A task's arguments after `=` or `[` are no verb, its name is.
    ["shopadm deploy:force=True", SHIP_WORD],
    // A store of people carried out; an administrator made.
    ["shopadm auth:export users.json", EXPOSE_WORD],
    ["shopadm users dump", EXPOSE_WORD],
    ["shopadm grant-admin --user x@example.com", PRIVILEGE_WORD],
  ])("%s → %s", (input, tag) => expect(tagsOf(input, "shopadm")).toContain(tag));

  test.each([
    // `-f` names a file as often as it forces; `--no-delete` says the opposite; a message is data, not a verb.
    ["shopadm store delete outlet-3 -f store.yml", SKIPS_CONFIRMATION],
    ["shopadm sync --no-delete --yes", DESTROY_WORD],
    ["shopadm users list -type admin", SKIPS_CONFIRMATION],
    ["shopadm run -- cleanup --yes", SKIPS_CONFIRMATION],
    ["shopadm note add 'delete this later' --yes", DESTROY_WORD],
    ["shopadm cache clear --yes", DESTROY_WORD],
    ["shopadm cache clear --yes", REMOVE_WORD],
    // Production named as well: the own environment does not count.
    ["shopadm store delete outlet-3 --env dev --site prod-eu", OWN_ENVIRONMENT],
    // A variable that only sounds like a skip, or sets one off; an answer that is no.
    ["FORCE_COLOR=1 shopadm store delete outlet-3", SKIPS_CONFIRMATION],
    ["SHOPADM_YES=0 shopadm store delete outlet-3", SKIPS_CONFIRMATION],
    ["echo n | shopadm store delete outlet-3", SKIPS_CONFIRMATION],
    ["shopadm store getStores", DESTROY_WORD],
    // `/f` as a path's tail or a longer word is no skip; a one-word inline value is a name, not a line.
    ["shopadm store delete outlet-3 /tmp/f", SKIPS_CONFIRMATION],
    ["shopadm -e 'select count(*) from users'", DESTROY_WORD],
    ["shopadm store delete outlet-3", REMOTE_HOST],
    ["shopadm service status --force", HALT_WORD],
    ["shopadm alerts delete --id 4711", ALL_SCOPE],
    ["shopadm users list", EXPOSE_WORD],
    ["shopadm deploy -H web1,db2", PRODUCTION_WORD],
    ["shopadm console -c 'delete.yml' --env production", DESTROY_WORD],
  ])("%s has no %s", (input, tag) => expect(tagsOf(input, "shopadm")).not.toContain(tag));

  describe("a name made of words is read as words", () => {
    test.each([
      ["Stop-Computer -ComputerName prod-sql01 -Force", "stop-computer", HALT_WORD],
      ["Remove-Mailbox -Identity jdoe -Confirm:$false", "remove-mailbox", REMOVE_WORD],
      ["purge_queue --all", "purge_queue", DESTROY_WORD],
    ])("%s → %s", (input, name, tag) => {
      // A line written as PowerShell is read as bash and as PowerShell: each reading of the cmdlet says the same.
      const named = commandsOf(input).filter((command) => command.name === name);
      expect(named.length).toBeGreaterThan(0);
      for (const command of named) expect(command.tags).toContain(tag);
    });

    test("a plain name says nothing", () => expect(tagsOf("stopwatchctl start", "stopwatchctl")).not.toContain(HALT_WORD));
    test("the program's own name names no one to promote", () => expect(tagsOf("./bin/admin users:add jdoe", "admin")).not.toContain(PRIVILEGE_WORD));
  });
});

describe("a line run on another machine", () => {
  test.each([
    ["ssh fw01 'delete security policies'", "delete", DESTROY_WORD],
    ["ssh core1 'no ip route 0.0.0.0 0.0.0.0 10.0.0.1'", "no", DESTROY_WORD],
    ["ssh core1 'erase startup-config'", "erase", DESTROY_WORD],
    ["ssh fw01 'show security policies'", "show", REMOTE_HOST],
  ])("%s: %s → %s", (input, name, tag) => expect(tagsOf(input, name)).toContain(tag));

  test("a device's negation is no verb on this machine", () => expect(tagsOf("no ip route 0.0.0.0 0.0.0.0 10.0.0.1", "no")).not.toContain(DESTROY_WORD));
});

describe("a program named for what it does", () => {
  test.each([
    ["memcflush --servers=mc1:11211", "memcflush"],
    ["cache-purge --region eu", "cache-purge"],
  ])("%s → destroy-word", (input, name) => expect(tagsOf(input, name)).toContain(DESTROY_WORD));

  test.each([
    ["flushot --servers=mc1:11211", "flushot"],
    ["memcstat --servers=mc1:11211", "memcstat"],
  ])("%s has none", (input, name) => expect(tagsOf(input, name)).not.toContain(DESTROY_WORD));
});

describe("the default policy", () => {
  test.each([
    "crmtool accounts delete 5531 --yes",
    "labdata tables drop-all --non-interactive",
    "idmctl group nuke admins --auto-approve",
    "crmtool accounts remove 5531 --context production",
    "STAGE=staging labdata warehouse truncate events",
    "yes | crmtool accounts purge 5531",
    "CRMTOOL_YES=1 crmtool accounts delete 5531",
    "/opt/crm/bin/crmtool accounts delete 5531 --yes",
    "crmtool accounts delete 5531 --yes --dry-run false",
    "crmtool accounts delete all",
    "crmtool service stop --force",
    "ssh admin@db7 'crmtool accounts purge 5531'",
    "ssh admin@core-sw1 'configure terminal ; no ip routing'",
    "ssh admin@core-sw1 'reload in 5'",
    "crmtool migrate rollback-count 3 --env production",
  ])("asks about %s", (input) => expect(decide(input).decision).toBe("confirm"));

  test.each([
    "crmtool accounts delete 5531",
    "crmtool accounts delete 5531 --yes --env local",
    "crmtool accounts remove 5531 --yes",
    "crmtool cache clear --force && crmtool logout",
    "k3d cluster delete sandbox && minikube delete --purge && asdf uninstall nodejs 18.19.0",
    "labdata tables drop-all --non-interactive --dry-run",
    "yes | crmtool login && CI=1 crmtool accounts list && /opt/crm/bin/crmtool accounts delete 5531",
    // A function the input defines is judged by its body, not by its name.
    "nuke() { echo cleaned; }; nuke --yes",
    "crmtool service stop && crmtool service stop --force --env dev",
    "ssh admin@db7 'crmtool accounts list' && crmtool migrate rollback-count 3",
  ])("passes %s", (input) => expect(decide(input).decision).toBe("continue"));
});
