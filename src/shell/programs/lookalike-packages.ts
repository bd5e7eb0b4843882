// Package names one slip away from a package everyone installs: `pip install
// reqeusts`, `npm i lodahs`, `gem install railss`. Typo-squatters register
// exactly these names, and what they ship runs at install time (setup.py,
// postinstall) or at the first import. Only the slips squatters rely on are
// read — two neighbouring letters swapped, a letter left out inside the
// name, a letter doubled — against a short list of each registry's most
// installed names; a substituted letter is not, as real packages differ so
// (eslint/tslint, scipy/scapy).
import type { SimpleCommand } from "../view/view.ts";

/** The tag an install command gets when a package it names is a slip of a well-known one. */
export const LOOKALIKE_PACKAGE = "lookalike-package";

type Registry = "pypi" | "npm" | "rubygems" | "crates";

/** Installing programs and the subcommands that add a package, by registry. */
const INSTALLERS: Readonly<Record<string, { registry: Registry; verbs: ReadonlySet<string> }>> = {
  pip: { registry: "pypi", verbs: new Set(["install", "download"]) },
  pip3: { registry: "pypi", verbs: new Set(["install", "download"]) },
  uv: { registry: "pypi", verbs: new Set(["add", "pip"]) },
  poetry: { registry: "pypi", verbs: new Set(["add"]) },
  pipenv: { registry: "pypi", verbs: new Set(["install"]) },
  pipx: { registry: "pypi", verbs: new Set(["install", "run"]) },
  pdm: { registry: "pypi", verbs: new Set(["add"]) },
  npm: { registry: "npm", verbs: new Set(["install", "i", "add", "isntall", "in"]) },
  pnpm: { registry: "npm", verbs: new Set(["install", "i", "add"]) },
  yarn: { registry: "npm", verbs: new Set(["add", "install"]) },
  bun: { registry: "npm", verbs: new Set(["add", "install", "i"]) },
  gem: { registry: "rubygems", verbs: new Set(["install", "i"]) },
  cargo: { registry: "crates", verbs: new Set(["add", "install"]) },
};

/** Each registry's most installed names (and the real packages one slip from them, which are no slips). */
const POPULAR: Readonly<Record<Registry, ReadonlySet<string>>> = {
  pypi: new Set([
    "requests",
    "urllib3",
    "setuptools",
    "certifi",
    "charset-normalizer",
    "idna",
    "numpy",
    "pandas",
    "django",
    "flask",
    "fastapi",
    "uvicorn",
    "gunicorn",
    "boto3",
    "botocore",
    "pyyaml",
    "python-dateutil",
    "matplotlib",
    "scipy",
    "pillow",
    "sqlalchemy",
    "psycopg2",
    "psycopg2-binary",
    "pymysql",
    "redis",
    "celery",
    "pydantic",
    "jinja2",
    "cryptography",
    "pytest",
    "tensorflow",
    "torch",
    "torchvision",
    "transformers",
    "scikit-learn",
    "beautifulsoup4",
    "selenium",
    "colorama",
    "openai",
    "anthropic",
    "langchain",
    "httpx",
    "aiohttp",
    "paramiko",
    "pygments",
    "werkzeug",
    "docutils",
    "virtualenv",
    "packaging",
    "protobuf",
    "jsonschema",
    "tqdm",
    "click",
    "rich",
    "black",
    "mypy",
    "pylint",
    "flake8",
    "keras",
    "opencv-python",
    "lxml",
    "pyjwt",
    "bcrypt",
    "twisted",
    "tornado",
    "ansible",
    "awscli",
    "kubernetes",
    "request",
    "scapy",
    "attr",
    "boto",
  ]),
  npm: new Set([
    "react",
    "react-dom",
    "lodash",
    "express",
    "axios",
    "chalk",
    "commander",
    "moment",
    "webpack",
    "typescript",
    "eslint",
    "prettier",
    "jest",
    "mocha",
    "vue",
    "angular",
    "next",
    "nuxt",
    "svelte",
    "vite",
    "babel-core",
    "@babel/core",
    "dotenv",
    "uuid",
    "debug",
    "request",
    "async",
    "underscore",
    "jquery",
    "bootstrap",
    "tailwindcss",
    "postcss",
    "autoprefixer",
    "mongoose",
    "sequelize",
    "prisma",
    "redis",
    "socket.io",
    "body-parser",
    "cors",
    "nodemon",
    "yargs",
    "inquirer",
    "cross-env",
    "rimraf",
    "glob",
    "minimist",
    "semver",
    "colors",
    "electron",
    "puppeteer",
    "playwright",
    "webpack-cli",
    "ts-node",
    "eslint-plugin-react",
    "styled-components",
    "redux",
    "react-router",
    "react-router-dom",
    "graphql",
    "node-fetch",
    "jsonwebtoken",
    "bcrypt",
    "bcryptjs",
    "nodemailer",
    "passport",
    "discord.js",
    "openai",
    "zod",
    "preact",
    "tslint",
    "lodash.get",
  ]),
  rubygems: new Set([
    "rails",
    "rake",
    "bundler",
    "rack",
    "nokogiri",
    "devise",
    "puma",
    "sidekiq",
    "rspec",
    "rubocop",
    "activesupport",
    "thor",
    "json",
    "pry",
    "sinatra",
    "faraday",
    "httparty",
    "aws-sdk",
  ]),
  crates: new Set([
    "serde",
    "serde_json",
    "tokio",
    "rand",
    "clap",
    "regex",
    "reqwest",
    "anyhow",
    "thiserror",
    "log",
    "syn",
    "quote",
    "hyper",
    "chrono",
    "futures",
    "lazy_static",
    "itertools",
    "tracing",
    "actix-web",
    "axum",
  ]),
};

