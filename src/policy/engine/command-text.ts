// One simple command as a person reads it in a block reason or a confirm
// question: the program and its words, and how it was reached. Redacted
// before it is shortened, so a secret cut in half never shows.
import { REASON_COMMAND_CHARS } from "../../limits.ts";
import { redactForLog, redactThenTruncate } from "../../match/secrets/for-log.ts";
import type { SimpleCommand } from "../../shell/view/view.ts";

export function describeCommand(command: SimpleCommand): string {
  const text = [command.program, ...command.args].join(" ").trim() || `(redirect to ${command.writes.join(", ")})`;
  const via = command.via.length > 0 ? ` (via ${command.via.join(" → ")})` : "";
  return redactThenTruncate(text, REASON_COMMAND_CHARS) + redactForLog(via);
}

/** A rule's reason or message with `{hosts}` filled in: where the matched commands connect (`api.stripe.com`). */
export function fillPlaceholders(text: string, commands: readonly SimpleCommand[]): string {
  if (!text.includes("{hosts}")) return text;
  const hosts = [...new Set(commands.flatMap((command) => command.network.map((destination) => destination.host)))];
  return text.replaceAll("{hosts}", hosts.length > 0 ? redactForLog(hosts.join(", ")) : "a host the command does not name plainly");
}
