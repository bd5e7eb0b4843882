// Program categories: what a program is for, as data, so the shell model and
// the policy's rules ask "is this a downloader?" instead of each keeping its
// own list of names. A rule names a category as `@name` wherever it names
// programs (`when = { command = "@network-sender" }`, `"@shell|exec"`); the
// interpreter asks inCategory(). A category's programs are listed once, here
// (or, for extractors, where their extract flags are).
import { EXTRACTORS } from "./carriers/extractors.ts";
import { WINDOWS_CREDENTIAL_TOOLS, WINDOWS_DOWNLOADERS, WINDOWS_PROXY_RUNNERS, WINDOWS_SHELLS, WINDOWS_SYSTEM_TOOLS } from "./windows.ts";

export type ProgramCategory =
  | "network-sender"
  | "downloader"
  | "shell"
  | "extractor"
  | "tunnel"
  | "environment-printer"
  | "text-passer"
  | "text-printer"
  | "text-viewer"
  | "netcat"
  | "dns-lookup"
  | "permission-changer"
  | "deleter"
  | "value-printer"
  | "python-installer"
  | "container-runtime"
  | "detacher"
  | "node-package-manager"
  | "pid-lister"
  | "script-interpreter"
  | "line-searcher"
  | "archiver"
  | "digester"
  | "load-generator"
  | "redis-client"
  | "storage-copier"
  | "temp-program"
  | "known-package-tool"
  | "typed-input"
  | "hook-helper"
  | "windows-shell"
  | "windows-downloader"
  | "windows-proxy-runner"
  | "windows-credential-tool"
  | "windows-system-tool";

type CategoryEntry = { description: string; programs: readonly string[] };

/** Shells: `-c CODE` runs CODE; no operand reads the script from stdin (interpreters.ts gives them one spec). */
const SHELLS = ["bash", "sh", "zsh", "dash", "ksh", "ksh93", "mksh", "ash", "yash", "fish", "rbash", "tcsh", "csh", "busybox-sh"] as const;

