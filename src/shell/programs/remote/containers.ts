// Container engines: docker, podman, nerdctl (and finch), their compose
// tools, buildah and colima. Removing a container's volumes (`rm -v`,
// `volume rm`, `compose down -v`), a pod with its running containers,
// forcing an image out (`rmi -f`), pruning volumes (alone or with `system
// prune --volumes`), and resetting the engine or its VM ask; removing named
// containers (`rm -f NAME` too) or an unused image does not, and neither
// does pruning stopped containers, images, the build cache or unused
// networks (all come back from a build, a pull or `compose up`).
import type { ProgramSpec } from "../spec.ts";
import { COMPOSE_EXEC, COMPOSE_RUN, ENGINE_EXEC, ENGINE_RUN } from "./container-commands.ts";
import { destroys, destroysWith, dryRunWith, group, leaf, names, type Options, printsCredentialWith, readVerbs } from "./grammar.ts";
import type { RemoteCli } from "./remote-cli.ts";

const ENGINE_OPTIONS: Options = {
  "-H": "url",
  "--host": "url",
  "-c": "value",
  "--context": "value",
  "--config": "path",
  "-l": "value",
  "--log-level": "value",
  "--tlscacert": "read",
  "--tlscert": "read",
  "--tlskey": "read",
  // podman
  "--connection": "value",
  "--url": "url",
  "--root": "path",
  "--runroot": "path",
  "--storage-driver": "value",
  "--identity": "read",
  // nerdctl
  "-n": "value",
  "--namespace": "value",
  "-a": "value",
  "--address": "value",
  "--snapshotter": "value",
  "--data-root": "path",
};

/**
 * `rm -f NAME` of named containers stops and removes them; `docker run` or `compose up` makes them again from
 * their image, so it passes (every container at once, `rm -f $(docker ps -aq)`, is builtin:system's). Their
 * anonymous volumes (`-v`) hold data nothing makes again. A pod's `rm -f` stops every container in it.
 */
const REMOVE_CONTAINER = destroysWith(["-v", "--volumes"]);
const REMOVE_POD = destroysWith(["-f", "--force", "-v", "--volumes"]);
const REMOVE_IMAGE = destroysWith(["-f", "--force"]);
const PRUNE = destroys();
/** `inspect -f '{{.Config.Env}}'`: a container's environment, where its passwords and keys are. */
const INSPECT = printsCredentialWith(["-f=*env*", "--format=*env*"], { "-f": "value", "--format": "value", "--type": "value" });
/** Pruning what a build, a pull or `compose up` makes again: images, the build cache, unused networks. */
const PRUNE_REGENERABLE = leaf();
/** Pruning stopped containers is `rm` of each (which passes); only `--volumes` reaches data a build cannot make again. */
const PRUNE_STOPPED = leaf();
const SYSTEM_PRUNE = destroysWith(["--volumes"]);
const READS = { ...readVerbs(["ps", "ls", "list", "logs", "images", "version", "info", "stats", "top", "events", "history"]), inspect: INSPECT };

const COMPOSE_OPTIONS: Options = {
  "-f": "read",
  "--file": "read",
  "-p": "value",
  "--project-name": "value",
  "--profile": "value",
  "--env-file": "read",
  "--project-directory": "path",
  "--ansi": "value",
  "--progress": "value",
};
const COMPOSE = group(
  "containers",
  {
    down: destroysWith(["-v", "--volumes"], COMPOSE_OPTIONS),
    exec: COMPOSE_EXEC,
    run: COMPOSE_RUN,
    ...readVerbs(["ps", "ls", "logs", "config", "images", "top", "version"], COMPOSE_OPTIONS),
  },
  COMPOSE_OPTIONS,
  { tagsWith: dryRunWith("--dry-run") },
);

/**
 * `docker cp SRC DEST`: a `CONTAINER:PATH` side is inside a container, a plain path is here — read when it is the
 * source, written when it is the destination (`docker cp web:/tmp/x ~/.bashrc` writes the start-up file).
 */
const COPY: ProgramSpec = { options: { "--archive": "flag", "-a": "flag", "--follow-link": "flag", "-L": "flag" }, operands: ["location"], lastOperand: "location" };

