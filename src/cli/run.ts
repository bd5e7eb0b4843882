// The subcommands, chosen by name and run against an injected writer (see
// io.ts): main.ts gives the process's stdout and stderr, tests a collector.
// Each subcommand is imported when chosen, so serving starts with the least
// code. An unknown command gets a suggestion, not the whole help.
import { closest } from "../policy/did-you-mean.ts";
import { NAME } from "../version.ts";
import { UsageError } from "./args.ts";
import { helpText } from "./help.ts";
import type { CliIo } from "./io.ts";
import { COMMANDS, USAGE } from "./usage.ts";

export async function runCommand(command: string, rest: string[], io: CliIo): Promise<number> {
  const usage = USAGE[command];
  if (usage !== undefined && (rest.includes("--help") || rest.includes("-h"))) return print(io, usage);
  switch (command) {
    case "check": {
      const { runCheck } = await import("./check.ts");
      return withUsage(io, async () => runCheck(rest, io), usage!);
    }
    case "validate": {
      const { runValidate } = await import("./validate.ts");
      return withUsage(io, async () => runValidate(rest, io), usage!);
    }
    case "status":
    case "rules": {
      const { runStatus, runRules } = await import("./status.ts");
      return withUsage(io, async () => (command === "status" ? runStatus(rest, io) : runRules(rest, io)), usage!);
    }
    case "doctor": {
      const { runDoctor } = await import("./doctor.ts");
      return withUsage(io, async () => runDoctor(rest, io), usage!);
    }
    case "log": {
      const { runLog } = await import("./log.ts");
      return withUsage(io, async () => runLog(rest, io), usage!);
    }
    case "replay": {
      const { runReplay } = await import("./replay.ts");
      return withUsage(io, async () => runReplay(rest, io), usage!);
    }
    case "programs": {
      const { runPrograms } = await import("./programs.ts");
      return withUsage(io, async () => runPrograms(rest, io), usage!);
    }
    case "schema": {
      const { policyJsonSchema } = await import("./schema.ts");
      return print(io, policyJsonSchema());
    }
    case "install": {
      const { runInstall } = await import("./install.ts");
      return withUsage(io, async () => runInstall(rest, io), usage!);
    }
    case "init": {
      const { runInit } = await import("./init.ts");
      return withUsage(io, async () => runInit(rest, io), usage!);
    }
    case "completion": {
      const { runCompletion } = await import("./completion.ts");
      return withUsage(io, async () => runCompletion(rest, io), usage!);
    }
    case "help":
      if (rest[0] !== undefined && USAGE[rest[0]] === undefined) return unknownCommand(io, rest[0]);
      return print(io, USAGE[rest[0] ?? ""] ?? helpText());
    default:
      return unknownCommand(io, command);
  }
}

function unknownCommand(io: CliIo, command: string): number {
  const suggestion = closest(command, COMMANDS);
  io.err(
    `${NAME}: unknown command ${JSON.stringify(command)}${suggestion ? ` (did you mean "${suggestion}"?)` : ""}\nThe commands: ${COMMANDS.join(", ")}. ${NAME} --help says what each does.\n`,
  );
  return 1;
}

async function withUsage(io: CliIo, run: () => Promise<number>, usage: string): Promise<number> {
  try {
    return await run();
  } catch (error) {
    // A person reads this: the message, not a stack trace.
    if (!(error instanceof UsageError)) {
      io.err(`${NAME}: ${describeFailure(error)}\n`);
      return 1;
    }
    io.err(`${NAME}: ${error.message}\n\n${usage}`);
    return 1;
  }
}

function print(io: CliIo, text: string): number {
  io.out(text);
  return 0;
}

/**
 * What went wrong, in one line for the person at the terminal: the cause and
 * the file, not our stack. A file-system error reads "PATH: reason (syscall)".
 */
export function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return oneLine(String(error));
  const { code, syscall, path } = error as NodeJS.ErrnoException;
  if (code && syscall && path) {
    const reason = new RegExp(`^${code}: ([^,]+)`).exec(error.message)?.[1] ?? code;
    return oneLine(`${path}: ${reason} (${syscall})`);
  }
  return oneLine(error.message || error.name);
}

function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, " | ");
}
