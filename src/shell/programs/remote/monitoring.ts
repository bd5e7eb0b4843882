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
