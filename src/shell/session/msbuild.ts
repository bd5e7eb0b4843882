// `dotnet build|test|run|publish|pack` and `msbuild` run MSBuild, and an
// MSBuild file's `<Exec Command="…"/>` tasks are shell commands it runs
// (/bin/sh on Linux and macOS) — in a project file (.csproj, .fsproj,
// .vbproj, .proj), an imported .targets/.props, or the Directory.Build.props
// and Directory.Build.targets every project under them imports. Which
// target runs which Exec is not followed (targets hook in by BeforeTargets,
// AfterTargets and DependsOnTargets, of the SDK's own targets too): every
// Exec of the project's MSBuild files is judged, as the build may reach it.
import type { FileNeed } from "../view/files.ts";
import type { SimpleCommand } from "../view/view.ts";
import { inDir, optionValue, type ProjectRun, type Snippet } from "./snippet.ts";
import { codeSnippets, listedRun } from "./test-runners.ts";

/** dotnet's subcommands that build (and so run the build's targets). */
const DOTNET_BUILDS = new Set(["build", "test", "run", "publish", "pack", "msbuild", "build-server", "watch"]);
const MSBUILD_FILES = "**/*.{csproj,fsproj,vbproj,proj,props,targets}";
/** Listings skip build/ (output, usually); MSBuild keeps imported .props/.targets there by convention. */
const BUILD_DIR_FILES = "build/**/*.{props,targets}";

/** Well-known MSBuild properties as the paths they hold; the rest are values the guard cannot see. */
const PROPERTY_PATHS: Readonly<Record<string, string>> = {
  home: "${HOME}",
  userprofile: "${HOME}",
  msbuildprojectdirectory: ".",
  msbuildthisfiledirectory: "./",
  msbuildstartupdirectory: ".",
  projectdir: "./",
  solutiondir: "./",
  outdir: "bin/",
  outputpath: "bin/",
  targetdir: "bin/",
  baseoutputpath: "bin/",
  intermediateoutputpath: "obj/",
  baseintermediateoutputpath: "obj/",
};

export function msbuildRun(command: SimpleCommand): ProjectRun | undefined {
  const verb = command.args.find((arg) => !arg.startsWith("-"));
  const builds = (command.name === "dotnet" && verb !== undefined && DOTNET_BUILDS.has(verb)) || command.name === "msbuild" || command.name === "xbuild";
  if (!builds) return undefined;
  const files: FileNeed[] = [MSBUILD_FILES, BUILD_DIR_FILES].map((path) => ({ path, role: "buildfile" as const, pattern: true as const }));
  // `dotnet run` then runs the program: a Program.cs (top-level statements, the form a small tool is written in) is
  // read as the C# it is. The project's other sources are left out: only what Main reaches of them runs.
  if (command.name === "dotnet" && verb === "run") files.push({ path: inDir(projectDirectory(command.args), "Program.cs"), role: "script", optional: true });
  const readCs = codeSnippets("csharp");
  return listedRun(`${command.name}${command.name === "dotnet" ? ` ${verb}` : ""}`, files, undefined, false, (path, content, via) =>
    path.endsWith(".cs") ? readCs(path, content, via) : execTasks(path, content, via),
  );
}

/** `dotnet run --project src/App` (or `src/App/App.csproj`): the directory of the project it runs. */
function projectDirectory(args: readonly string[]): string | undefined {
  const project = optionValue(args, ["-p", "--project"], ["--project"]);
  if (project === undefined) return undefined;
  return /\.\w+proj$/.test(project) ? project.slice(0, Math.max(0, project.lastIndexOf("/"))) : project;
}

/** Each `<Exec Command="…">` of an MSBuild file, as shell text. */
function execTasks(_path: string, content: string, via: string): Snippet[] {
  const snippets: Snippet[] = [];
  // Read by hand, one pass: a regex looking for each tag's closing quote would scan to the end for every tag without one.
  const tag = /<Exec\b/gi;
  for (let match = tag.exec(content); match; match = tag.exec(content)) {
    // The attribute is in the tag's first characters (a tag's name and attributes before it are short).
    const head = content.slice(match.index, match.index + 2048);
    const end = head.indexOf(">");
    const attribute = /\bCommand\s*=\s*(["'])/i.exec(end < 0 ? head : head.slice(0, end));
    if (!attribute) continue;
    const open = match.index + attribute.index + attribute[0].length;
    const close = content.indexOf(attribute[1]!, open);
    if (close < 0) break;
    snippets.push({ kind: "shell", text: msbuildText(content.slice(open, close)), via });
    tag.lastIndex = close + 1;
  }
  return snippets;
}

function msbuildText(attribute: string): string {
  return xmlText(attribute)
    .replace(/\$\(\s*([\w.]+)\s*\)/g, (_, name: string) => PROPERTY_PATHS[name.toLowerCase()] ?? `\${MSBUILD_${name.replace(/\W+/g, "_")}}`)
    .replace(/[@%]\(\s*([^)]*)\)/g, (_, name: string) => `\${MSBUILD_${name.replace(/\W+/g, "_").slice(0, 40)}}`);
}

function xmlText(text: string): string {
  return text
    .replace(/&#(x?)([0-9a-f]+);/gi, (_, hex: string, code: string) => String.fromCodePoint(Number.parseInt(code, hex ? 16 : 10)))
    .replaceAll("&quot;", '"')
    .replaceAll("&apos;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}
