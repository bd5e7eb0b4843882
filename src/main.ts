// Entry point of the executable: serve the protocol, or run a subcommand.
// Subcommands are imported when chosen, so serving starts with the least code.
import { writeSync } from "node:fs";
import { UsageError } from "./cli/args.ts";
import { HELP } from "./cli/help.ts";
import { USAGE } from "./cli/usage.ts";
import { BUILD, NAME, VERSION } from "./version.ts";

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined) {
    if (process.stdin.isTTY) return print(HELP, 0);
    return serveExtension();
  }
  const usage = USAGE[command];
  if (usage !== undefined && (rest.includes("--help") || rest.includes("-h"))) return print(usage, 0);
  switch (command) {
    case "serve":
      return serveExtension();
    case "check": {
      const { runCheck } = await import("./cli/check.ts");
      return withUsage(async () => runCheck(rest), USAGE.check!);
    }
    case "validate": {
      const { runValidate } = await import("./cli/validate.ts");
      return withUsage(async () => runValidate(rest), USAGE.validate!);
    }
    case "status":
    case "rules": {
      const { runStatus, runRules } = await import("./cli/status.ts");
      return withUsage(async () => (command === "status" ? runStatus(rest) : runRules(rest)), USAGE[command]!);
    }
    case "doctor": {
      const { runDoctor } = await import("./cli/doctor.ts");
      return withUsage(async () => runDoctor(rest), USAGE.doctor!);
    }
    case "log": {
      const { runLog } = await import("./cli/log.ts");
      return withUsage(async () => runLog(rest), USAGE.log!);
    }
    case "replay": {
      const { runReplay } = await import("./cli/replay.ts");
      return withUsage(async () => runReplay(rest), USAGE.replay!);
    }
    case "programs": {
      const { runPrograms } = await import("./cli/programs.ts");
      return withUsage(async () => runPrograms(rest), USAGE.programs!);
    }
    case "schema": {
      const { policyJsonSchema } = await import("./cli/schema.ts");
      return print(policyJsonSchema(), 0);
    }
    case "install": {
      const { runInstall } = await import("./cli/install.ts");
      return withUsage(async () => runInstall(rest), USAGE.install!);
    }
    case "init": {
      const { runInit } = await import("./cli/init.ts");
      return withUsage(async () => runInit(rest), USAGE.init!);
    }
    case "--version":
    case "-V":
    case "version":
      return print(`${NAME} ${VERSION} (${BUILD.commit}, ${BUILD.target}, bun ${BUILD.bun})\n`, 0);
    case "--help":
    case "-h":
    case "help":
      return print(USAGE[rest[0] ?? ""] ?? HELP, 0);
    default:
      writeSync(2, `${NAME}: unknown command ${JSON.stringify(command)}\n\n${HELP}`);
      return 1;
  }
}

async function serveExtension(): Promise<number> {
  const [{ Extension }, { serve }] = await Promise.all([import("./extension/methods.ts"), import("./rpc/server.ts")]);
  const extension = new Extension();
  // serve() ends the process itself; returning means there was nothing left to do.
  await serve({ dispatch: extension.dispatch, beforeExit: () => extension.close() });
  return 0;
}

async function withUsage(run: () => Promise<number>, usage: string): Promise<number> {
  try {
    return await run();
  } catch (error) {
    // A person reads this: the message, not a stack trace.
    if (!(error instanceof UsageError)) {
      writeSync(2, `${NAME}: ${describeFailure(error)}\n`);
      return 1;
    }
    writeSync(2, `${NAME}: ${error.message}\n\n${usage}`);
    return 1;
  }
}

function print(text: string, code: number): number {
  writeSync(1, text);
  return code;
}

/**
 * What went wrong, in one line for the person at the terminal: the cause and
 * the file, not our stack. A file-system error reads "PATH: reason (syscall)".
 */
function describeFailure(error: unknown): string {
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

/** An unexpected failure in a subcommand: one readable line, exit code 1, never a stack trace. */
function fail(error: unknown): never {
  writeSync(2, `${NAME}: ${describeFailure(error)}\n`);
  process.exit(1);
}

async function commandLine(argv: string[]): Promise<number> {
  const serving = argv[0] === "serve" || (argv[0] === undefined && !process.stdin.isTTY);
  // Serving keeps its own guards (src/rpc/server.ts): it logs and serves on.
  if (!serving) {
    process.on("uncaughtException", fail);
    process.on("unhandledRejection", fail);
  }
  try {
    return await main(argv);
  } catch (error) {
    return fail(error);
  }
}

process.exit(await commandLine(process.argv.slice(2)));
