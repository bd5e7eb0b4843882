// Where package managers fetch from, when a settings file says so: a mirror
// or a replacement index named in a file the tool reads by itself (cargo's
// `[source]` replacement, `.condarc` channels, `~/.gemrc` sources, bundler's
// `mirror.*`, Go's environment file, Maven's `<mirror>`, Terraform's
// `provider_installation` mirrors, npm's and yarn's registry). A package from
// another index runs its build and install code with the user's rights, so a
// later install through such a file is that install from that index.
//
// One row per tool: the programs and subcommands that fetch, the files they
// obey (`~/…` under home, others relative to the working directory), how the
// file names its sources, and the tool's own hosts. What counts as harmful is
// decided here: an `https` URL on the tool's own hosts, and a registry on this
// machine (localhost, a test registry such as verdaccio), change nothing;
// any other host, and plain `http` anywhere else, is an index the user did
// not choose in the command, and the install is asked about.

/** What a settings file makes the tool trust: an index URL, or a check switched off (`GOSUMDB=off`). */
export type PackageSource = { kind: "index"; url: string } | { kind: "unchecked"; setting: string };

export type SourceRow = {
  programs: readonly string[];
  /** The first word after the program that fetches (`install`, `build`); undefined: every use fetches. */
  fetches?: ReadonlySet<string>;
  files: readonly string[];
  read: (text: string) => PackageSource[];
  /** The tool's own index hosts (https only). */
  official: readonly string[];
};

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "::1", "[::1]"]);

