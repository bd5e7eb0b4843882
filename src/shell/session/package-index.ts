// Where a Python install fetches from, when a file says so: pip reads the
// user's pip.conf (~/.config/pip/pip.conf, ~/.pip/pip.conf) and the
// `--index-url`/`--extra-index-url`/`--find-links` lines of the requirement
// files it is given (`-r`, `-c`); uv reads uv.toml, pyproject.toml's
// [tool.uv] and ~/.config/uv/uv.toml (`index-url`, `extra-index-url`,
// `find-links`, `[[index]]` tables). A package from another index runs its
// build and install code with the user's rights, so each such setting is
// judged as the install it amounts to (`pip install --index-url URL`), by
// the rules that judge that option typed; the official index and a file
// that names none change nothing.
import type { FileNeed } from "../view/files.ts";
import type { SimpleCommand } from "../view/view.ts";
import { knownTexts, optionValue, type ProjectRun, type Snippet, shellWord } from "./snippet.ts";

const PIPS = /^pip(?:\d+(?:\.\d+)?)?$/;
const PYTHONS = /^python(?:\d+(?:\.\d+)?)?$/;
/** pip's subcommands that fetch packages. */
const PIP_FETCHES = new Set(["install", "download", "wheel"]);
/** uv's subcommands that resolve or install from an index (`uv pip install` is `pip` then `install`). */
const UV_FETCHES = new Set(["sync", "lock", "add", "run", "pip", "tool", "export"]);

/** PyPI itself: naming it changes nothing. */
const OFFICIAL = /^https:\/\/pypi\.org\/simple\/?$/;

type Source = { kind: "index" | "extra"; url: string };

export function packageIndexRun(command: SimpleCommand, home: string): ProjectRun | undefined {
  const pip = pipWords(command);
  if (pip && PIP_FETCHES.has(pip[0] ?? "")) return pipRun(command, pip, home);
  if (command.name === "uv" && UV_FETCHES.has(firstWord(command.args) ?? "") && !command.args.includes("--no-config")) return uvRun(command, home);
  return undefined;
}

/** The words after `pip` (`pip install x`, `python -m pip install x`), or undefined when the command is no pip. */
function pipWords(command: SimpleCommand): readonly string[] | undefined {
  if (PIPS.test(command.name)) return command.args.filter((arg) => !arg.startsWith("-"));
  if (!PYTHONS.test(command.name)) return undefined;
  const at = command.args.indexOf("-m");
  return at >= 0 && command.args[at + 1] === "pip" ? command.args.slice(at + 2).filter((arg) => !arg.startsWith("-")) : undefined;
}

function firstWord(args: readonly string[]): string | undefined {
  return args.find((arg) => !arg.startsWith("-"));
}

