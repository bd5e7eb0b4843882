// The `[programs.<name>]` tables of a policy: the program-knowledge format of
// src/shell/programs/spec.ts as a valibot schema, so a policy can teach
// the guard what a program's arguments mean, with the same validation and
// editor completion as every other key.
import * as v from "valibot";
import { type ArgRole, type OptionRole, OUTPUT_KINDS, type ProgramSpec } from "../../shell/programs/spec.ts";

const ROLES = [
  "path",
  "read",
  "write",
  "edit",
  "pattern",
  "value",
  "url",
  "host",
  "port",
  "location",
  "data",
  "request-item",
  "attachment",
  "shell",
  "shell-helper",
  "shell-words",
  "argv",
  "command",
  "script",
  "variable",
] as const;

/** `code:<language>` (one word of code), `code-words:<language>` (this word and the rest, joined). */
const CODE_ROLE = /^code(?:-words)?:[a-z0-9-]+$/;
const isRole = (value: unknown) => typeof value === "string" && ((ROLES as readonly string[]).includes(value) || CODE_ROLE.test(value));

const Role = v.pipe(
  v.custom<ArgRole>(isRole, `expected a role: ${ROLES.join(", ")}, code:<language> or code-words:<language>`),
  v.description(`What the argument is: ${ROLES.join(", ")}, code:<language> or code-words:<language>.`),
);

const OptionRoleSchema = v.pipe(
  v.custom<OptionRole>((value) => value === "flag" || isRole(value), `expected flag, or a role: ${ROLES.join(", ")}, code:<language> or code-words:<language>`),
  v.description(`flag (takes no value), or what its value is: ${ROLES.join(", ")}, code:<language>, code-words:<language>.`),
);

const Names = v.array(v.string());

const OutputKind = v.pipe(
  v.picklist(OUTPUT_KINDS, `expected an output kind: ${OUTPUT_KINDS.join(", ")}`),
  v.description(
    "program-path (the path of the program its operand names), temp-path (a new path in the temporary directory), located-paths (paths anywhere whose text holds the operand, as locate prints them), shell-setup (shell code that only sets variables and functions).",
  ),
);

// valibot calls a lazy schema's getter on every validation and every nested subcommand: build it once.
let builtProgramSpecSchema: v.GenericSchema<ProgramSpec> | undefined;
export const ProgramSpecSchema: v.GenericSchema<ProgramSpec> = v.lazy(() => (builtProgramSpecSchema ??= programSpecSchema()));

