// The settings files curl and wget read before their command line: each
// line is an option as if it were given there (`output = x` is `--output x`,
// wget's `post_file = ~/.ssh/id_rsa` is `--post-file ~/.ssh/id_rsa`), so a
// setting can make every later download write somewhere or upload a file.
// Read here as the options they are, so the command with them is judged.

/** A curl config (~/.curlrc, a `-K` file): `name = value`, `name: value`, `name value`, `--name value`, `-o value`, a bare switch. */
export function curlConfigArgs(text: string): string[] {
  const args: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    const match = /^(-{0,2}[\w.-]+)(?:\s*[=:]\s*|\s+)?(.*)$/.exec(line);
    if (!match) continue;
    const [, name, value] = match;
    args.push(name!.startsWith("-") ? name! : name!.length === 1 ? `-${name}` : `--${name}`);
    if (value !== "") args.push(unquoted(value!));
  }
  return args;
}

/** wgetrc commands that take a yes/no: `on`/`off` become `--name`/`--no-name`. */
const SWITCH_VALUES = /^(?:on|off|yes|no|1|0)$/i;

/** A wgetrc: `name = value` per line (`_`/`-` alike); `execute = CMD` is one more such line. */
export function wgetConfigArgs(text: string): string[] {
  const args: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    let line = raw.trim();
    const executed = /^execute\s*=\s*(.*)$/i.exec(line);
    if (executed) line = executed[1]!.trim();
    const match = /^([\w-]+)\s*=\s*(.*)$/.exec(line);
    if (!match || line.startsWith("#")) continue;
    const name = match[1]!.toLowerCase().replaceAll("_", "-");
    const value = unquoted(match[2]!.trim());
    if (SWITCH_VALUES.test(value)) args.push(/^(?:on|yes|1)$/i.test(value) ? `--${name}` : `--no-${name}`);
    else args.push(`--${name}`, value);
  }
  return args;
}

function unquoted(value: string): string {
  const quoted = /^"((?:[^"\\]|\\.)*)"$/.exec(value);
  return quoted ? quoted[1]!.replace(/\\(.)/g, "$1") : value;
}
