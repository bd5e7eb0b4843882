// Entry point of the executable: serve the protocol, or run a subcommand.
import { writeSync } from "node:fs";
import { UsageError } from "./cli/args.ts";
import { CHECK_USAGE, runCheck } from "./cli/check.ts";
import { HELP } from "./cli/help.ts";
import { runInit } from "./cli/init.ts";
import { policyJsonSchema } from "./cli/schema.ts";
import { runValidate } from "./cli/validate.ts";
import { Extension } from "./extension/methods.ts";
import { serve } from "./rpc/server.ts";
import { BUILD, NAME, VERSION } from "./version.ts";

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined) {
    if (process.stdin.isTTY) return print(HELP, 0);
    return serveExtension();
  }
  switch (command) {
    case "serve":
      return serveExtension();
    case "check":
      return withUsage(() => runCheck(rest), CHECK_USAGE);
    case "validate":
      return withUsage(() => runValidate(rest), "Usage: synaps-policy validate [FILE]\n");
    case "schema":
      return print(policyJsonSchema(), 0);
    case "init":
      return withUsage(async () => runInit(rest), "Usage: synaps-policy init [FILE] [--force]\n");
    case "--version":
    case "-V":
    case "version":
      return print(`${NAME} ${VERSION} (${BUILD.commit}, ${BUILD.target}, bun ${BUILD.bun})\n`, 0);
    case "--help":
    case "-h":
    case "help":
      return print(HELP, 0);
    default:
      writeSync(2, `${NAME}: unknown command ${JSON.stringify(command)}\n\n${HELP}`);
      return 1;
  }
}

function serveExtension(): Promise<never> {
  const extension = new Extension();
  return serve({ dispatch: extension.dispatch, beforeExit: () => extension.close() });
}

async function withUsage(run: () => Promise<number>, usage: string): Promise<number> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    writeSync(2, `${NAME}: ${error.message}\n\n${usage}`);
    return 1;
  }
}

function print(text: string, code: number): number {
  writeSync(1, text);
  return code;
}

process.exit(await main(process.argv.slice(2)));
