// The `[programs.<name>]` tables of a policy: the program-knowledge format of
// src/match/shell/programs/spec.ts as a valibot schema, so a policy can teach
// the guard what a program's arguments mean, with the same validation and
// editor completion as every other key.
import * as v from "valibot";
import type { ArgRole, OptionRole, ProgramSpec } from "../match/shell/programs/spec.ts";

const ROLES = ["path", "read", "write", "pattern", "value", "url", "host", "port", "location", "data", "shell", "shell-words", "argv", "script"] as const;

const Role = v.pipe(
  v.custom<ArgRole>((value) => typeof value === "string" && ((ROLES as readonly string[]).includes(value) || /^code:[a-z0-9-]+$/.test(value))),
  v.description(`What the argument is: ${ROLES.join(", ")}, or code:<language>.`),
);

const OptionRoleSchema = v.pipe(
  v.custom<OptionRole>((value) => value === "flag" || (typeof value === "string" && ((ROLES as readonly string[]).includes(value) || /^code(?:-words)?:[a-z0-9-]+$/.test(value)))),
  v.description(`flag (takes no value), or what its value is: ${ROLES.join(", ")}, code:<language>, code-words:<language>.`),
);

const Names = v.array(v.string());

export const ProgramSpecSchema: v.GenericSchema<ProgramSpec> = v.lazy(() =>
  v.pipe(
    v.strictObject({
      options: v.optional(v.pipe(v.record(v.string(), OptionRoleSchema), v.description("Options by spelling (`-o`, `--output`) and what their value is; `flag` when they take none."))),
      operands: v.optional(v.pipe(v.array(Role), v.description("Roles of the operands in order; the last one repeats."))),
      lastOperand: v.optional(v.pipe(Role, v.description("The role of the last operand when there are two or more (cp's destination)."))),
      subcommands: v.optional(v.pipe(v.record(v.string(), ProgramSpecSchema), v.description("Subcommands by name, each with its own options and operands."))),
      stdin: v.optional(v.pipe(Role, v.description("What the program runs from stdin when given no program: shell, code:python, …"))),
      env: v.optional(v.pipe(v.record(v.string(), Role), v.description("Environment variables that carry a command or code (GIT_SSH_COMMAND = \"shell\")."))),
      abbreviations: v.optional(v.pipe(v.boolean(), v.description("Long options may be shortened to a unique prefix."))),
      singleDashWords: v.optional(v.pipe(v.boolean(), v.description("Options are whole words after one dash (find -delete)."))),
      assignments: v.optional(v.pipe(v.boolean(), v.description("NAME=value words before the operands are settings."))),
      replacesFirstOperand: v.optional(v.pipe(Names, v.description("Options that stand in for the first operand (grep -e)."))),
      writesOperandsWith: v.optional(v.pipe(Names, v.description("Options that make the program write its operands (sed -i)."))),
      keyedOperands: v.optional(v.pipe(v.record(v.string(), Role), v.description("Operands written key=value with a role (dd of=)."))),
      inertWith: v.optional(v.pipe(Names, v.description("Options that make the program only describe its operands (command -v)."))),
      tags: v.optional(v.pipe(Names, v.description("Labels rules can select with `tags`."))),
    }, "expected a program table: options, operands, subcommands, …"),
    v.title("Program"),
  ),
);
