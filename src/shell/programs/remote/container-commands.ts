// The subcommands that run a command inside a container or a cluster:
// `docker exec CONTAINER CMD…`, `docker run IMAGE CMD…`, `docker compose
// exec|run SERVICE CMD…`, `kubectl exec POD -- CMD…`, `kubectl run NAME
// --image=… -- CMD…`, `kubectl debug`, `oc rsh`. The command is launched as
// argv and judged as if it ran here, as ssh's remote command is: the paths
// inside a container are read as local paths. Every option that takes a
// value is listed, so that `-u postgres` or `-e KEY=v` is never mistaken for
// the container or the command.
import type { Options } from "./grammar.ts";
import type { ProgramSpec } from "../spec.ts";

/**
 * The container (or image, service) comes first, then the command it runs; docker, podman and compose read no
 * option of theirs after the container (`docker run alpine ls -l` lists in long form).
 */
const runsIn = (options: Options, more: Partial<ProgramSpec> = {}): ProgramSpec => ({ options, operands: ["value", "argv"], operandsEndOptions: true, ...more });

/** The entrypoint is the program run in the container; the words after the image are its arguments. */
const ENTRYPOINT = { entrypointOptions: ["--entrypoint"] };

/** `docker exec` and `podman exec`, `nerdctl exec`: flags not listed (-i, -t, -d, --privileged) take no value. */
const EXEC_OPTIONS: Options = {
  "--detach-keys": "value",
  "-e": "value",
  "--env": "value",
  "--env-file": "read",
  "-u": "value",
  "--user": "value",
  "-w": "value",
  "--workdir": "value",
  // podman
  "--preserve-fds": "value",
  "--preserve-fd": "value",
};

/** `docker run` / `container run` / `create`, with podman's and nerdctl's own value options. */
const RUN_OPTIONS: Options = {
  ...EXEC_OPTIONS,
  "--add-host": "value",
  "--annotation": "value",
  "-a": "value",
  "--attach": "value",
  "--blkio-weight": "value",
  "--blkio-weight-device": "value",
  "--cap-add": "value",
  "--cap-drop": "value",
  "--cgroup-parent": "value",
  "--cgroupns": "value",
  "--cidfile": "write",
  "--cpu-count": "value",
  "--cpu-percent": "value",
  "--cpu-period": "value",
  "--cpu-quota": "value",
  "--cpu-rt-period": "value",
  "--cpu-rt-runtime": "value",
  "-c": "value",
  "--cpu-shares": "value",
  "--cpus": "value",
  "--cpuset-cpus": "value",
  "--cpuset-mems": "value",
  "--device": "value",
  "--device-cgroup-rule": "value",
  "--device-read-bps": "value",
  "--device-read-iops": "value",
  "--device-write-bps": "value",
  "--device-write-iops": "value",
  "--dns": "value",
  "--dns-option": "value",
  "--dns-search": "value",
  "--domainname": "value",
  "--entrypoint": "value",
  "--expose": "value",
  "--gpus": "value",
  "--group-add": "value",
  "--health-cmd": "value",
  "--health-interval": "value",
  "--health-retries": "value",
  "--health-start-interval": "value",
  "--health-start-period": "value",
  "--health-timeout": "value",
  "-h": "value",
  "--hostname": "value",
  "--ip": "value",
  "--ip6": "value",
  "--ipc": "value",
  "--isolation": "value",
  "--kernel-memory": "value",
  "-l": "value",
  "--label": "value",
  "--label-file": "read",
  "--link": "value",
  "--link-local-ip": "value",
  "--log-driver": "value",
  "--log-opt": "value",
  "--mac-address": "value",
  "-m": "value",
  "--memory": "value",
  "--memory-reservation": "value",
  "--memory-swap": "value",
  "--memory-swappiness": "value",
  "--mount": "value",
  "--name": "value",
  "--network": "value",
  "--net": "value",
  "--network-alias": "value",
  "--net-alias": "value",
  "--oom-score-adj": "value",
  "--pid": "value",
  "--pids-limit": "value",
  "--platform": "value",
  "-p": "value",
  "--publish": "value",
  "--pull": "value",
  "--restart": "value",
  "--runtime": "value",
  "--security-opt": "value",
  "--shm-size": "value",
  "--stop-signal": "value",
  "--stop-timeout": "value",
  "--storage-opt": "value",
  "--sysctl": "value",
  "--tmpfs": "value",
  "--ulimit": "value",
  "--userns": "value",
  "--uts": "value",
  "-v": "value",
  "--volume": "value",
  "--volume-driver": "value",
  "--volumes-from": "value",
  // podman, nerdctl
  "--pod": "value",
  "--secret": "value",
  "--arch": "value",
  "--os": "value",
  "--variant": "value",
  "--image-volume": "value",
  "--systemd": "value",
  "--uidmap": "value",
  "--gidmap": "value",
  "--subuidname": "value",
  "--subgidname": "value",
  "--pidfile": "write",
  "--cgroups": "value",
  "--cgroup-conf": "value",
  "--timeout": "value",
  "--requires": "value",
  "--rootfs": "flag",
  "--snapshotter": "value",
};

export const ENGINE_EXEC = runsIn(EXEC_OPTIONS);
export const ENGINE_RUN = runsIn(RUN_OPTIONS, ENTRYPOINT);

/** `docker compose exec SERVICE CMD…` (-T, -d, --privileged take no value). */
export const COMPOSE_EXEC = runsIn({ "-u": "value", "--user": "value", "-e": "value", "--env": "value", "-w": "value", "--workdir": "value", "--index": "value" });

/** `docker compose run SERVICE CMD…` (--rm, --build, --no-deps, --service-ports, -T, -d, -i take no value). */
export const COMPOSE_RUN = runsIn(
  {
    "-u": "value",
    "--user": "value",
    "-e": "value",
    "--env": "value",
    "--env-from-file": "read",
    "-w": "value",
    "--workdir": "value",
    "--entrypoint": "value",
    "-l": "value",
    "--label": "value",
    "--name": "value",
    "-p": "value",
    "--publish": "value",
    "--pull": "value",
    "-v": "value",
    "--volume": "value",
    "--cap-add": "value",
    "--cap-drop": "value",
  },
  ENTRYPOINT,
);

/**
 * kubectl's `exec`, `run`, `debug` (and oc's, and `oc rsh`): the words after `--` are the command; `kubectl exec
 * POD CMD…` without `--` is deprecated but still runs CMD.
 */
export function kubectlRuns(options: Options): Readonly<Record<string, ProgramSpec>> {
  // kubectl reads its options anywhere before `--` (`kubectl exec api -c app -- ls`).
  const inPod = (more: Options) => runsIn({ ...options, ...more }, { afterDoubleDash: "argv", operandsEndOptions: false });
  const podStart = { "--pod-running-timeout": "value", "--env": "value", "--image-pull-policy": "value", "--overrides": "value", "--override-type": "value" } as const;
  return {
    exec: inPod({ "--pod-running-timeout": "value" }),
    run: inPod({ ...podStart, "--port": "value", "--labels": "value", "--annotations": "value", "--restart": "value", "--hostport": "value" }),
    debug: inPod({ ...podStart, "--target": "value", "--copy-to": "value", "--set-image": "value", "--custom": "value" }),
  };
}

/** `oc rsh POD [CMD…]`: a remote shell, or the command given. */
export function ocRsh(options: Options): ProgramSpec {
  return runsIn({ ...options, "--shell": "value" }, { afterDoubleDash: "argv", operandsEndOptions: false });
}