function pipRun(command: SimpleCommand, words: readonly string[], home: string): ProjectRun {
  // --isolated: pip reads no user configuration (the snippets below say it, so they are not read again).
  // PIP_CONFIG_FILE set for this command names one more settings file, a project's own (`PIP_CONFIG_FILE=pip.conf`).
  const named = command.environment?.PIP_CONFIG_FILE?.replace(/^\.\//, "");
  const user = [`${home}/.config/pip/pip.conf`, `${home}/.pip/pip.conf`];
  const own = named === undefined || command.args.includes("--isolated") ? undefined : command.dir && !named.startsWith("/") ? `${command.dir}/${named}` : named;
  const settings = command.args.includes("--isolated") ? [] : own ? [...user, own] : user;
  const requirements = requirementFiles(command.args);
  const needs: FileNeed[] = [...settings, ...requirements].map((path) => ({ path, role: "package-settings", optional: true }));
  const install = `${command.name === "pip" || PIPS.test(command.name) ? command.name : "pip"} ${words[0]}`;
  return {
    what: install,
    candidates: [],
    extra: needs,
    read: (get) => [
      ...knownTexts(
        needs.map((need) => need.path),
        get,
      ).flatMap((file) => {
        const sources = settings.includes(file.path) ? iniSources(file.content) : requirementSources(file.content);
        return snippets(install, sources, `${install} (${file.path}, ${file.label})`);
      }),
      // The file it names, unread (not there to read, or the guard reads no files here): its index is unknown.
      ...(own !== undefined && get(own)?.content === undefined && !get(own)?.absent ? unreadSettings(install, own) : []),
    ],
  };
}

/** An install from whatever index a settings file the guard could not read names. */
function unreadSettings(install: string, path: string): Snippet[] {
  return [{ kind: "shell", text: `${install} --index-url "\${PIP_INDEX_FROM_UNREAD_CONFIG}"`, via: `${install} (PIP_CONFIG_FILE=${path}, not read)` }];
}

/** `-r FILE`, `--requirement FILE`, `-c FILE`, `--constraint=FILE`, `-rFILE`. */
function requirementFiles(args: readonly string[]): string[] {
  const files: string[] = [];
  args.forEach((arg, index) => {
    if (arg === "-r" || arg === "--requirement" || arg === "-c" || arg === "--constraint") {
      if (args[index + 1]) files.push(args[index + 1]!);
    } else if (/^--(?:requirement|constraint)=/.test(arg)) files.push(arg.slice(arg.indexOf("=") + 1));
    else if (/^-[rc]./.test(arg)) files.push(arg.slice(2));
  });
  return files.map((file) => file.replace(/^\.\//, ""));
}

/** pip.conf: `index-url = URL`, `extra-index-url = URL …` (continued on indented lines), `find-links`. */
function iniSources(text: string): Source[] {
  const sources: Source[] = [];
  let key: string | undefined;
  for (const line of text.split(/\r?\n/)) {
    if (/^\s*[#;]/.test(line) || /^\s*\[/.test(line)) {
      key = undefined;
      continue;
    }
    const setting = /^([\w-]+)\s*[=:]\s*(.*)$/.exec(line);
    if (setting) key = setting[1]!.toLowerCase();
    const values = setting ? setting[2]! : /^\s+\S/.test(line) ? line : "";
    for (const url of values.split(/\s+/).filter(Boolean)) pushSource(sources, key, url);
  }
  return sources;
}

/** A requirements file's own options: `-i URL`, `--index-url URL`, `--extra-index-url=URL`, `-f URL`, `--find-links URL`. */
function requirementSources(text: string): Source[] {
  const sources: Source[] = [];
  for (const line of text.split(/\r?\n/)) {
    const option = /^\s*(-i|--index-url|--extra-index-url|-f|--find-links)(?:\s*=\s*|\s+)(\S+)/.exec(line);
    if (!option) continue;
    const key = option[1] === "-i" ? "index-url" : option[1] === "-f" ? "find-links" : option[1]!.slice(2);
    pushSource(sources, key, option[2]!);
  }
  return sources;
}

function pushSource(sources: Source[], key: string | undefined, url: string) {
  if (key === "index-url" || key === "index_url") sources.push({ kind: "index", url });
  else if (key === "extra-index-url" || key === "extra_index_url" || key === "find-links" || key === "find_links") sources.push({ kind: "extra", url });
}

function uvRun(command: SimpleCommand, home: string): ProjectRun {
  const dir = optionValue(command.args, [], ["--directory", "--project"]);
  const local = ["uv.toml", "pyproject.toml"].map((name) => (dir ? `${dir.replace(/\/+$/, "")}/${name}` : name));
  const needs: FileNeed[] = [...local, `${home}/.config/uv/uv.toml`].map((path) => ({ path, role: "package-settings", optional: true }));
  const words = command.args.filter((arg) => !arg.startsWith("-"));
  const install = `uv ${words[0]}${words[0] === "pip" && words[1] ? ` ${words[1]}` : ""}`;
  return {
    what: install,
    candidates: [],
    extra: needs,
    read: (get) =>
      knownTexts(
        needs.map((need) => need.path),
        get,
      ).flatMap((file) =>
        // As `uv pip install` (what every uv command that resolves does with the index); `uv run` would read its URL as the program.
        snippets("uv pip install", uvSources(file.content, file.path.endsWith("pyproject.toml")), `${install} (${file.path}, ${file.label})`),
      ),
  };
}

/**
 * uv's settings: `index-url`/`extra-index-url`/`find-links` keys, and `[[index]]` tables (`url`, `default = true`
 * replaces the default index). In pyproject.toml only what is under [tool.uv…] counts.
 */
function uvSources(text: string, pyproject: boolean): Source[] {
  const sources: Source[] = [];
  let table = pyproject ? "" : "uv";
  let index: { url?: string; isDefault: boolean } | undefined;
  const close = () => {
    if (index?.url) sources.push({ kind: index.isDefault ? "index" : "extra", url: index.url });
    index = undefined;
  };
  for (const line of text.split(/\r?\n/)) {
    const header = /^\s*\[\[?\s*([\w.-]+)\s*\]\]?/.exec(line);
    if (header) {
      close();
      const name = pyproject ? header[1]!.replace(/^tool\.uv\.?/, header[1]!.startsWith("tool.uv") ? "uv." : "other.") : `uv.${header[1]}`;
      table = name.replace(/\.$/, "");
      if (/^\s*\[\[/.test(line) && table === "uv.index") index = { isDefault: false };
      continue;
    }
    if (!table.startsWith("uv")) continue;
    const setting = /^\s*([\w-]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (!setting) continue;
    const key = setting[1]!;
    const strings = [...setting[2]!.matchAll(/"([^"]*)"|'([^']*)'/g)].map((match) => match[1] ?? match[2] ?? "");
    if (index && key === "url") index.url = strings[0];
    else if (index && key === "default") index.isDefault = /^true\b/.test(setting[2]!);
    else if (table === "uv" || table === "uv.pip") for (const url of strings) pushSource(sources, key, url);
  }
  close();
  return sources;
}

/** Each source as the install typed with it; `--isolated` / `--no-config` (read no settings) so the install is not followed into them again. */
function snippets(install: string, sources: readonly Source[], via: string): Snippet[] {
  const alone = install.startsWith("uv") ? "--no-config" : "--isolated";
  return sources
    .filter((source) => /^(?:https?|file):|^[./~]/.test(source.url) && !OFFICIAL.test(source.url))
    .map((source) => ({ kind: "shell" as const, text: `${install} ${alone} ${source.kind === "index" ? "--index-url" : "--extra-index-url"} ${shellWord(source.url)}`, via }));
}
