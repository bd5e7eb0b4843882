// Files staged with `git add` (or committed by name), pushed by `git push`. Pushing a commit sends
// the files in it to the remote — a repository on a forge, a mirror, a
// colleague's machine — so a credentials file added, committed and pushed is
// a secret sent, whether in one command or across calls. The paths `git add`
// names are kept for the session (a memory entry of its own, as `git config`
// settings are); a push reads them — so the secret-file rules judge their
// paths — and their text, when known, is scanned for issued credentials.
// Named files only: `git add .`, `-A`, `-u` and directories stage what
// .gitignore lets through, which the guard does not read, so what they stage
// is not followed (a project's ignored .env is not pushed by `git add -A`).
import { MAX_COPY_DEPTH, SECRET_TEXT_SCAN_CHARS } from "../../limits.ts";
import { issuedSecretIn, SENDS_SECRET_TEXT } from "../interpret/secret-text.ts";
import type { FileNeed, KnownFiles, WrittenEntry } from "../view/files.ts";
import type { ShellView, SimpleCommand } from "../view/view.ts";

/** Where the session's staged paths are kept, one a line. */
export const SESSION_GIT_STAGED = "<files git add staged in this session>";

/** Record what `git add` stages, and judge each `git push` by the staged files it sends. */
export function followStagedFiles(view: ShellView, known: KnownFiles, ask: (need: FileNeed) => void) {
  const remembered = (known.get(SESSION_GIT_STAGED)?.content ?? "").split("\n").filter((line) => line !== "");
  let staged = [...remembered];
  let pushes = 0;
  // Files this input writes before it stages them (`cp creds.ini b.ini && git add b.ini && …`): their text, or what each was made from.
  const written = new Map<string, WrittenEntry>();
  for (const entry of view.written ?? []) if (!entry.append) written.set(entry.path, entry);
  for (const command of view.commands) {
    if (command.name !== "git") continue;
    const sub = command.subcommand[0];
    if (sub === "add" || sub === "stage" || sub === "commit") {
      const added = addedFiles(command);
      if (added.length === 0) continue;
      staged = [...new Set([...staged, ...added])];
      remember(view, `${added.join("\n")}\n`, true);
    } else if (sub === "push") {
      pushes++;
      judgePush(view, command, staged, { known, written }, ask);
      // Pushed: nothing staged before it is new to the next push.
      staged = [];
      remember(view, "", false);
    }
  }
  // The session's staged paths are asked only when a push needs them.
  if (pushes > 0 && !known.has(SESSION_GIT_STAGED)) ask({ path: SESSION_GIT_STAGED, role: "sent", optional: true });
}

/**
 * The files a `git add` (or `git stage`) names, or a `git commit` commits by name (`git commit -m x a.ts`; its
 * message file, `-F msg.txt`, is a read): as paths, not `.`, not a pattern, not `-A`/`-u`/`-a` (see the head of the file).
 */
function addedFiles(command: SimpleCommand): string[] {
  const message = (path: string) => command.subcommand[0] === "commit" && command.reads.includes(path);
  return command.paths.filter((path) => path !== "." && !command.patterns.includes(path) && !message(path));
}

/** A push reads the staged files (their paths meet the secret-file rules) and sends their text. */
type Files = { known: KnownFiles; written: ReadonlyMap<string, WrittenEntry> };

function judgePush(view: ShellView, command: SimpleCommand, staged: readonly string[], files: Files, ask: (need: FileNeed) => void) {
  const known = files.known;
  for (const path of staged) {
    if (!command.reads.includes(path)) command.reads.push(path);
    if (!known.has(path)) ask({ path, role: "sent", optional: true });
  }
  if (command.tags.includes(SENDS_SECRET_TEXT)) return;
  for (const path of staged) {
    for (const text of stagedTexts(path, files, ask)) {
      const found = issuedSecretIn(text.slice(0, SECRET_TEXT_SCAN_CHARS));
      if (found === true) {
        command.tags.push(SENDS_SECRET_TEXT);
        return;
      }
      if (found !== false) view.unresolved.push(`the staged file ${path} could not be checked for secrets within its budget (${found.spent})`);
    }
  }
}

/** A staged file's text; for a copy the session made (`base64 creds > k; git add k`), the texts of what it was made from. */
function stagedTexts(path: string, { known, written }: Files, ask: (need: FileNeed) => void): string[] {
  const texts: string[] = [];
  const seen = new Set<string>();
  let layer = [path];
  for (let depth = 0; depth <= MAX_COPY_DEPTH && layer.length > 0; depth++) {
    const next: string[] = [];
    for (const at of layer) {
      if (seen.has(at)) continue;
      seen.add(at);
      // Written by this input, it is what the input made, whatever the disk held before.
      const file = written.get(at) ?? known.get(at);
      if (file === undefined) ask({ path: at, role: "sent", optional: true });
      else if (file.content !== undefined) texts.push(file.content);
      else next.push(...(file.origins ?? []));
    }
    layer = next;
  }
  return texts;
}

function remember(view: ShellView, content: string, append: boolean) {
  view.written ??= [];
  view.written.push({ path: SESSION_GIT_STAGED, content, ...(append ? { append: true as const } : {}) });
}