export const PROGRAM_CATEGORIES: Readonly<Record<ProgramCategory, CategoryEntry>> = {
  "network-sender": {
    description: "sends what it is given (stdin, a file, an argument) to another machine: HTTP clients, raw sockets, remote shells and copies, mail, DNS lookups",
    programs: [
      "curl",
      "curlie",
      "wget",
      "http",
      "https",
      "xh",
      "nc",
      "ncat",
      "netcat",
      "socat",
      "telnet",
      "ssh",
      "scp",
      "sftp",
      "rsync",
      "ftp",
      "aria2c",
      "nscurl",
      "mail",
      "mailx",
      "sendmail",
      "mutt",
      "dig",
      "nslookup",
      "host",
      "openssl",
      "rsh",
      "rexec",
      "rlogin",
    ],
  },
  downloader: {
    description: "prints what it downloads: piped into an interpreter, it makes remote code",
    programs: ["curl", "wget", "fetch", "http", "https", "xh", "xhs", "curlie", "aria2c", "lwp-request", "get", "httpie", "wget2", "nscurl", "lwp-download", "axel"],
  },
  shell: { description: "a POSIX-style or compatible shell: `-c CODE`, a script operand, or a script on stdin", programs: SHELLS },
  extractor: { description: "unpacks an archive into a directory (with its extract flags, in carriers/extractors.ts)", programs: Object.keys(EXTRACTORS) },
  "environment-printer": {
    description: "prints every environment variable (and so every secret in it) when run without arguments",
    programs: ["env", "printenv", "set", "export", "declare", "typeset", "compgen"],
  },
  tunnel: {
    description: "publishes a local port on a public address (a tunnel service's client)",
    programs: [
      "ngrok",
      "cloudflared",
      "lt",
      "localtunnel",
      "zrok",
      "tunnelmole",
      "tmole",
      "loophole",
      "pinggy",
      "localxpose",
      "loclx",
      "tailscale",
      "devtunnel",
      "bore",
      "frpc",
      "inlets",
      "chisel",
      "expose",
      "telebit",
    ],
  },
  "text-passer": {
    description: "passes what it reads on as text (printers, pagers, encoders, filters, formatters): a secret read into it reaches the output",
    programs: [
      "echo",
      "printf",
      "print",
      "cat",
      "tac",
      "nl",
      "head",
      "tail",
      "less",
      "more",
      "most",
      "bat",
      "batcat",
      "tee",
      "base64",
      "base32",
      "basenc",
      "xxd",
      "od",
      "hexdump",
      "hd",
      "strings",
      "rev",
      "tr",
      "cut",
      "fold",
      "fmt",
      "column",
      "paste",
      "pr",
      "expand",
      "sed",
      "awk",
      "gawk",
      "mawk",
      "nawk",
      "grep",
      "egrep",
      "fgrep",
      "zgrep",
      "rg",
      "ag",
      "sort",
      "uniq",
      "jq",
      "yq",
      "gojq",
      "jaq",
      "gron",
      "dasel",
      "iconv",
      "xargs",
      "openssl",
      "sponge",
    ],
  },
  "text-printer": {
    description: "prints or transforms a value it is given or reads (the common printers, encoders and filters)",
    programs: [
      "echo",
      "printf",
      "print",
      "cat",
      "tac",
      "nl",
      "head",
      "tail",
      "less",
      "more",
      "tee",
      "base64",
      "base32",
      "basenc",
      "xxd",
      "od",
      "hexdump",
      "rev",
      "tr",
      "cut",
      "fold",
      "sed",
      "awk",
      "gawk",
      "mawk",
      "grep",
      "egrep",
      "fgrep",
      "rg",
      "jq",
      "yq",
      "xargs",
      "openssl",
    ],
  },
  "text-viewer": {
    description: "shows a file's text as it is, re-laid or encoded, without running anything",
    programs: [
      "sort",
      "uniq",
      "cat",
      "tac",
      "nl",
      "head",
      "tail",
      "less",
      "more",
      "most",
      "bat",
      "batcat",
      "tee",
      "column",
      "fold",
      "fmt",
      "pr",
      "expand",
      "base64",
      "base32",
      "basenc",
      "xxd",
      "od",
      "hexdump",
      "hd",
      "strings",
      "rev",
      "iconv",
      "sponge",
    ],
  },
  netcat: {
    description: "a netcat: raw TCP or UDP to or from any port (connect, listen, run a program with -e)",
    programs: ["nc", "ncat", "netcat", "nc.traditional", "nc.openbsd"],
  },
  "dns-lookup": {
    description: "resolves a name it is given through DNS (the name reaches the name server of its domain)",
    programs: ["dig", "nslookup", "host", "drill", "kdig", "delv", "ping", "ping6", "getent", "resolvectl"],
  },
  "permission-changer": {
    description: "changes who may read, write or run a file (mode, owner, group, attributes, ACLs, flags)",
    programs: ["chmod", "chown", "chgrp", "chattr", "setfacl", "chflags"],
  },
  deleter: {
    description: "deletes files or directories it is given",
    programs: ["rm", "unlink", "rmdir", "rimraf", "del", "del-cli"],
  },
  "value-printer": {
    description: "prints a value or a file as it is (what shows a secret it is given)",
    programs: ["echo", "printf", "print", "printenv", "cat"],
  },
  "python-installer": {
    description: "installs or runs Python packages (pip and its versions, uv, poetry, pdm, python -m pip); globs stand for the versioned names",
    programs: ["pip*", "uv", "uvx", "poetry", "pdm", "python*"],
  },
  "container-runtime": {
    description: "runs containers with the Docker command line (docker and the tools that copy its verbs and flags)",
    programs: ["docker", "podman", "nerdctl", "finch"],
  },
  // Paths, not names: a rule's command glob is matched against the program's path when it has one.
  "temp-program": {
    description: "a program run from a temporary directory, which anyone on the machine may have put there",
    programs: ["/tmp/**", "/var/tmp/**", "/dev/shm/**", "/private/tmp/**", "/private/var/tmp/**"],
  },
  // Package names (npm and PyPI), as a runner is given them: `bunx prettier`, `uvx ruff`, `pnpm dlx @biomejs/biome`.
  "known-package-tool": {
    description:
      "a well-known developer tool people run straight from its registry with a package runner (npx -y, bunx, pnpm dlx, yarn dlx, uvx, pipx run): formatters, linters, type checkers, test runners, framework and platform CLIs",
    programs: [
      // npm
      "prettier",
      "eslint",
      "typescript",
      "tsc",
      "tsx",
      "ts-node",
      "@biomejs/biome",
      "knip",
      "oxlint",
      "vite",
      "vitest",
      "jest",
      "playwright",
      "@playwright/test",
      "cypress",
      "next",
      "nuxi",
      "astro",
      "sv",
      "@angular/cli",
      "@vue/cli",
      "expo",
      "storybook",
      "turbo",
      "nx",
      "lerna",
      "prisma",
      "drizzle-kit",
      "wrangler",
      "vercel",
      "netlify-cli",
      "firebase-tools",
      "serve",
      "http-server",
      "rimraf",
      "concurrently",
      "npm-check-updates",
      "degit",
      "tiged",
      "shadcn",
      "shadcn-ui",
      "lint-staged",
      "husky",
      "semantic-release",
      "@changesets/cli",
      "nodemon",
      "markdownlint-cli",
      "@redocly/cli",
      "@tailwindcss/cli",
      "tailwindcss",
      "esbuild",
      "rollup",
      "webpack-cli",
      "madge",
      "depcheck",
      "license-checker",
      "@modelcontextprotocol/inspector",
      "jsr",
      // npm: the frameworks' own scaffolders (`npm create vite`, `npx create-next-app`, `pnpm dlx create-astro`)
      "create-vite",
      "create-next-app",
      "create-react-app",
      "create-astro",
      "create-svelte",
      "create-vue",
      "create-nuxt-app",
      "create-nuxt",
      "create-remix",
      "create-react-router",
      "create-t3-app",
      "create-expo-app",
      "create-expo",
      "create-qwik",
      "create-solid",
      "create-tauri-app",
      "create-electron-app",
      "create-turbo",
      "create-docusaurus",
      "create-redwood-app",
      "create-strapi-app",
      "create-payload-app",
      "create-hono",
      "create-cloudflare",
      "create-nx-workspace",
      "create-playwright",
      "create-storybook",
      "create-rsbuild",
      "create-rspack",
      "create-vitepress",
      "create-preact",
      "create-lit",
      "create-waku",
      "create-analog",
      "create-medusa-app",
      "create-tsrouter-app",
      "create-video",
      "create-mastra",
      "create-llama",
      "create-elysia",
      "create-react-native-app",
      "@angular/create",
      // npm: the programs those packages install, as a runner is given them (`bunx biome` runs @biomejs/biome)
      "biome",
      "ncu",
      "ng",
      "vue",
      "nuxt",
      "remix",
      "react-router",
      "svelte-check",
      "svelte-kit",
      "tsup",
      "unbuild",
      "webpack",
      "parcel",
      "rspack",
      "rsbuild",
      "mocha",
      "ava",
      "c8",
      "nyc",
      "typedoc",
      "size-limit",
      "publint",
      "syncpack",
      "sort-package-json",
      "patch-package",
      "cross-env",
      "changeset",
      "commitlint",
      "lefthook",
      "stylelint",
      "cspell",
      "markdownlint",
      "release-it",
      "pm2",
      "typeorm",
      "graphql-codegen",
      "openapi-typescript",
      "orval",
      "live-server",
      "json-server",
      "lighthouse",
      "netlify",
      "firebase",
      "supabase",
      "convex",
      "eas",
      "eas-cli",
      "tsc-alias",
      // PyPI
      "ruff",
      "black",
      "isort",
      "flake8",
      "pylint",
      "mypy",
      "pyright",
      "basedpyright",
      "ty",
      "pytest",
      "pre-commit",
      "tox",
      "nox",
      "hatch",
      "build",
      "twine",
      "cookiecutter",
      "copier",
      "cruft",
      "pip-audit",
      "pipdeptree",
      "pip-tools",
      "poetry",
      "pdm",
      "httpie",
      "jupyter",
      "jupyterlab",
      "mkdocs",
      "sqlfluff",
      "yamllint",
      "codespell",
      "bandit",
      "pyupgrade",
      "autoflake",
      "coverage",
      "nbstripout",
      "djlint",
      "ansible-lint",
      "cfn-lint",
      "checkov",
      "semgrep",
      "uv",
      "zizmor",
      "maturin",
      "cibuildwheel",
      "virtualenv",
      "ipython",
      "marimo",
      "datasette",
      "vulture",
      "radon",
      "interrogate",
      "pydocstyle",
      "docformatter",
      "sphinx",
      "pip-compile",
      "pipenv",
    ],
  },
  detacher: {
    description: "starts a program that outlives the command (and the session) that started it",
    programs: ["nohup", "setsid", "daemonize", "start-stop-daemon"],
  },
  "node-package-manager": {
    description: "installs JavaScript packages and runs package.json scripts (npm and the tools that read the same files)",
    programs: ["npm", "pnpm", "yarn", "bun"],
  },
  "pid-lister": {
    description: "prints the process IDs whose name matches (pgrep, pidof), or filters a process list by name: the source of a kill list",
    programs: ["pgrep", "pidof", "grep", "egrep", "fgrep", "rg"],
  },
  "script-interpreter": {
    description: "runs code given inline (-c, -e, -r): Python, Node and its kin, Ruby, Perl, PHP — the code names the files it writes",
    programs: ["python", "python2", "python3", "pypy", "pypy3", "node", "nodejs", "bun", "deno", "ruby", "perl", "php"],
  },
  "line-searcher": {
    description: "prints the lines of files (or its input) that match a pattern",
    programs: ["grep", "egrep", "fgrep", "rg", "zgrep", "ag", "ack", "ugrep"],
  },
  archiver: {
    description: "packs files and whole directories into one archive, which it can write to stdout (and so into a pipe)",
    programs: ["tar", "gtar", "bsdtar", "zip", "7z", "7za", "7zz", "cpio", "pax", "rar", "ditto"],
  },
  // `wc -l .env`, `sha256sum .env` show that a secret file exists and changed, never what it holds.
  digester: {
    description: "prints a count, a size or a checksum of what it reads, never the text itself",
    programs: ["wc", "md5sum", "sha1sum", "sha224sum", "sha256sum", "sha384sum", "sha512sum", "shasum", "b2sum", "b3sum", "cksum", "sum", "md5", "xxhsum", "xxh64sum", "xxh128sum"],
  },
  // Aimed at a host that is not this machine, a load test is a flood to whoever runs it (system.toml asks).
  "load-generator": {
    description: "sends as many HTTP requests as it can to the URL it is given, from many connections at once (a load or stress tester)",
    programs: ["ab", "hey", "wrk", "wrk2", "oha", "bombardier", "siege", "h2load", "autocannon", "slowhttptest"],
  },
  "redis-client": {
    description: "a redis-protocol server's command-line client: its operands (or stdin) are the commands the server runs",
    programs: ["redis-cli", "valkey-cli", "keydb-cli", "dragonfly-cli"],
  },
  "storage-copier": {
    description: "copies local files to object storage or a cloud share when told to (the clouds' CLIs and the object stores' own clients)",
    programs: ["aws", "gsutil", "gcloud", "s3cmd", "s5cmd", "mc", "mcli", "azcopy", "b2", "az"],
  },
  // Started on a line of its own in a shell that reads typed lines, each reads the lines after it (walk.ts).
  "typed-input": {
    description: "reads its commands from the terminal when given none (a line editor, a database shell, a REPL): lines typed after it are its input",
    programs: [
      "ed",
      "red",
      "ex",
      "jshell",
      "sqlite3",
      "duckdb",
      "psql",
      "mysql",
      "mariadb",
      "redis-cli",
      "mongosh",
      "mongo",
      "m4",
      "bc",
      "dc",
      "ftp",
      "sftp",
      "gdb",
      "lldb",
      "python",
      "python3",
      "node",
      "irb",
      "php",
      "perl",
      "ruby",
      "lua",
      "julia",
    ],
  },
  // Globs stand for a family's versioned or per-backend names (lesspipe.sh, git-credential-libsecret, ksshaskpass).
  "hook-helper": {
    description:
      "a pager, diff viewer, editor, password prompt or credential helper that tools start through their options and variables (PAGER, LESSOPEN, core.pager, SSH_ASKPASS, difftool -x): it shows, edits or asks, and runs nothing it is given",
    programs: [
      "delta",
      "diff-so-fancy",
      "diff-highlight",
      "riff",
      "difftastic",
      "difft",
      "ydiff",
      "lesspipe",
      "lesspipe.sh",
      "lessfilter",
      ".lessfilter",
      "pygmentize",
      "highlight",
      "source-highlight",
      "src-hilite-lesspipe.sh",
      "meld",
      "kdiff3",
      "bcompare",
      "opendiff",
      "p4merge",
      "diffmerge",
      "vimdiff",
      "nvimdiff",
      "tkdiff",
      "xxdiff",
      "smerge",
      "ksshaskpass",
      "ssh-askpass",
      "*-askpass",
      "*askpass*",
      "pinentry*",
      "git-credential-*",
      "zenity",
      "kdialog",
    ],
  },
  "windows-shell": { description: "a Windows shell that runs a command line given as text (cmd /c, PowerShell -Command)", programs: WINDOWS_SHELLS },
  "windows-downloader": {
    description: "a Windows program that can fetch a URL to a file (certutil -urlcache, bitsadmin /transfer, Start-BitsTransfer)",
    programs: WINDOWS_DOWNLOADERS,
  },
  "windows-proxy-runner": {
    description: "a signed Windows program that runs other code: a script or HTA from a URL, a DLL export, an installer, a process, inline build tasks",
    programs: WINDOWS_PROXY_RUNNERS,
  },
  "windows-credential-tool": {
    description: "a Windows program that copies or prints credential stores: registry hives, the AD database, shadow copies, process memory, saved logons, Wi-Fi keys",
    programs: WINDOWS_CREDENTIAL_TOOLS,
  },
  "windows-system-tool": { description: "a Windows program that changes protection or boot settings, or wipes or unregisters storage", programs: WINDOWS_SYSTEM_TOOLS },
};

