// The kinds of remote or persistent state a command-line tool manages, and
// the labels the remote-resource knowledge puts on commands. A command that
// destroys or irreversibly changes something carries `destroy` and exactly
// one category; the built-in packs ask about such commands with one rule per
// category and tool (`remote-<category>-<tool>`), so a policy can lower or
// raise a whole category or one tool by id.

/** Category → what a person calls it, as the rule messages and the README say it. */
export const CATEGORIES = {
  apigateway: "API gateways",
  backup: "backup repositories",
  cdn: "CDNs and edge platforms",
  cicd: "CI/CD systems",
  cloud: "cloud providers and hosting platforms",
  containers: "container engines",
  databases: "managed databases",
  directory: "directory and authentication servers",
  dns: "DNS zones and records",
  email: "e-mail services and mail servers",
  featureflags: "feature flags",
  http: "HTTP APIs",
  infrastructure: "infrastructure as code",
  iot: "home automation and IoT devices",
  kubernetes: "Kubernetes clusters",
  loadbalancer: "load balancers",
  messaging: "message brokers and queues",
  models: "AI models, model hubs and model hosts",
  monitoring: "monitoring, logging and alerting",
  payment: "payment providers",
  pipelines: "data pipelines and orchestrators",
  platform: "code hosting platforms",
  search: "search engines",
  secrets: "secrets managers",
  storage: "object and file storage",
  sync: "remote sync",
  webapp: "web applications and CMS sites",
} as const;

export type Category = keyof typeof CATEGORIES;

export const CATEGORY_NAMES = Object.keys(CATEGORIES) as Category[];

/** The command copies the local files it names to the remote side (`gh release upload`, `gh gist create`): they leave the machine. */
export const UPLOAD = "upload";
/** The command destroys or irreversibly changes what it names. */
export const DESTROY = "destroy";
/** The command only shows what it would do (`--dry-run`, `--preview-only`): it never asks. */
export const DRY_RUN = "dry-run";
/** The command only looks (list, get, describe, show, logs, plan, diff). */
export const READ = "read";

export function isCategory(tag: string): tag is Category {
  return Object.hasOwn(CATEGORIES, tag);
}
