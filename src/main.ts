// Entry point of the executable: serve the protocol, or run a subcommand.
// Subcommands are imported when chosen, so serving starts with the least code.
import { writeSync } from "node:fs";
import { UsageError } from "./cli/args.ts";
import { HELP } from "./cli/help.ts";
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
    case "check": {
      const { CHECK_USAGE, runCheck } = await import("./cli/check.ts");
      return withUsage(async () => runCheck(rest), CHECK_USAGE);
    }
    case "validate": {
      const { runValidate } = await import("./cli/validate.ts");
      return withUsage(async () => runValidate(rest), "Usage: synaps-policy validate [FILE]\n");
    }
    case "schema": {
      const { policyJsonSchema } = await import("./cli/schema.ts");
      return print(policyJsonSchema(), 0);
    }
    case "install": {
      const { runInstall } = await import("./cli/install.ts");
      return withUsage(async () => runInstall(rest), "Usage: synaps-policy install [DIR] [--dry-run]\n");
    }
    case "init": {
      const { runInit } = await import("./cli/init.ts");
      return withUsage(async () => runInit(rest), "Usage: synaps-policy init [FILE] [--force]\n");
    }
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

async function serveExtension(): Promise<never> {
  const [{ Extension }, { serve }] = await Promise.all([import("./extension/methods.ts"), import("./rpc/server.ts")]);
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
