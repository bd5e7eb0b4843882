// Entry point of the executable: serve the protocol, or run a subcommand
// (src/cli/run.ts) with the process's stdout and stderr as its writer.
// Subcommands are imported when chosen, so serving starts with the least code.
import { fstatSync, writeSync } from "node:fs";
import { helpText } from "./cli/help.ts";
import { processIo } from "./cli/io.ts";
import { describeFailure, runCommand } from "./cli/run.ts";
import { BUILD, NAME, VERSION } from "./version.ts";

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined) {
    if (await stdinIsTerminal()) return print(helpText(), 0);
    return serveExtension();
  }
  switch (command) {
    case "serve":
      if (rest.includes("--help") || rest.includes("-h")) break;
      return serveExtension();
    case "--version":
    case "-V":
    case "version":
      return print(`${NAME} ${VERSION} (${BUILD.commit}, ${BUILD.target}, bun ${BUILD.bun})\n`, 0);
    case "--help":
    case "-h":
      return runCommand("help", rest, processIo());
  }
  return runCommand(command, rest, processIo());
}

async function serveExtension(): Promise<number> {
  const [{ Extension }, { serve }] = await Promise.all([import("./extension/methods.ts"), import("./rpc/server.ts")]);
  const extension = new Extension();
  // serve() ends the process itself; returning means there was nothing left to do.
  await serve({ dispatch: extension.dispatch, beforeExit: () => extension.close() });
  return 0;
}

/**
 * Whether stdin is a terminal (a person ran us without a command: show the help). The host's pipe is told
 * apart by one fstat; only a character device asks node:tty. Touching `process.stdin`, or loading node:tty,
 * evaluates Node's stream modules: ~20 ms of CPU on every start before (issue 27), for a single flag.
 */
async function stdinIsTerminal(): Promise<boolean> {
  try {
    if (!fstatSync(0).isCharacterDevice()) return false;
  } catch {
    return false; // no stdin at all: not a terminal, as process.stdin.isTTY said
  }
  const { isatty } = await import("node:tty");
  return isatty(0);
}

function print(text: string, code: number): number {
  writeSync(1, text);
  return code;
}

/** An unexpected failure in a subcommand: one readable line, exit code 1, never a stack trace. */
function fail(error: unknown): never {
  writeSync(2, `${NAME}: ${describeFailure(error)}\n`);
  process.exit(1);
}

async function commandLine(argv: string[]): Promise<number> {
  const serving = argv[0] === "serve" || (argv[0] === undefined && !(await stdinIsTerminal()));
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
