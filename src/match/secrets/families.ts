// The detector families a policy can name in `detectors = [...]` and
// `except = [...]`, the ids of the thirteen detectors that came before them,
// kept as aliases, and which families a redact rule switches on (every one
// unless it names them). Plain data: the policy schema reads it without
// loading any pattern.

/** Family id → what it redacts. */
export const FAMILIES = {
  "private-key": "PEM private keys (RSA, EC, DSA, OpenSSH, PGP), also when cut off or base64-encoded (a kubeconfig's client-key-data)",
  aws: "AWS access key ids and secret access keys",
  google: "Google API keys (AIza…)",
  github: "GitHub tokens: classic, fine-grained, app and OAuth",
  gitlab: "GitLab personal access tokens (glpat-…)",
  slack: "Slack tokens and incoming-webhook URLs",
  stripe: "Stripe secret and restricted keys",
  openai: "OpenAI API keys",
  anthropic: "Anthropic API keys",
  groq: "Groq API keys",
  huggingface: "Hugging Face access tokens (hf_…)",
  npm: "npm access tokens",
  sendgrid: "SendGrid API keys",
  shopify: "Shopify access tokens",
  linear: "Linear API keys",
  notion: "Notion integration tokens",
  "1password": "1Password service-account tokens",
  "hashicorp-vault": "HashiCorp Vault service, batch and recovery tokens",
  vercel: "Vercel tokens",
  databricks: "Databricks personal access tokens",
  docker: "Docker Hub personal access tokens",
  figma: "Figma personal access tokens",
  cloudflare: "Cloudflare API tokens",
  tailscale: "Tailscale keys",
  grafana: "Grafana Cloud and service-account tokens",
  "database-url": "passwords in MongoDB, MySQL and PostgreSQL connection URLs",
  "url-credentials": "passwords in any scheme://user:password@host URL",
  "command-line-password": "passwords and tokens on command lines: --password=…, --api-key …, -p'…', curl -u user:…, docker login -p …, config set <secret setting> …",
  jwt: "JSON Web Tokens",
  "bearer-token": "Authorization: Bearer … and Basic … values",
  "password-assignment": "password = …, secret: …, token=…, api_key=… with a real-looking value",
} as const;

export type FamilyId = keyof typeof FAMILIES;
export const FAMILY_IDS = Object.keys(FAMILIES) as FamilyId[];

/**
 * Families that know a secret by its context, not by an issuer's format: a password after `password=`, inside a
 * URL or on a command line, any Bearer value, any JWT. Such text is everyday in a request (a login form posted to a
 * test server, a session token handed back to the app that issued it), so it is redacted from outputs but never
 * taken for a secret being sent (shell/interpret/secret-text.ts).
 */
const CONTEXT_FAMILIES: ReadonlySet<FamilyId> = new Set(["database-url", "url-credentials", "command-line-password", "jwt", "bearer-token", "password-assignment"]);

/** Families whose text is an issued credential wherever it appears: a provider's token format, a private key block. */
export const ISSUED_FAMILIES: readonly FamilyId[] = FAMILY_IDS.filter((family) => !CONTEXT_FAMILIES.has(family));

/** The ids of the original thirteen detectors: each still works and means its family now. */
const LEGACY_ALIASES: Readonly<Record<string, FamilyId>> = {
  "aws-access-key": "aws",
  "aws-secret-key": "aws",
  "github-token": "github",
  "slack-token": "slack",
  "stripe-live-key": "stripe",
  "google-api-key": "google",
  "openai-key": "openai",
  "anthropic-key": "anthropic",
  "npm-token": "npm",
};

/** Every id `detectors = [...]` accepts: the families, then the old names. */
export const DETECTOR_IDS: readonly string[] = [...FAMILY_IDS, ...Object.keys(LEGACY_ALIASES)];

/** The family an id names (itself, or what an old id stands for). */
function familyOf(id: string): FamilyId | undefined {
  if (id in FAMILIES) return id as FamilyId;
  return LEGACY_ALIASES[id];
}

/** What a redact rule says about families: `detectors` names the ones to use; without it every family, less `except`. */
export type FamilyChoice = { detectors?: readonly string[]; except?: readonly string[] };

/** The families a redact rule switches on, in registry order. */
export function chosenFamilies(choice: FamilyChoice): FamilyId[] {
  const named = (ids: readonly string[]) => new Set(ids.map(familyOf).filter((family) => family !== undefined));
  if (choice.detectors !== undefined) {
    const wanted = named(choice.detectors);
    return FAMILY_IDS.filter((family) => wanted.has(family));
  }
  const left = named(choice.except ?? []);
  return FAMILY_IDS.filter((family) => !left.has(family));
}
