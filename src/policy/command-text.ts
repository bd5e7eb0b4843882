// One simple command as a person reads it in a block reason or a confirm
// question: the program and its words, and how it was reached. Redacted
// before it is shortened, so a secret cut in half never shows.
import type { SimpleCommand } from "../match/shell/view.ts";
import { redactAll } from "./detectors.ts";

const MAX_COMMAND_TEXT = 120;

export function describeCommand(command: SimpleCommand): string {
  const text = [command.program, ...command.args].join(" ").trim() || `(redirect to ${command.writes.join(", ")})`;
  const via = command.via.length > 0 ? ` (via ${command.via.join(" → ")})` : "";
  const redacted = redactAll(text);
  const short = redacted.length > MAX_COMMAND_TEXT ? `${redacted.slice(0, MAX_COMMAND_TEXT)}…` : redacted;
  return short + redactAll(via);
}
