// A simple command or a shell view as the analyzer would give it, written as
// only the fields a test cares about: for unit tests of what consumes a view
// (conditions, reports) without going through the shell model.
import { type Flow, pseudoCommand, type ShellView, type SimpleCommand } from "../../src/shell/view/view.ts";

export function simpleCommand(fields: Partial<SimpleCommand> & { program: string }): SimpleCommand {
  return pseudoCommand({ name: fields.program.slice(fields.program.lastIndexOf("/") + 1).toLowerCase(), outputShown: true, ...fields });
}

export function shellView(commands: SimpleCommand[], flows: Flow[] = []): ShellView {
  return { commands, flows, unresolved: [] };
}
