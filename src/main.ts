// Entry point of the executable: serve the protocol, or run a subcommand.
import { writeSync } from "node:fs";
import { HELP } from "./cli/help.ts";
import { createDispatch } from "./extension/methods.ts";
import { serve } from "./rpc/server.ts";
import { BUILD, NAME, VERSION } from "./version.ts";

async function main(argv: string[]): Promise<number> {
  const [command] = argv;
  if (command === undefined) {
    if (process.stdin.isTTY) return print(HELP, 0);
    return serve({ dispatch: createDispatch() });
  }
  switch (command) {
    case "serve":
      return serve({ dispatch: createDispatch() });
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

function print(text: string, code: number): number {
  writeSync(1, text);
  return code;
}

process.exit(await main(process.argv.slice(2)));
