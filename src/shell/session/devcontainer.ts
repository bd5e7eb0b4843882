// A dev container's lifecycle commands: `devcontainer up` runs the
// configuration's initializeCommand on this machine, then onCreateCommand,
// updateContentCommand, postCreateCommand, postStartCommand and
// postAttachCommand in the container it starts (with the project mounted,
// often with the user's credentials forwarded); `devcontainer build` runs
// initializeCommand. Each is a shell line, a program with its arguments, or
// an object of named commands run side by side: each is judged as the shell
// text it is, as a command run inside a container is.
import type { SimpleCommand } from "../view/view.ts";
import { isRecord, parsedJson } from "../languages/jsonc.ts";
import { firstKnown, inDir, optionValue, type ProjectRun, type Snippet, shellWord } from "./snippet.ts";

const LIFECYCLE = ["initializeCommand", "onCreateCommand", "updateContentCommand", "postCreateCommand", "postStartCommand", "postAttachCommand"];
/** The devcontainer CLI's subcommands, and the lifecycle commands each runs. */
const RUNS: Readonly<Record<string, readonly string[]>> = {
  up: LIFECYCLE,
  "run-user-commands": LIFECYCLE.slice(1),
  build: ["initializeCommand"],
};

export function devcontainerRun(command: SimpleCommand): ProjectRun | undefined {
  if (command.name !== "devcontainer") return undefined;
  const verb = command.subcommand[0] ?? command.args.find((arg) => !arg.startsWith("-"));
  const keys = RUNS[verb ?? ""];
  if (!keys) return undefined;
  const folder = optionValue(command.args, ["--workspace-folder"], ["--workspace-folder"]) ?? ".";
  const config = optionValue(command.args, ["--config"], ["--config"]);
  // A folder outside the project is nothing the session can know.
  if (folder.startsWith("/") || folder.startsWith("~") || folder.split("/").includes("..")) return undefined;
  const base = folder.replace(/^\.\/?/, "").replace(/\/+$/, "");
  const paths = config !== undefined ? [config.replace(/^\.\//, "")] : [inDir(base, ".devcontainer/devcontainer.json"), inDir(base, ".devcontainer.json")];
  const candidates = paths.map((path) => ({ path, role: "package.json" as const }));
  return {
    what: `devcontainer ${verb}`,
    candidates,
    read: (get) => {
      const file = firstKnown(candidates, get);
      const settings = file ? parsedJson(file.content, true) : undefined;
      if (!file || !settings) return [];
      return keys.flatMap((key) =>
        shellLines(settings[key]).map((text): Snippet => ({ kind: "shell", text, via: `devcontainer ${verb} runs ${key} (${file.path}, ${file.label})` })),
      );
    },
  };
}

/** A lifecycle command's shell lines: a string as it is, an array as a program with its arguments, an object's values each. */
function shellLines(value: unknown): string[] {
  if (typeof value === "string") return value.trim() === "" ? [] : [value];
  if (Array.isArray(value)) return value.every((word) => typeof word === "string") && value.length > 0 ? [value.map(shellWord).join(" ")] : [];
  if (isRecord(value)) return Object.values(value).flatMap((entry) => (isRecord(entry) ? [] : shellLines(entry)));
  return [];
}
