// Monitoring, logging and alerting: Sentry, PagerDuty, New Relic, Datadog's
// dog, Grafana's grafanactl, Splunk. Deleting monitors, dashboards,
// services, releases and indexes, and cleaning event data ask. (CloudWatch,
// Cloud Logging and Azure Monitor are in the clouds' CLIs.)
import { destroys, group, leaf, names, nounChain, readVerbs } from "./grammar.ts";
import type { RemoteCli } from "./remote-cli.ts";

const chainCli = (id: string, about: string, asks: string[], passes: string[], verbs: string[] = ["delete"], programNames: string[] = [id]): RemoteCli => ({
  id,
  names: programNames,
  about,
  spec: { ...nounChain({ ...names(verbs, destroys()), ...readVerbs(["list", "ls", "get", "show", "info", "search", "query"]) }), tags: ["monitoring"] },
  examples: { monitoring: { asks, passes } },
});

/** sentry-cli's options that take a value, at every level (`--release "$VERSION"` is a release name, not a verb). */
const SENTRY_OPTIONS = Object.fromEntries(
  [
    "--org",
    "-o",
    "--project",
    "-p",
    "--release",
    "-r",
    "--dist",
    "--url-prefix",
    "--url-suffix",
    "--auth-token",
    "--url",
    "--log-level",
    "--ext",
    "-x",
    "--ignore",
    "-i",
    "--ignore-file",
    "-I",
    "--env",
    "-e",
    "--bundle",
    "--bundle-sourcemap",
    "--wait-for",
  ].map((option) => [option, "value" as const]),
);

/**
 * Sentry CLI: deleting releases, files or deploys asks. A release step's own verbs (sourcemaps upload and inject, releases
 * new, finalize, set-commits, files … upload-sourcemaps, deploys new, debug-files upload) end the chain, so a release
 * named by a variable is an operand, not a verb only the run knows.
 */
export const SENTRY_CLI: RemoteCli = {
  id: "sentry-cli",
  names: ["sentry-cli"],
  about: "Sentry CLI",
  spec: {
    ...nounChain(
      {
        ...names(["delete"], destroys(SENTRY_OPTIONS)),
        ...readVerbs(["list", "ls", "get", "show", "info", "search", "query"], SENTRY_OPTIONS),
        ...names(["upload", "upload-sourcemaps", "inject", "new", "finalize", "set-commits", "propose-version", "resolve", "send-event", "bundle-jvm"], leaf(SENTRY_OPTIONS)),
      },
      SENTRY_OPTIONS,
    ),
    tags: ["monitoring"],
  },
  examples: {
    monitoring: {
      asks: ["sentry-cli releases delete 1.4.2 --org acme --project web"],
      passes: [
        "sentry-cli releases list --org acme",
        "sentry-cli sourcemaps upload ./dist",
        'sentry-cli sourcemaps upload --release "$VERSION" ./dist',
        'sentry-cli releases new "$VERSION" && sentry-cli releases finalize "$VERSION"',
      ],
    },
  },
};
// An incident resolved (or a service disabled) from here closes the page for everyone on call, as the Events API's
// `"event_action":"resolve"` does: the outage looks over while it is not.
export const PAGERDUTY = chainCli(
  "pd",
  "PagerDuty CLI",
  ["pd service delete -i P123ABC", "pd schedule delete -i P234", "pd incident resolve --ids PABC123", "pd service disable -i P123ABC"],
  ["pd incident list", "pd service list", "pd incident ack --ids PABC123", "pd incident resolve --help"],
  ["delete", "resolve", "disable"],
);
export const NEWRELIC = chainCli(
  "newrelic",
  "New Relic CLI",
  ["newrelic entity delete --guid MXxBUE18", "newrelic workload delete --guid MXxX"],
  ["newrelic entity search --name api", "newrelic nrql query --query 'SELECT count(*) FROM Transaction'"],
);
export const DATADOG_CI = chainCli("datadog-ci", "Datadog CI CLI", ["datadog-ci monitors delete 123"], ["datadog-ci junit upload --service api reports/"]);
// `monitor mute_all`: every monitor silenced at once, alerting off.
export const DOG = chainCli(
  "dog",
  "Datadog dog CLI",
  ["dog monitor delete 12345", "dog dashboard delete abc-def", "dog monitor mute_all"],
  ["dog monitor show_all", "dog metric post app.up 1", "dog monitor mute 12345"],
  ["delete", "mute_all"],
);
export const GRAFANACTL = chainCli("grafanactl", "Grafana CLI (grafanactl)", ["grafanactl resources delete dashboards/abc"], ["grafanactl resources get dashboards"]);

