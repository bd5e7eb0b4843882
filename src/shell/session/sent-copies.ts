// The files behind a sent copy, asked for. A network command that sends an
// archive, an encoding or a copy (`curl -T b.tgz`, `scp key.b64 host:`) sends
// what it was made from: those files' texts are asked of the memory and the
// disk so that secret text in them is seen leaving (copied-text.ts reads
// them). What a copy was made from is known from the session (origins the
// memory kept) or from this input (what its writer read); a directory packed
// whole is listed (bounded, as any listing) so the files under it are read.
import { commandSources } from "../interpret/copied-text.ts";
import { sendsWhatItReads } from "../interpret/secret-text.ts";
import type { FileNeed, KnownFile, KnownFiles } from "../view/files.ts";
import type { ShellView } from "../view/view.ts";
import { MAX_COPY_DEPTH } from "../../limits.ts";

/** Ask for the origins of each copy a network command sends (read directly or piped in), and list packed directories. */
export function askForCopiedFiles(view: ShellView, known: KnownFiles, ask: (need: FileNeed) => void) {
  const written = new Map<string, readonly string[]>();
  for (const entry of view.written ?? []) if (entry.origins && entry.content === undefined) written.set(entry.path, entry.origins);
  const origins = (path: string, file: KnownFile | undefined): readonly string[] => (file?.content !== undefined ? [] : (file?.origins ?? written.get(path) ?? []));
  // A path and, in the same round, the listing under it: an answer that it is a directory says nothing the
  // analysis is asked again for (absent files leave the view as it was), so both are asked at once.
  const askWithTree = (path: string) => {
    if (!known.has(path)) ask({ path, role: "sent", optional: true });
    const tree = treeGlob(path);
    if (tree !== undefined && !known.has(tree) && known.get(path)?.content === undefined) ask({ path: tree, role: "sent", pattern: true, optional: true });
  };
  view.commands.forEach((command, index) => {
    if (command.network.length === 0 && !sendsWhatItReads(command)) return;
    const sent = [...command.reads];
    for (const flow of view.flows) if (flow.to === index && flow.channel === "pipe") sent.push(...commandSources(flow.from, view));
    const seen = new Set<string>(sent);
    // A sent path that is not known as a file may be a directory sent whole (`tar czf - deploy | curl -T -`).
    for (const path of sent) if (known.get(path)?.origins === undefined && !written.has(path)) askWithTree(path);
    let layer = sent.flatMap((path) => origins(path, known.get(path)));
    for (let depth = 0; depth < MAX_COPY_DEPTH && layer.length > 0; depth++) {
      const next: string[] = [];
      for (const origin of layer) {
        if (seen.has(origin)) continue;
        seen.add(origin);
        askWithTree(origin);
        next.push(...origins(origin, known.get(origin)));
      }
      layer = next;
    }
  });
}

/** The listing of the files under a project directory (`deploy` → `deploy/**`); none for a path outside the project. */
function treeGlob(dir: string): string | undefined {
  if (dir.startsWith("/") || dir.startsWith("~") || dir.split("/").includes("..") || /[*?[{]/.test(dir)) return undefined;
  return dir === "." ? "**" : `${dir}/**`;
}