function programSpecSchema(): v.GenericSchema<ProgramSpec> {
  return v.pipe(
    v.strictObject(
      {
        options: v.optional(
          v.pipe(v.record(v.string(), OptionRoleSchema), v.description("Options by spelling (`-o`, `--output`) and what their value is; `flag` when they take none.")),
        ),
        operands: v.optional(v.pipe(v.array(Role), v.description("Roles of the operands in order; the last one repeats."))),
        lastOperand: v.optional(v.pipe(Role, v.description("The role of the last operand when there are two or more (cp's destination)."))),
        subcommands: v.optional(
          v.pipe(
            v.record(v.string(), ProgramSpecSchema),
            v.description(
              "Subcommands by name, each with its own options and operands. A name may hold `*` (any run of letters, digits, _ and -): `delete-*`, or `*` for any other name; exact names win; `**` takes any word at all.",
            ),
          ),
        ),
        optionalSubcommands: v.optional(
          v.pipe(v.boolean(), v.description("A first word that names no subcommand is an operand, not an unknown subcommand (`http [METHOD] URL`).")),
        ),
        helpWord: v.optional(v.pipe(v.literal("last"), v.description("`last`: a word `help` after the subcommand path only prints that command's help (aws s3 rm help)."))),
        stdin: v.optional(v.pipe(Role, v.description("What the program runs from stdin when given no program: shell, code:python, …"))),
        confinedBy: v.optional(
          v.pipe(Names, v.description("Flags that keep the code it reads from running anything on this machine (sqlite3 -safe): a downloaded script then only fills its data.")),
        ),
        env: v.optional(v.pipe(v.record(v.string(), Role), v.description('Environment variables that carry a command or code (GIT_SSH_COMMAND = "shell").'))),
        abbreviations: v.optional(v.pipe(v.boolean(), v.description("Long options may be shortened to a unique prefix."))),
        singleDashWords: v.optional(v.pipe(v.boolean(), v.description("Options are whole words after one dash (find -delete)."))),
        signalWords: v.optional(v.pipe(v.boolean(), v.description("A signal named after one dash is one word (kill -HUP, pkill -USR1)."))),
        assignments: v.optional(v.pipe(v.boolean(), v.description("NAME=value words before the operands are settings."))),
        replacesFirstOperand: v.optional(v.pipe(Names, v.description("Options that stand in for the first operand (grep -e)."))),
        writesOperandsWith: v.optional(v.pipe(Names, v.description("Options that make the program write its operands (sed -i)."))),
        responseFiles: v.optional(v.pipe(v.boolean(), v.description("true: a word `@FILE` is a response file the program reads for more arguments (gcc, ld, readelf, javac)."))),
        keyedOperands: v.optional(v.pipe(v.record(v.string(), Role), v.description("Operands written key=value with a role (dd of=)."))),
        atScripts: v.optional(v.pipe(v.boolean(), v.description("true: an operand `@FILE` is a script the program runs, in its stdin's language (sqlplus LOGON @x.sql)."))),
        scriptLanguage: v.optional(v.pipe(v.string(), v.description("The language of the files its script options and operands name, where not its stdin's (nft -f: nft)."))),
        inertWith: v.optional(v.pipe(Names, v.description("Options that make the program only describe its operands (command -v)."))),
        firstWordBundle: v.optional(
          v.pipe(v.boolean(), v.description("The first word may be option letters without a dash, their values following in order (tar czf out.tgz dir).")),
        ),
        rolesWith: v.optional(
          v.pipe(
            v.record(v.string(), v.record(v.string(), Role)),
            v.description('With a flag present, options whose value takes another role (tar: { "-c" = { "-f" = "write" } }).'),
          ),
        ),
        readsTrees: v.optional(
          v.pipe(
            v.strictObject({ withFlags: v.optional(Names), unlessFlags: v.optional(Names) }),
            v.description(
              "Its read operands are directories read with everything under them: always, or only with one of withFlags (cp -r, grep -r), never with one of unlessFlags.",
            ),
          ),
        ),
        operandsIn: v.optional(
          v.pipe(
            v.strictObject({ options: Names, withFlags: Names }),
            v.description("With one of withFlags, an option of options names the directory the operands after it are found in (tar -c -C DIR NAME)."),
          ),
        ),
        readsFileList: v.optional(
          v.pipe(v.strictObject({ withFlags: Names }), v.description("With one of withFlags, its standard input lists the files it reads, one a line (cpio -o, zip -@).")),
        ),
        savesUrls: v.optional(
          v.pipe(
            v.strictObject({ directoryOptions: v.optional(Names), unlessOptions: v.optional(Names), withOptions: v.optional(Names) }),
            v.description(
              "URL operands are saved under their file name, in a directoryOptions option's directory: always unless one of unlessOptions is given (wget -O), or only with one of withOptions (curl -O).",
            ),
          ),
        ),
        urlScripts: v.optional(v.pipe(v.boolean(), v.description("A script operand may be a URL the program fetches and runs (deno run https://…)."))),
        scriptOperandExtensions: v.optional(
          v.pipe(
            v.record(v.string(), v.string()),
            v.description("A first operand with one of these extensions is a script in the language given (java Tool.java, swift x.swift); other first operands keep their role."),
          ),
        ),
        installs: v.optional(
          v.pipe(
            v.strictObject({ directory: v.string(), nameOptions: v.optional(Names), rootOptions: v.optional(Names), withFlags: v.optional(Names) }),
            v.description(
              "Script operands are installed as programs in directory (named by a nameOptions option, else after the file), or in a rootOptions value's bin; with withFlags, only when one is given (deno install -g).",
            ),
          ),
        ),
        workingFiles: v.optional(
          v.pipe(Names, v.description("Files of the working directory the command changes without naming them, written as if named (vagrant destroy changes ./.vagrant).")),
        ),
        runsPackage: v.optional(
          v.pipe(
            v.strictObject({ packageOptions: Names, specifiers: v.optional(Names) }),
            v.description(
              "The carried command is a package the program fetches and runs (bunx NAME); packageOptions name it instead (uvx --from NAME); a script operand written with one of specifiers names one too (deno run npm:NAME, jsr:@scope/NAME). Tagged runs-unknown-package unless it is a well-known tool.",
            ),
          ),
        ),
        startsIn: v.optional(
          v.pipe(
            v.strictObject({ options: v.optional(Names), loginFlags: v.optional(Names) }),
            v.description("Where the command it runs starts: the value of one of options (env -C DIR), or a user's home with one of loginFlags (su -, sudo -i)."),
          ),
        ),
        sameShell: v.optional(v.pipe(v.boolean(), v.description("The command it runs is run by the calling shell itself: a builtin there (builtin cd ~) changes the caller."))),
        environmentArguments: v.optional(
          v.pipe(
            v.strictObject({ words: v.optional(Names), optionPrefix: v.optional(v.string()) }),
            v.description(
              "Variables read as more arguments: words — the value's words after the subcommand (TF_CLI_ARGS, TF_CLI_ARGS_*); optionPrefix — PREFIX_NAME=value is --name=value (npm_config_yes=true is --yes).",
            ),
          ),
        ),
        modulePrograms: v.optional(
          v.pipe(v.record(v.string(), v.string()), v.description("Modules run with -m that are a program's entry point (python -m awscli is aws): module → program.")),
        ),
        afterDoubleDash: v.optional(v.pipe(v.picklist(["argv", "shell-words"]), v.description("What follows -- when it is a command (mise exec node@20 -- CMD)."))),
        carriedPrefix: v.optional(v.pipe(Names, v.description("Words put before a carried command (capsh hands what follows -- to bash)."))),
        ownOptionsAmongCarried: v.optional(
          v.pipe(Names, v.description("Its own options it also reads among the carried command's words, up to a -- (heroku run printenv -a APP runs bare printenv).")),
        ),
        carriedScripts: v.optional(
          v.pipe(
            v.record(v.string(), v.string()),
            v.description("A carried program word naming a file with one of these extensions runs under that interpreter (uv run fix.py is python fix.py)."),
          ),
        ),
        operandsEndOptions: v.optional(v.pipe(v.boolean(), v.description("Options end at the first operand: every word after it is an operand (docker run IMAGE -c …)."))),
        entrypointOptions: v.optional(
          v.pipe(Names, v.description("Options whose value is the program the carried words are handed to (docker run --entrypoint sh IMAGE -c CMD).")),
        ),
        output: v.optional(
          v.pipe(
            v.union([OutputKind, v.record(v.string(), OutputKind)], `expected an output kind (${OUTPUT_KINDS.join(", ")}) or a table of them by option`),
            v.description(
              'What the program prints, for a command that uses it ($(…), eval, source <(…)): an output kind, or a table by option that must be given (`{ "-v" = "program-path" }`).',
            ),
          ),
        ),
        tags: v.optional(v.pipe(Names, v.description("Labels rules can select with `tags`."))),
        tagsWith: v.optional(
          v.pipe(
            v.record(v.string(), Names),
            v.description('Labels an option adds when given: `"-f" = ["destroy"]`, or with a value: `"-X=DELETE" = ["destroy"]` (case ignored).'),
          ),
        ),
        tagsAlone: v.optional(v.pipe(Names, v.description("Labels the program gets when given no operand and running no command (bare `env`, `printenv`)."))),
      },
      "expected a program table: options, operands, subcommands, …",
    ),
    v.title("Program"),
  );
}
