// Configuration files that are programs: the tool loads them as code before
// it does its work. JavaScript build and lint tools import their config
// (vite.config.ts, webpack.config.js, eslint.config.mjs, .prettierrc.cjs,
// next.config.js, tailwind.config.js and postcss.config.js through the
// bundler that runs them, …), so `npm run build`, `npx eslint .` or a test
// runner runs whatever their top level does. Ruby tools evaluate their DSL
// file as Ruby: Gemfile (bundle), Podfile (pod), Brewfile (brew bundle),
// Vagrantfile (vagrant), Dangerfile (danger), Guardfile (guard); fastlane's
// Fastfile is read with its sh actions in build-carriers.ts. Each file the
// tool would load is judged as the code it is.
import type { FileNeed } from "../view/files.ts";
import type { SimpleCommand } from "../view/view.ts";
import { inDir, optionValue, type ProjectRun, type Snippet } from "./snippet.ts";
import { listedRun } from "./test-runners.ts";

/** What a config file name may end in, for a JavaScript tool. */
const JS_CONFIG = "{js,cjs,mjs,ts,cts,mts}";
/** The style configs a bundler loads while it builds (PostCSS, and Tailwind through it). */
const STYLE_CONFIGS = ["postcss.config", "tailwind.config"];

/** Each JavaScript tool: the config file names (before the extension) it loads. */
const JS_TOOLS: Readonly<Record<string, readonly string[]>> = {
  vite: ["vite.config", ...STYLE_CONFIGS],
  vitest: ["vitest.config", "vite.config", "vitest.workspace"],
  webpack: ["webpack.config", "babel.config", ".babelrc", ...STYLE_CONFIGS],
  "webpack-cli": ["webpack.config", "babel.config", ".babelrc", ...STYLE_CONFIGS],
  "webpack-dev-server": ["webpack.config", "babel.config", ".babelrc", ...STYLE_CONFIGS],
  rollup: ["rollup.config", "babel.config", ".babelrc"],
  babel: ["babel.config", ".babelrc"],
  eslint: ["eslint.config", ".eslintrc"],
  prettier: ["prettier.config", ".prettierrc"],
  stylelint: ["stylelint.config", ".stylelintrc"],
  next: ["next.config", "babel.config", ".babelrc", ...STYLE_CONFIGS],
  nuxt: ["nuxt.config", "app.config", ...STYLE_CONFIGS],
  nuxi: ["nuxt.config", "app.config", ...STYLE_CONFIGS],
  astro: ["astro.config", ...STYLE_CONFIGS],
  "svelte-kit": ["svelte.config", "vite.config", ...STYLE_CONFIGS],
  tailwindcss: ["tailwind.config"],
  postcss: ["postcss.config", "tailwind.config"],
  tsup: ["tsup.config"],
  commitlint: ["commitlint.config", ".commitlintrc"],
  "lint-staged": ["lint-staged.config", ".lintstagedrc"],
  karma: ["karma.conf"],
  gulp: ["gulpfile"],
  grunt: ["Gruntfile"],
};

/** Subcommands and flags that load no configuration (a version or help query). */
const NO_CONFIG = /^(?:-v|-V|--version|-h|--help|version|help|--init|init)$/;

/** Each Ruby tool: the DSL files it evaluates, and whether a subcommand is needed before it reads them. */
const RUBY_TOOLS: Readonly<Record<string, { files: readonly string[]; only?: ReadonlySet<string> }>> = {
  bundle: { files: ["Gemfile", "gems.rb"] },
  bundler: { files: ["Gemfile", "gems.rb"] },
  pod: { files: ["Podfile"], only: new Set(["install", "update", "outdated", "deintegrate"]) },
  brew: { files: ["Brewfile"], only: new Set(["bundle"]) },
  vagrant: { files: ["Vagrantfile"] },
  danger: { files: ["Dangerfile", "Dangerfile.rb"] },
  guard: { files: ["Guardfile"] },
};

/** pnpm loads .pnpmfile.cjs (its readPackage and afterAllResolved hooks) whenever it resolves dependencies. */
const PNPM_RESOLVES = new Set(["install", "i", "add", "update", "up", "upgrade", "remove", "rm", "uninstall", "dedupe", "import", "fetch", "link", "ln"]);

export function configCodeRun(command: SimpleCommand): ProjectRun | undefined {
  const words = command.args.filter((arg) => !arg.startsWith("-"));
  if (command.args.some((arg) => NO_CONFIG.test(arg)) || NO_CONFIG.test(words[0] ?? "")) return undefined;
  if (command.name === "pnpm" && (words.length === 0 || PNPM_RESOLVES.has(words[0]!)) && !command.args.includes("--ignore-pnpmfile")) {
    const pnpmfile = optionValue(command.args, [], ["--pnpmfile"]) ?? ".pnpmfile.cjs";
    return listedRun("pnpm install (.pnpmfile.cjs)", [{ path: pnpmfile.replace(/^\.\//, ""), role: "buildfile", optional: true }], "node");
  }
  const js = JS_TOOLS[command.name];
  if (js) return jsConfigRun(command, js);
  const ruby = RUBY_TOOLS[command.name];
  if (!ruby || (ruby.only && !ruby.only.has(words[0] ?? ""))) return undefined;
  // `brew bundle --file=Brewfile.dev`, `bundle --gemfile=gemfiles/rails.gemfile`: the file named.
  const named = optionValue(command.args, [], ["--file", "--gemfile"]);
  const files = named ? [named.replace(/^\.\//, "")] : ruby.files;
  const needs: FileNeed[] = files.map((path) => ({ path, role: "buildfile", optional: true }));
  return listedRun(`${command.name}${words[0] ? ` ${words[0]}` : ""}`, needs, "ruby", false, command.name === "vagrant" ? vagrantTriggers : undefined);
}

/**
 * A Vagrantfile is Ruby, and its triggers' `run` (`t.run = { inline: "…" }`, or `path:` a script) run on this
 * machine around `vagrant up`, `halt`, `destroy` … (`run_remote` and provisioners run inside the guest).
 */
function vagrantTriggers(path: string, content: string, via: string): Snippet[] {
  const snippets: Snippet[] = [{ kind: "file", path, interpreter: "ruby", via }];
  for (const match of content.matchAll(/\.run\s*=\s*\{([^}]*)\}/g)) {
    const inline = /\binline:\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')/.exec(match[1]!);
    if (inline) snippets.push({ kind: "shell", text: (inline[1] ?? inline[2] ?? "").replace(/\\(.)/g, "$1"), via: `${via} trigger` });
    const script = /\bpath:\s*["']([^"']+)["']/.exec(match[1]!);
    if (script && !script[1]!.startsWith("/") && !script[1]!.split("/").includes(".."))
      snippets.push({ kind: "file", path: script[1]!.replace(/^\.\//, ""), via: `${via} trigger` });
  }
  return snippets;
}

/** The config files a JavaScript tool loads, found in the directory it runs for (`--config FILE` names one). */
function jsConfigRun(command: SimpleCommand, names: readonly string[]): ProjectRun {
  const named = optionValue(command.args, ["-c", "--config"], ["--config"]);
  const dir = optionValue(command.args, ["--root", "--cwd"], ["--root", "--cwd"]);
  const needs: FileNeed[] =
    named && !named.includes("$")
      ? [{ path: named.replace(/^\.\//, ""), role: "buildfile", optional: true }]
      : names.map((name) => ({ path: inDir(dir, `${name}.${JS_CONFIG}`), role: "buildfile", pattern: true }));
  return listedRun(`${command.name} config`, needs, "node");
}
