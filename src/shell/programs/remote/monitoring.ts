// Monitoring, logging and alerting: Sentry, PagerDuty, New Relic, Datadog's
// dog, Grafana's grafanactl, Splunk. Deleting monitors, dashboards,
// services, releases and indexes, and cleaning event data ask. (CloudWatch,
// Cloud Logging and Azure Monitor are in the clouds' CLIs.)
import { destroys, group, names, nounChain, readVerbs } from "./grammar.ts";
import type { RemoteCli } from "./remote-cli.ts";

const chainCli = (id: string, about: string, asks: string[], passes: string[], verbs: string[] = ["delete"], programNames: string[] = [id]): RemoteCli => ({
  id,
  names: programNames,
  about,
  spec: { ...nounChain({ ...names(verbs, destroys()), ...readVerbs(["list", "ls", "get", "show", "info", "search", "query"]) }), tags: ["monitoring"] },
  examples: { monitoring: { asks, passes } },
});

export const SENTRY_CLI = chainCli(
  "sentry-cli",
  "Sentry CLI",
  ["sentry-cli releases delete 1.4.2 --org acme --project web"],
  ["sentry-cli releases list --org acme", "sentry-cli sourcemaps upload ./dist"],
);
export const PAGERDUTY = chainCli("pd", "PagerDuty CLI", ["pd service delete -i P123ABC", "pd schedule delete -i P234"], ["pd incident list", "pd service list"]);
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