export const CATEGORY_NAMES = Object.keys(PROGRAM_CATEGORIES) as ProgramCategory[];

const MEMBERS = new Map(CATEGORY_NAMES.map((category) => [category, new Set(PROGRAM_CATEGORIES[category].programs)]));

/** The shell names, in order (interpreters.ts gives each the shell's spec). */
export const SHELL_NAMES: readonly string[] = SHELLS;

/** Whether a program (by basename) is in a category. */
export function inCategory(name: string, category: ProgramCategory): boolean {
  return MEMBERS.get(category)!.has(name);
}

/** The categories a program is in, in the order they are listed. */
export function categoriesOf(name: string): ProgramCategory[] {
  return CATEGORY_NAMES.filter((category) => inCategory(name, category));
}

function isCategory(name: string): name is ProgramCategory {
  return MEMBERS.has(name as ProgramCategory);
}

/** A `|`-separated list of program names and globs with each `@category` replaced by its programs. */
export function withCategoriesExpanded(alternatives: string): string {
  if (!alternatives.includes("@")) return alternatives;
  return alternatives
    .split("|")
    .flatMap((part) => {
      const name = part.trim();
      return name.startsWith("@") && isCategory(name.slice(1)) ? PROGRAM_CATEGORIES[name.slice(1) as ProgramCategory].programs : [part];
    })
    .join("|");
}

/** The `@names` in a list of program names that are no category. */
export function unknownCategories(alternatives: string): string[] {
  return alternatives
    .split("|")
    .map((part) => part.trim())
    .filter((name) => name.startsWith("@") && !isCategory(name.slice(1)));
}
