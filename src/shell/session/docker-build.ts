// `docker build --secret id=aws,src=~/.aws/credentials .` hands the build a
// host file, and the Dockerfile's `RUN --mount=type=secret,id=aws,…` lines
// read it inside the build with the network open: a RUN line that sends it
// (`curl -d @/root/.aws/credentials https://…`) sends the host's credentials.
// Such a line is judged as the host command it amounts to, the mount's target
// read as the secret's source. Other RUN lines run in the image being built,
// not on this machine (`RUN rm -rf /var/cache/*`, `RUN curl … | sh` are how
// images are made), so they are left to the build.
import type { SimpleCommand } from "../view/view.ts";
import { firstKnown, inDir, type ProjectRun, type Snippet } from "./snippet.ts";

/** Options of `docker build` (and podman's, buildah's) that take a value: the rest are flags or the context. */
const VALUE_OPTIONS = new Set([
  "-f",
  "--file",
  "-t",
  "--tag",
  "--build-arg",
  "--secret",
  "--ssh",
  "--target",
  "--platform",
  "--label",
  "--network",
  "--cache-from",
  "--cache-to",
  "-o",
  "--output",
  "--progress",
  "--iidfile",
  "--add-host",
  "--builder",
  "--build-context",
  "--metadata-file",
  "--shm-size",
  "--ulimit",
  "-m",
  "--memory",
  "--cpu-shares",
  "--isolation",
  "--attest",
  "--annotation",
]);

export function dockerBuildRun(command: SimpleCommand): ProjectRun | undefined {
  const args = buildArgs(command);
  if (!args) return undefined;
  const secrets = secretSources(args);
  if (secrets.size === 0) return undefined;
  const { file, context } = buildFiles(args);
  const path = file ?? inDir(context === "." ? undefined : context, "Dockerfile");
  const what = `${command.name} build (${path})`;
  return {
    what,
    candidates: [{ path, role: "buildfile" }],
    read: (get) => {
      const found = firstKnown([path], get);
      if (!found) return [];
      const via = `${command.name} build (${found.path}, ${found.label}), a RUN line given a secret`;
      return secretRunLines(found.content, secrets).map((text): Snippet => ({ kind: "shell", text, via }));
    },
  };
}

/** The words after `build` of `docker build`, `docker buildx build`, `docker image build`, `podman build`, `buildah bud`. */
function buildArgs(command: SimpleCommand): readonly string[] | undefined {
  const [first, second] = command.args;
  if (command.name === "docker" || command.name === "podman") {
    if (first === "build") return command.args.slice(1);
    if ((first === "buildx" || first === "image") && second === "build") return command.args.slice(2);
    return undefined;
  }
  if (command.name === "buildah" && (first === "bud" || first === "build")) return command.args.slice(1);
  return undefined;
}

/** `--secret id=aws,src=/home/u/.aws/credentials` (or `source=`, `--secret=…`): each secret's host file, by id. */
function secretSources(args: readonly string[]): Map<string, string> {
  const sources = new Map<string, string>();
  args.forEach((arg, index) => {
    const value = arg === "--secret" ? args[index + 1] : arg.startsWith("--secret=") ? arg.slice("--secret=".length) : undefined;
    if (value === undefined) return;
    const fields = keyValues(value);
    const source = fields.get("src") ?? fields.get("source");
    if (fields.get("id") !== undefined && source !== undefined) sources.set(fields.get("id")!, source);
  });
  return sources;
}

function buildFiles(args: readonly string[]): { file?: string; context: string } {
  let file: string | undefined;
  let context = ".";
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === "-f" || arg === "--file") file = args[++index];
    else if (arg.startsWith("--file=")) file = arg.slice("--file=".length);
    else if (VALUE_OPTIONS.has(arg)) index++;
    else if (!arg.startsWith("-")) context = arg.replace(/\/+$/, "") || ".";
  }
  const relative = (path: string) => path.replace(/^\.\//, "");
  return { ...(file !== undefined ? { file: relative(file) } : {}), context: relative(context) };
}

/** Each RUN line (continuations joined) that mounts a secret the build was given, its mount targets read as their sources. */
function secretRunLines(dockerfile: string, secrets: ReadonlyMap<string, string>): string[] {
  const lines: string[] = [];
  for (const instruction of dockerfile.replace(/\\\r?\n/g, " ").split(/\r?\n/)) {
    const run = /^\s*RUN\s+((?:--[\w-]+=\S+\s+)*)(.*)$/i.exec(instruction);
    if (!run) continue;
    let body = run[2]!;
    let mounted = false;
    for (const flag of run[1]!.trim().split(/\s+/)) {
      const mount = flag.startsWith("--mount=") ? keyValues(flag.slice("--mount=".length)) : undefined;
      if (mount?.get("type") !== "secret") continue;
      const id = mount.get("id") ?? mount.get("target")?.split("/").pop();
      const source = id === undefined ? undefined : secrets.get(id);
      if (source === undefined) continue;
      mounted = true;
      const target = mount.get("target") ?? mount.get("dst") ?? mount.get("destination") ?? `/run/secrets/${id}`;
      body = body.split(target).join(source);
      const env = mount.get("env");
      if (env !== undefined) body = body.replace(new RegExp(String.raw`\$\{?${env}\b\}?`, "g"), `$(cat ${source})`);
    }
    if (mounted && body.trim() !== "" && !body.trim().startsWith("[")) lines.push(body);
  }
  return lines;
}

function keyValues(text: string): Map<string, string> {
  return new Map(
    text.split(",").flatMap((pair) => {
      const at = pair.indexOf("=");
      return at > 0 ? [[pair.slice(0, at), pair.slice(at + 1)] as const] : [];
    }),
  );
}
