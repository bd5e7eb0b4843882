// Commands that print one named value of a store that holds secrets — a
// Terraform or Pulumi output, a key sops extracts, a field vault prints —
// and which names are no secret. `terraform output -json vpc_id` prints an
// id; `terraform output -raw db_password` a password. A name whose last word
// says what it is (an id, a host, a region, an address) and none of whose
// words says secret (password, token, key, url — a URL may carry a login)
// prints that and nothing else. Every other name, or none (every output at
// once), is left to the rules about printed credentials.

/** Where each reader takes the name from: the first word after its subcommand, or an option's value. */
type FieldReader = { program: readonly string[]; subcommand: readonly string[]; from: "operand" | { option: readonly string[] } };

const NAMED_FIELD_READERS: readonly FieldReader[] = [
  { program: ["terraform", "tofu", "terragrunt"], subcommand: ["output"], from: "operand" },
  { program: ["pulumi"], subcommand: ["stack", "output"], from: "operand" },
  { program: ["sops"], subcommand: [], from: { option: ["--extract"] } },
  { program: ["vault"], subcommand: ["kv", "get"], from: { option: ["-field", "--field"] } },
  { program: ["vault"], subcommand: ["read"], from: { option: ["-field", "--field"] } },
];

/** Last words that say a value is an identifier or an address. */
const PUBLIC_KINDS = new Set([
  "id",
  "ids",
  "arn",
  "arns",
  "name",
  "names",
  "host",
  "hostname",
  "hosts",
  "port",
  "ports",
  "region",
  "regions",
  "zone",
  "zones",
  "az",
  "azs",
  "endpoint",
  "endpoints",
  "ip",
  "ips",
  "address",
  "addresses",
  "cidr",
  "cidrs",
  "subnet",
  "subnets",
  "vpc",
  "dns",
  "domain",
  "domains",
  "fqdn",
  "bucket",
  "buckets",
  "cluster",
  "version",
  "count",
  "size",
  "type",
  "account",
  "project",
]);

/** Words that say a value is, or may hold, a secret. */
const SECRET_WORDS = new Set([
  "password",
  "passwords",
  "passwd",
  "pass",
  "pwd",
  "secret",
  "secrets",
  "token",
  "tokens",
  "key",
  "keys",
  "apikey",
  "credential",
  "credentials",
  "cred",
  "creds",
  "private",
  "auth",
  "cert",
  "certificate",
  "dsn",
  "conn",
  "connection",
  "kubeconfig",
  "config",
  "url",
  "uri",
  "string",
  "salt",
  "seed",
  "signature",
  "session",
  "cookie",
  "jwt",
  "otp",
  "pin",
  "passphrase",
  "hash",
  "login",
]);

/** The words of a field name: `vpc_id`, `dbHost`, `["db"]["host"]`, `db.host` → lower-case words. */
function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== "");
}

/** Whether a field's name says it holds an identifier or an address, and nothing secret. */
export function publicFieldName(name: string): boolean {
  const words = wordsOf(name);
  return words.length > 0 && PUBLIC_KINDS.has(words.at(-1)!) && !words.some((word) => SECRET_WORDS.has(word));
}

/** The one field a command prints by name, or undefined when it prints several (or is no such reader). */
export function namedField(name: string, args: readonly string[]): string | undefined {
  for (const reader of NAMED_FIELD_READERS) {
    if (!reader.program.includes(name)) continue;
    const at = subcommandEnd(args, reader.subcommand);
    if (at === undefined) continue;
    return reader.from === "operand" ? firstOperand(args.slice(at)) : optionValue(args.slice(at), reader.from.option);
  }
  return undefined;
}

/** Where the subcommand's words end in args (options between them skipped), or undefined when they are not there. */
function subcommandEnd(args: readonly string[], subcommand: readonly string[]): number | undefined {
  let at = 0;
  for (const word of subcommand) {
    while (at < args.length && args[at]!.startsWith("-")) at++;
    if (args[at] !== word) return undefined;
    at++;
  }
  return at;
}

/** The first word that is no option; an option's value, when separate, cannot be told from it: none then. */
function firstOperand(args: readonly string[]): string | undefined {
  const operands = args.filter((arg) => !arg.startsWith("-"));
  const separateValues = args.some(
    (arg, index) => arg.startsWith("-") && !arg.includes("=") && index + 1 < args.length && !args[index + 1]!.startsWith("-") && !FLAG_ONLY.test(arg),
  );
  return operands.length === 1 && !separateValues ? operands[0] : undefined;
}

/** Options of output readers that take no value (`-json`, `-raw`, `--show-secrets`). */
const FLAG_ONLY = /^--?(?:json|raw|no-color|show-secrets|j)$/;

function optionValue(args: readonly string[], options: readonly string[]): string | undefined {
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    for (const option of options) {
      if (arg.startsWith(`${option}=`)) return arg.slice(option.length + 1);
      if (arg === option) return args[index + 1];
    }
  }
  return undefined;
}

/**
 * Job schedulers' options that pick whose jobs a command acts on (`scancel -u NAME`, `bkill -u NAME`): given the
 * user's own name (what $USER and $LOGNAME are: the last part of home), only the user's own jobs are reached.
 */
const USER_SELECTORS: Readonly<Record<string, readonly string[]>> = {
  scancel: ["-u", "--user"],
  qdel: ["-u"],
  bkill: ["-u"],
  flux: ["--user"],
};

/** Whether the command names a user with its selector, and only the user `home` belongs to. */
export function selectsOwnUser(name: string, args: readonly string[], home: string): boolean {
  const options = USER_SELECTORS[name];
  const own = home.slice(home.lastIndexOf("/") + 1);
  if (!options || own === "") return false;
  const values = options.flatMap((option) => optionValues(args, option));
  return values.length > 0 && values.every((value) => value === own);
}

function optionValues(args: readonly string[], option: string): string[] {
  const values: string[] = [];
  args.forEach((arg, index) => {
    if (arg.startsWith(`${option}=`)) values.push(arg.slice(option.length + 1));
    else if (arg === option && index + 1 < args.length) values.push(args[index + 1]!);
  });
  return values;
}