const ENGINE: ProgramSpec = group(
  "containers",
  {
    cp: COPY,
    rm: REMOVE_CONTAINER,
    rmi: REMOVE_IMAGE,
    exec: ENGINE_EXEC,
    run: ENGINE_RUN,
    container: group(undefined, { cp: COPY, rm: REMOVE_CONTAINER, prune: PRUNE_STOPPED, exec: ENGINE_EXEC, run: ENGINE_RUN, ...READS }),
    image: group(undefined, { rm: REMOVE_IMAGE, prune: PRUNE_REGENERABLE, ...READS }),
    volume: group(undefined, { ...names(["rm", "remove", "prune", "reset"], PRUNE), ...READS }),
    network: group(undefined, { prune: PRUNE_REGENERABLE, ...READS }),
    ...names(["builder", "buildx"], group(undefined, { prune: PRUNE_REGENERABLE, ...READS })),
    system: group(undefined, { prune: SYSTEM_PRUNE, reset: PRUNE, ...READS }),
    machine: group(undefined, { ...names(["rm", "reset"], PRUNE), ...READS }),
    pod: group(undefined, { rm: REMOVE_POD, prune: PRUNE, ...READS }),
    ...names(["stack", "service", "secret", "config", "node", "namespace"], group(undefined, { ...names(["rm", "remove"], PRUNE), ...READS })),
    swarm: group(undefined, { leave: destroysWith(["-f", "--force"]) }),
    compose: COMPOSE,
    ...READS,
  },
  ENGINE_OPTIONS,
);

const engine = (id: string, about: string, asks: string[], passes: string[], programNames: string[] = [id]): RemoteCli => ({
  id,
  names: programNames,
  about,
  spec: ENGINE,
  examples: { containers: { asks, passes } },
});

export const DOCKER = engine(
  "docker",
  "Docker",
  [
    "docker rm -f --volumes web",
    "docker system prune -af --volumes",
    "docker system prune --volumes -f",
    "docker volume rm pgdata",
    "docker compose down -v",
    "docker -H tcp://10.0.0.5:2375 rmi -f app:latest",
  ],
  [
    "docker ps -a",
    "docker rm old-container",
    "docker rm -f web-test",
    "docker rmi app:old",
    "docker compose down",
    "docker build -t app .",
    "docker image prune -af",
    "docker builder prune -f --filter until=24h",
    "docker buildx prune --all --force",
    "docker network prune -f",
    "docker system prune -af",
    "docker container prune -f",
  ],
);
export const PODMAN = engine(
  "podman",
  "Podman",
  ["podman system reset --force", "podman machine rm -f", "podman pod rm -f dev"],
  ["podman ps", "podman images", "podman image prune -f"],
);
export const NERDCTL = engine(
  "nerdctl",
  "nerdctl (containerd), finch",
  ["nerdctl -n k8s.io rmi -f app:1", "finch volume prune -f"],
  ["nerdctl ps", "finch images"],
  ["nerdctl", "finch"],
);

export const DOCKER_COMPOSE: RemoteCli = {
  id: "docker-compose",
  names: ["docker-compose", "podman-compose"],
  about: "Compose v1 and podman-compose",
  spec: COMPOSE,
  examples: { containers: { asks: ["docker-compose down --volumes", "podman-compose -f dev.yml down -v"], passes: ["docker-compose up -d", "docker-compose logs -f api"] } },
};

export const BUILDAH: RemoteCli = {
  id: "buildah",
  names: ["buildah"],
  about: "Buildah",
  // `buildah prune` clears the build cache and intermediate images: a build makes them again.
  spec: group("containers", { ...names(["rm", "rmi"], destroysWith(["-a", "--all", "-f", "--force"])), prune: leaf(), ...readVerbs(["containers", "images", "inspect"]) }),
  examples: { containers: { asks: ["buildah rm --all", "buildah rmi -f app"], passes: ["buildah images", "buildah rm working-container", "buildah prune -a"] } },
};

export const COLIMA: RemoteCli = {
  id: "colima",
  names: ["colima"],
  about: "Colima (container VM)",
  spec: group("containers", { delete: destroys(), prune: destroys(), ...readVerbs(["status", "list", "ls"]) }, { "-p": "value", "--profile": "value" }),
  examples: { containers: { asks: ["colima delete --force", "colima delete -p dev"], passes: ["colima status", "colima start --cpu 4"] } },
};
