// A package manager's settings files that put another index in place of its
// own (../programs/package-sources.ts has one row per tool: the files, how
// each names its sources, the tool's own hosts). When the tool later fetches,
// each foreign source found in a file the session wrote or the disk holds is
// the install from that index: a command tagged `package-mirror`, which a
// rule asks about. The file's text decides; its path alone does not.
import { isForeignSource, type PackageSource, sourceRowsFor } from "../programs/package-sources.ts";
import type { FileNeed } from "../view/files.ts";
import type { SimpleCommand } from "../view/view.ts";
import { knownTexts, type ProjectRun, type Snippet, shellWord } from "./snippet.ts";

export function packageMirrorRun(command: SimpleCommand, home: string): ProjectRun | undefined {
  const rows = sourceRowsFor(command.name, command.args);
  if (rows.length === 0) return undefined;
  const files = rows.flatMap((row) => row.files.map((file) => ({ row, path: file.startsWith("~/") ? `${home}${file.slice(1)}` : file })));
  const needs: FileNeed[] = files.map(({ path }) => ({ path, role: "package-settings", optional: true }));
  const what = `${command.name} ${command.args.find((arg) => !arg.startsWith("-")) ?? ""}`.trim();
  return {
    what,
    candidates: [],
    extra: needs,
    read: (get) =>
      files.flatMap(({ row, path }) =>
        knownTexts([path], get).flatMap((file) =>
          row
            .read(file.content)
            .filter((source) => isForeignSource(source, row))
            .map((source): Snippet => ({ kind: "shell", text: `: ${shellWord(describe(source))}`, via: `${what} (${file.path}, ${file.label})`, tags: ["package-mirror"] })),
        ),
      ),
  };
}

function describe(source: PackageSource): string {
  return source.kind === "index" ? source.url : source.setting;
}
