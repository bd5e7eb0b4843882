// The labels a program's spec puts on a command by what its output is: what
// the secrets and network packs stop from reaching the agent or the network.
// A module of their own: the program tables that use them (git, the builtins,
// the wrappers, the cloud CLIs) are loaded by name, and importing a label
// from credentials.ts evaluated that whole table with them (issue 27).

/** The label of a command whose output is a stored credential: a token, a password, a private key, a secret's value. */
export const CREDENTIAL_OUTPUT = "credential-output";

/**
 * The label of a command whose output is a provider's access token for that provider's own API (`gh auth token`,
 * `gcloud auth print-access-token`, `aws ecr get-login-password`): printing it is as bad as printing any credential,
 * but sending it to that provider is its everyday use. Every program whose verbs carry it has a rule in
 * builtin:network that keeps the token to its provider's hosts.
 */
export const ACCESS_TOKEN_OUTPUT = "access-token-output";

/**
 * The label of a command that prints the whole environment (bare `env`, `printenv`, `export -p`, `set`): every
 * token, password and database URL a session holds, where `printenv PATH` prints one variable.
 */
export const ENVIRONMENT_OUTPUT = "environment-output";