/** A source that changes where packages come from, or how they are checked: the ones a later install is asked about. */
export function isForeignSource(source: PackageSource, row: SourceRow): boolean {
  if (source.kind === "unchecked") return true;
  const match = /^(?:sparse\+|registry\+|git\+)?(https?):\/\/(\[[^\]]+\]|[^/:?#]+)/i.exec(source.url.trim());
  if (!match) return false;
  const host = match[2]!.toLowerCase();
  if (LOCAL_HOSTS.has(host)) return false;
  return match[1]!.toLowerCase() !== "https" || !row.official.some((own) => host === own || host.endsWith(`.${own}`));
}

/** Every quoted or bare URL in a text fragment. */
function urls(text: string): string[] {
  return [...text.matchAll(/(?:sparse\+|registry\+)?https?:\/\/[^\s"'<>,|]+/gi)].map((match) => match[0]);
}

/** cargo: `registry = "…"` of a `[source.NAME]` table (what `replace-with` swaps crates.io for). */
function cargoSources(text: string): PackageSource[] {
  const sources: PackageSource[] = [];
  let inSource = false;
  for (const line of text.split(/\r?\n/)) {
    const header = /^\s*\[([^\]]+)\]/.exec(line);
    if (header) inSource = /^source\./.test(header[1]!.trim());
    const setting = /^\s*registry\s*=\s*["']([^"']+)["']/.exec(line);
    if (inSource && setting) sources.push({ kind: "index", url: setting[1]! });
  }
  return sources;
}

/** YAML list items under a key (`channels:` then `  - URL`), and inline `key: URL` values of the given keys. */
function yamlUrls(text: string, listKeys: readonly string[], valueKeys: readonly string[]): PackageSource[] {
  const sources: PackageSource[] = [];
  let inList = false;
  for (const line of text.split(/\r?\n/)) {
    if (inList && /^\s*-\s*/.test(line)) {
      for (const url of urls(line)) sources.push({ kind: "index", url });
      continue;
    }
    const key = /^(\S[^:]*):\s*(.*)$/.exec(line);
    if (key) {
      const name = key[1]!.trim().replace(/^:/, "");
      inList = listKeys.includes(name);
      if (valueKeys.includes(name) || inList) for (const url of urls(key[2]!)) sources.push({ kind: "index", url });
    }
    // A channel named but not a URL (`- conda-forge`) is on the tool's own host.
  }
  return sources;
}

/** bundler's settings: `BUNDLE_MIRROR__…: "URL"` (the key spells the host it stands in for). */
function bundleSources(text: string): PackageSource[] {
  return [...text.matchAll(/^\s*BUNDLE_MIRROR__\S*\s*:\s*["']?([^"'\s]+)/gim)].map((match) => ({ kind: "index" as const, url: match[1]! }));
}

/** Go's environment file (`go env -w` writes it): the proxy list, and settings that switch the checksum database off. */
function goSources(text: string): PackageSource[] {
  const sources: PackageSource[] = [];
  for (const line of text.split(/\r?\n/)) {
    const setting = /^\s*(GO\w+)\s*=\s*(.*?)\s*$/.exec(line);
    if (!setting) continue;
    const [, name, value] = setting;
    if (name === "GOPROXY") for (const url of urls(value!)) sources.push({ kind: "index", url });
    if ((name === "GOSUMDB" && value === "off") || name === "GONOSUMDB" || name === "GOINSECURE" || (name === "GOFLAGS" && /(?:^|\s)-insecure\b/.test(value!)))
      sources.push({ kind: "unchecked", setting: `${name}=${value}` });
  }
  return sources;
}

/** Maven's settings.xml: every `<url>` of a `<mirror>` or `<repository>`. */
function mavenSources(text: string): PackageSource[] {
  const bodies = [...text.matchAll(/<(mirror|repository|pluginRepository)>([\s\S]*?)<\/\1>/g)];
  return bodies.flatMap((body) => [...body[2]!.matchAll(/<url>\s*([^<\s]+)\s*<\/url>/g)].map((match) => ({ kind: "index" as const, url: match[1]! })));
}

/** Terraform's CLI config: `network_mirror { url = … }`, and a `filesystem_mirror` in a directory anyone can write to. */
function terraformSources(text: string): PackageSource[] {
  const sources: PackageSource[] = [];
  for (const block of text.matchAll(/\bnetwork_mirror\s*\{([^}]*)\}/g)) for (const url of urls(block[1]!)) sources.push({ kind: "index", url });
  for (const block of text.matchAll(/\bfilesystem_mirror\s*\{[^}]*\bpath\s*=\s*"([^"]+)"/g))
    if (/^\/(?:private\/)?(?:tmp|var\/tmp|dev\/shm)(?:\/|$)/.test(block[1]!)) sources.push({ kind: "unchecked", setting: `filesystem_mirror ${block[1]}` });
  return sources;
}

/**
 * npm's `.npmrc` `registry=`, Yarn 2+'s `npmRegistryServer:`, Yarn 1's `registry "…"`: the default registry replaced.
 * A scope's registry (`@acme:registry=…`) serves only that scope's packages, the company's own: not counted.
 */
function npmSources(text: string): PackageSource[] {
  const lines = text.split(/\r?\n/).filter((line) => !/^\s*[#;]/.test(line));
  return lines.flatMap((line) => {
    const setting = /^\s*(?:registry|npmRegistryServer)\s*[=:\s]\s*["']?([^"'\s]+)/i.exec(line);
    return setting ? [{ kind: "index" as const, url: setting[1]! }] : [];
  });
}

const NPM_FETCHES = new Set(["install", "i", "ci", "add", "update", "up", "isntall"]);
const CARGO_FETCHES = new Set(["build", "b", "run", "r", "test", "t", "check", "c", "fetch", "update", "install", "add", "bench", "doc", "clippy", "generate-lockfile", "vendor"]);

export const SOURCE_ROWS: readonly SourceRow[] = [
  {
    programs: ["cargo"],
    fetches: CARGO_FETCHES,
    files: [".cargo/config.toml", ".cargo/config", "~/.cargo/config.toml", "~/.cargo/config"],
    read: cargoSources,
    official: ["index.crates.io", "crates.io", "github.com"],
  },
  {
    programs: ["conda", "mamba", "micromamba"],
    fetches: new Set(["install", "create", "update", "upgrade", "env"]),
    files: [".condarc", "~/.condarc", "~/.config/conda/condarc", "~/.conda/condarc"],
    read: (text) => yamlUrls(text, ["channels", "default_channels"], ["channel_alias"]),
    official: ["conda.anaconda.org", "repo.anaconda.com", "anaconda.org"],
  },
  { programs: ["gem"], fetches: new Set(["install", "update", "fetch"]), files: ["~/.gemrc"], read: (text) => yamlUrls(text, ["sources"], []), official: ["rubygems.org"] },
  {
    programs: ["bundle", "bundler"],
    fetches: new Set(["install", "update", "lock", "package", "cache", "outdated"]),
    files: [".bundle/config", "~/.bundle/config"],
    read: bundleSources,
    official: ["rubygems.org"],
  },
  {
    programs: ["go"],
    fetches: new Set(["get", "install", "build", "run", "test", "mod", "list", "vet", "generate", "work"]),
    files: ["~/.config/go/env"],
    read: goSources,
    official: ["proxy.golang.org"],
  },
  {
    programs: ["mvn", "mvnw", "./mvnw"],
    files: ["~/.m2/settings.xml"],
    read: mavenSources,
    official: ["repo.maven.apache.org", "repo1.maven.org", "maven.apache.org"],
  },
  {
    programs: ["terraform", "tofu"],
    fetches: new Set(["init", "get", "providers"]),
    files: ["~/.terraformrc", "~/.tofurc"],
    read: terraformSources,
    official: ["registry.terraform.io", "registry.opentofu.org", "releases.hashicorp.com"],
  },
  { programs: ["npm", "pnpm"], fetches: NPM_FETCHES, files: [".npmrc", "~/.npmrc"], read: npmSources, official: ["registry.npmjs.org", "registry.yarnpkg.com"] },
  {
    programs: ["yarn"],
    fetches: new Set(["", ...NPM_FETCHES]),
    files: [".yarnrc.yml", ".yarnrc", "~/.yarnrc.yml", "~/.yarnrc"],
    read: npmSources,
    official: ["registry.npmjs.org", "registry.yarnpkg.com"],
  },
];

/** The rows a command's program fetches through. */
export function sourceRowsFor(name: string, args: readonly string[]): SourceRow[] {
  const first = args.find((arg) => !arg.startsWith("-")) ?? "";
  return SOURCE_ROWS.filter((row) => row.programs.includes(name) && (row.fetches === undefined || row.fetches.has(first)));
}
