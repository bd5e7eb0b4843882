// Environment variables that make a program run a file before its own work
// (issue 28): a shell sources BASH_ENV or ENV, node requires what
// NODE_OPTIONS names, ruby what RUBYOPT names, perl loads PERL5OPT's modules,
// an interactive python runs PYTHONSTARTUP. The command runs that file as
// surely as `bash FILE` would, so it is judged as that run (the interpreter
// given the file), reached through a hook.

/**
 * Which files a variable's value names:
 * - `file`: the whole value is one file;
 * - `options`: the value is option words (split at blanks); each listed option's value (the next word, after `=`,
 *   or attached to a short option) is a file;
 * - `modules`: Perl's `-MName`/`-mName` modules, found under the `-I` directories the value (or PERL5LIB) gives.
 */
export type StartupFiles = { kind: "file" } | { kind: "options"; options: readonly string[] } | { kind: "modules" };

/**
 * Which commands read the variable:
 * - `shell`: a shell (the `shell` category) — which shell a name starts is up to the system, so both are judged;
 * - `any`: every command, since the processes it starts inherit the variable (`NODE_OPTIONS=… npm test` runs node);
 * - `interactive`: the interpreter itself with no script, code or module to run, or with `-i` (its prompt).
 */
export type StartupReaders = { kind: "shell" } | { kind: "any" } | { kind: "interactive"; family: string };

export type StartupVariable = { interpreter: string; files: StartupFiles; readers: StartupReaders };

export const STARTUP_VARIABLES: Readonly<Record<string, StartupVariable>> = {
  // bash sources BASH_ENV when it is not interactive (`BASH_ENV=x.sh bash -c :`), a POSIX shell ENV when it is.
  BASH_ENV: { interpreter: "bash", files: { kind: "file" }, readers: { kind: "shell" } },
  ENV: { interpreter: "sh", files: { kind: "file" }, readers: { kind: "shell" } },
  NODE_OPTIONS: {
    interpreter: "node",
    files: { kind: "options", options: ["-r", "--require", "--import", "--loader", "--experimental-loader"] },
    readers: { kind: "any" },
  },
  RUBYOPT: { interpreter: "ruby", files: { kind: "options", options: ["-r"] }, readers: { kind: "any" } },
  PERL5OPT: { interpreter: "perl", files: { kind: "modules" }, readers: { kind: "any" } },
  // Python reads it only at its prompt: a script run (`python app.py`, `-c`, `-m`) never does.
  PYTHONSTARTUP: { interpreter: "python", files: { kind: "file" }, readers: { kind: "interactive", family: "python" } },
};

/** The files a startup variable's value names (see StartupFiles); `perlLib` is PERL5LIB's value, if set. */
export function startupFiles(files: StartupFiles, value: string, perlLib?: string): string[] {
  if (files.kind === "file") return value === "" ? [] : [value];
  const words = value.split(/\s+/).filter((word) => word !== "");
  if (files.kind === "options") return optionValues(words, files.options);
  return perlModuleFiles(words, perlLib);
}

function optionValues(words: readonly string[], options: readonly string[]): string[] {
  const found: string[] = [];
  for (const [index, word] of words.entries()) {
    for (const option of options) {
      if (word === option) {
        const next = words[index + 1];
        if (next !== undefined) found.push(next);
      } else if (word.startsWith(`${option}=`)) found.push(word.slice(option.length + 1));
      else if (!option.startsWith("--") && word.startsWith(option) && word.length > option.length) found.push(word.slice(option.length));
    }
  }
  return found;
}

/** `-I/tmp/l -MHook`: /tmp/l/Hook.pm (a module found in the system's own library is not named here). */
function perlModuleFiles(words: readonly string[], perlLib: string | undefined): string[] {
  const dirs = [...words.filter((word) => word.startsWith("-I") && word.length > 2).map((word) => word.slice(2)), ...(perlLib?.split(":").filter((dir) => dir !== "") ?? [])];
  const modules = words.filter((word) => /^-[Mm]-?[A-Za-z_]/.test(word)).map((word) => word.slice(2).replace(/^-/, "").split("=")[0]!);
  return dirs.flatMap((dir) => modules.map((module) => `${dir.replace(/\/$/, "")}/${module.replaceAll("::", "/")}.pm`));
}