/** amtool's options that take a value. */
const AMTOOL_OPTIONS = Object.fromEntries(
  ["--alertmanager.url", "--config.file", "-d", "--duration", "-c", "--comment", "-a", "--author", "--start", "--end", "-o", "--output", "--timeout"].map((option) => [
    option,
    "value" as const,
  ]),
);
/** A matcher any alert satisfies: a regular expression of any text (`=~.*`, `=~".+"`, quoted or not). */
const MATCHES_EVERY_ALERT = '*=~.[*]|*=~.+|*=~".[*]"|*=~".+"|*=~\'.[*]\'|*=~\'.+\'|{*=~.[*]*|{*=~.+*|{*=~".[*]"*|{*=~".+"*';

/**
 * Alertmanager's amtool: a silence whose matchers match every alert (`alertname=~".+"`, `severity=~".*"`) mutes all
 * alerting, whatever its duration; a silence set imported from a file says nothing on the line; every silence
 * expired at once, by a list its own query prints, unmutes what people chose to mute. A silence for one alert passes.
 */
export const AMTOOL: RemoteCli = {
  id: "amtool",
  names: ["amtool"],
  about: "Alertmanager amtool",
  spec: group(
    "monitoring",
    {
      silence: group(undefined, {
        add: leaf(AMTOOL_OPTIONS),
        import: destroys(AMTOOL_OPTIONS),
        expire: leaf(AMTOOL_OPTIONS),
        ...readVerbs(["query"], AMTOOL_OPTIONS),
      }),
      ...readVerbs(["alert", "check-config", "config", "template"], AMTOOL_OPTIONS),
    },
    AMTOOL_OPTIONS,
  ),
  alsoAsksWhen: [{ category: "monitoring", subcommand: "silence add", args: [MATCHES_EVERY_ALERT] }],
  examples: {
    monitoring: {
      asks: ["amtool silence add 'alertname=~.+' --duration=720h --comment=quiet", "amtool silence add 'severity=~\".*\"' -d 8760h -c x", "amtool silence import silences.json"],
      passes: ["amtool silence query", "amtool silence add alertname=DiskFull instance=db-1 --duration=2h --comment=maintenance", "amtool alert query"],
    },
  },
};

export const SPLUNK: RemoteCli = {
  id: "splunk",
  names: ["splunk"],
  about: "Splunk CLI",
  spec: group(
    "monitoring",
    { ...names(["clean", "remove", "delete"], destroys()), ...readVerbs(["search", "list", "show", "status", "version"]) },
    { "-auth": "value", "-uri": "url" },
  ),
  examples: {
    monitoring: { asks: ["splunk clean eventdata -index main -f", "splunk remove index web_logs"], passes: ["splunk search 'index=main error' -maxout 10", "splunk status"] },
  },
};

// grafana-cli (and `grafana cli`): `admin reset-admin-password` replaces the
// server's admin password in its database; whoever signed in with it is locked out.
const GRAFANA_CLI_OPTIONS = { "--homepath": "path", "--config": "read", "--pluginsDir": "path", "--pluginUrl": "url", "--repo": "url" } as const;
const GRAFANA_CLI_SPEC = group(
  "monitoring",
  {
    admin: group(undefined, { "reset-admin-password": destroys(GRAFANA_CLI_OPTIONS) }, GRAFANA_CLI_OPTIONS),
    plugins: group(undefined, { ...readVerbs(["ls", "list-remote", "list-versions"]) }, GRAFANA_CLI_OPTIONS),
  },
  GRAFANA_CLI_OPTIONS,
);

export const GRAFANA_CLI: RemoteCli = {
  id: "grafana-cli",
  names: ["grafana-cli"],
  about: "Grafana server CLI (grafana-cli)",
  spec: GRAFANA_CLI_SPEC,
  examples: {
    monitoring: {
      asks: ["grafana-cli admin reset-admin-password 'n3w-Secret'", "grafana-cli --homepath /usr/share/grafana admin reset-admin-password --password-from-stdin"],
      passes: ["grafana-cli plugins ls", "grafana-cli plugins install grafana-clock-panel"],
    },
  },
};
