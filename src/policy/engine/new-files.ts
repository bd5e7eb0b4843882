// A copy or move that only creates files (`mv report.pdf ~/Documents/`,
// `cp notes.txt ~/Downloads/`) replaces nothing: what matters is whether the
// names it writes under home already exist, which only the disk knows. Each
// such destination is asked of the extension (a stat, nothing read); when
// every name the command writes is known absent — or is the existing
// directory the others land in — the command is tagged `new-files`, and a
// rule about overwriting may let it through. Not known (no extension to
// ask, as in a bare `check`): not tagged, and the rule asks.
import { FILE_COPIERS } from "../../shell/programs/files.ts";
import type { FileNeed, KnownFiles } from "../../shell/view/files.ts";
import type { ShellView, SimpleCommand } from "../../shell/view/view.ts";
import type { CompiledPolicy } from "./compile.ts";
import type { ToolCallEvent } from "./event.ts";

const NEW_FILES_TAG = "new-files";

/** The view with each copy's destinations under home asked for, and copies that only create files tagged. */
export function taggedNewFiles(policy: CompiledPolicy, view: ShellView, event: ToolCallEvent): ShellView {
  const needs: FileNeed[] = [];
  let tagged = false;
  const commands = view.commands.map((command) => {
    const destinations = homeDestinations(command, policy.home);
    if (destinations.length === 0) return command;
    for (const path of destinations) if (event.files?.get(path) === undefined) needs.push({ path, role: "destination", optional: true });
    if (!createsOnly(command.writes, event.files)) return command;
    tagged = true;
    return { ...command, tags: [...command.tags, NEW_FILES_TAG] };
  });
  if (needs.length === 0 && !tagged) return view;
  return { ...view, commands, ...(needs.length > 0 ? { needs: [...(view.needs ?? []), ...needs] } : {}) };
}

/** A copier's written paths in home's visible folders (home's hidden files are judged by what is written there). */
function homeDestinations(command: SimpleCommand, home: string): string[] {
  if (home === "" || !FILE_COPIERS.has(command.name) || command.dynamicArgs || command.writes.length === 0) return [];
  const prefix = `${home}/`;
  const under = command.writes.filter((path) => path.startsWith(prefix) && !path.slice(prefix.length).startsWith("."));
  // Every write must be such a path and a plain name (a pattern's files are not known one by one).
  return under.length === command.writes.length && !command.writes.some((path) => command.patterns.includes(path)) ? under : [];
}

/** Every written name is known absent, or an existing directory that another written name lies in. */
function createsOnly(writes: readonly string[], files: KnownFiles | undefined): boolean {
  if (files === undefined) return false;
  let created = 0;
  for (const path of writes) {
    const known = files.get(path);
    if (known?.absent) {
      created++;
      continue;
    }
    const holdsAnother = known?.present === "directory" && writes.some((other) => other.startsWith(`${path}/`));
    if (!holdsAnother) return false;
  }
  return created > 0;
}
