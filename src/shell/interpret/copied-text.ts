// The text a copy carries. A file whose own text the guard does not know but
// which was made from other files — packed (tar, zip, 7z, gzip), encoded
// (base64, xxd, openssl enc), rearranged (rev, tr) or plainly copied — holds
// what they held: sending the archive sends what was packed, so a secret in
// the files it was made from is a secret sent. Where a copy came from is known
// from this input (the command that wrote it, and what was piped into that
// command) or from the session (the memory's `origins`); a directory it was
// made from stands for the files under it that the analysis was given.
import type { Analysis } from "./analysis.ts";
import { MAX_COPIED_TEXTS, MAX_COPY_DEPTH } from "../../limits.ts";

/**
 * The known texts of the files `path` was made from, when its own text is not known; for a directory sent whole
 * (`tar czf - deploy | curl -T -`, `scp -r deploy host:`), the given texts of the files under it.
 */
export function copiedTexts(path: string, analysis: Analysis): string[] {
  const texts: string[] = treeTexts(path, analysis, MAX_COPIED_TEXTS);
  const seen = new Set<string>([path]);
  let layer = originsOf(path, analysis);
  for (let depth = 0; depth < MAX_COPY_DEPTH && layer.length > 0 && texts.length < MAX_COPIED_TEXTS; depth++) {
    const next: string[] = [];
    for (const origin of layer) {
      if (seen.has(origin)) continue;
      seen.add(origin);
      const text = textOf(origin, analysis);
      if (text !== undefined) texts.push(text);
      else {
        texts.push(...treeTexts(origin, analysis, MAX_COPIED_TEXTS - texts.length));
        next.push(...originsOf(origin, analysis));
      }
      if (texts.length >= MAX_COPIED_TEXTS) break;
    }
    layer = next;
  }
  return texts;
}

/**
 * What `path` was made from: in this input, what its writer read and what was piped into the writer
 * (`cat .env | base64 > k.txt`); from the session, the origins remembered for it.
 */
function originsOf(path: string, analysis: Analysis): readonly string[] {
  const file = analysis.files.get(path);
  if (file !== undefined && file.writer >= 0) return file.content === undefined ? (file.origins ?? commandSources(file.writer, analysis).filter((read) => read !== path)) : [];
  return analysis.copiedFrom.get(path) ?? [];
}

/** What a command reads: its own file operands and redirects, and what the commands piped into it read (transitively). */
export function commandSources(index: number, analysis: Pick<Analysis, "commands" | "flows">): string[] {
  const sources: string[] = [];
  const visited = new Set<number>();
  const visit = (at: number) => {
    if (visited.has(at)) return;
    visited.add(at);
    for (const read of analysis.commands[at]?.reads ?? []) if (!sources.includes(read)) sources.push(read);
    for (const flow of analysis.flows) if (flow.to === at && flow.channel === "pipe") visit(flow.from);
  };
  visit(index);
  return sources;
}

function textOf(path: string, analysis: Analysis): string | undefined {
  const file = analysis.files.get(path);
  if (file?.content === undefined) return undefined;
  if (file.given !== undefined) analysis.usedGiven(path, file.given);
  return file.content;
}

/** The given texts of the files under a directory that was packed whole (`tar czf b.tgz deploy`, `zip -r k.zip .`). */
function treeTexts(dir: string, analysis: Analysis, room: number): string[] {
  const texts: string[] = [];
  const prefix = dir === "." ? "" : `${dir}/`;
  // With no project root known, a file the session wrote is named by its absolute path: it is under `deploy` when a
  // `/deploy/` is in it.
  const under = (path: string) =>
    prefix === "" ? !path.startsWith("/") : path.startsWith(prefix) || (!dir.startsWith("/") && path.startsWith("/") && path.includes(`/${prefix}`));
  for (const [path, file] of analysis.files) {
    if (texts.length >= room) break;
    if (file.content === undefined || !under(path)) continue;
    if (file.given !== undefined) analysis.usedGiven(path, file.given);
    texts.push(file.content);
  }
  return texts;
}