/** Names shorter than this are too close to too many others to read slips in. */
const SHORTEST = 5;

/** `[LOOKALIKE_PACKAGE]` when the command installs a package whose name is a slip of a well-known one. */
export function lookalikePackageTags(command: SimpleCommand): string[] {
  const installer = INSTALLERS[command.name];
  if (installer === undefined || !command.subcommand.some((word) => installer.verbs.has(word))) return [];
  const popular = POPULAR[installer.registry];
  const names = command.operands.flatMap((operand) => packageName(operand) ?? []);
  return names.some((name) => !popular.has(name) && [...popular].some((known) => isSlipOf(name, known))) ? [LOOKALIKE_PACKAGE] : [];
}

/** The registry name in an install operand (`reqeusts==2.0` → reqeusts, `lodahs@^4` → lodahs); undefined for a path or URL. */
function packageName(operand: string): string | undefined {
  const match = /^((?:@[\w.-]+\/)?[A-Za-z0-9][\w.-]*)(?:\[[\w.,-]*\])?(?:(?:==|>=|<=|~=|@|:)\S*)?$/.exec(operand);
  return match ? match[1]!.toLowerCase() : undefined;
}

/** Is `name` one slip from `known`: two neighbouring letters swapped, a letter inside left out, a letter doubled? */
export function isSlipOf(name: string, known: string): boolean {
  if (known.length < SHORTEST || name === known) return false;
  if (name.length === known.length) return swapsNeighbours(name, known);
  if (name.length === known.length - 1) return leavesOutInside(name, known);
  return name.length === known.length + 1 && doublesLetter(name, known);
}

function swapsNeighbours(name: string, known: string): boolean {
  const at = firstDifference(name, known);
  return at + 1 < name.length && name[at] === known[at + 1] && name[at + 1] === known[at] && name.slice(at + 2) === known.slice(at + 2);
}

/** `requets` from `requests`; not the last letter (`boto` is boto3's elder, `request` a package of its own). */
function leavesOutInside(name: string, known: string): boolean {
  const at = firstDifference(name, known);
  return at > 0 && at < known.length - 1 && name.slice(at) === known.slice(at + 1);
}

function doublesLetter(name: string, known: string): boolean {
  const at = firstDifference(name, known);
  return at > 0 && name[at] === name[at - 1] && name.slice(at + 1) === known.slice(at);
}

function firstDifference(left: string, right: string): number {
  let at = 0;
  while (at < left.length && left[at] === right[at]) at++;
  return at;
}
