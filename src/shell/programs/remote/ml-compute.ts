// GPU clouds and ML cluster launchers: Ray's cluster launcher, SkyPilot,
// RunPod and Vast.ai. Tearing a cluster down or destroying instances deletes
// their disks (and whatever a run kept there); stopping keeps them and passes.
import { destroys, labelled, names, readVerbs } from "./grammar.ts";
import type { ProgramSpec } from "../spec.ts";
import type { RemoteCli } from "./remote-cli.ts";

const RAY_JOB_SUBMIT: ProgramSpec = {
  options: {
    "--address": "url",
    "--working-dir": "path",
    "--runtime-env": "read",
    "--runtime-env-json": "value",
    "--submission-id": "value",
    "--job-id": "value",
    "--metadata-json": "value",
    "--entrypoint-num-cpus": "value",
    "--entrypoint-num-gpus": "value",
    "--entrypoint-memory": "value",
    "--entrypoint-resources": "value",
    "--headers": "value",
    "--log-style": "value",
    "--log-color": "value",
    "--no-wait": "flag",
    "-v": "flag",
    "--verify": "value",
  },
  operands: ["value"],
  afterDoubleDash: "argv",
};

export const RAY_LAUNCHER: RemoteCli = {
  id: "ray",
  names: ["ray"],
  about: "Ray's cluster launcher",
  // `ray down CONFIG` terminates every node of the cluster the config launched.
  spec: labelled("cloud", {
    operands: ["read"],
    subcommands: {
      down: destroys({ "-y": "flag", "--yes": "flag", "-n": "value", "--cluster-name": "value", "--workers-only": "flag" }),
      // `ray job submit [OPTIONS] -- ENTRYPOINT`: the entrypoint runs on the cluster, judged as the command it is.
      job: { operands: ["value"], subcommands: { submit: RAY_JOB_SUBMIT } },
      ...readVerbs(["status", "list", "get"]),
    },
  }),
  examples: {
    cloud: {
      asks: ["ray down -y cluster.yaml"],
      passes: ["ray up -y cluster.yaml", "ray status", "ray start --head", "ray stop", "ray job submit --address http://127.0.0.1:8265 --working-dir . -- python train.py"],
    },
  },
};

export const SKY: RemoteCli = {
  id: "sky",
  names: ["sky"],
  about: "SkyPilot",
  // `down` terminates clusters (`-a`: all of them), `storage delete` deletes buckets, `jobs cancel -a` every managed job.
  spec: labelled("cloud", {
    operands: ["read"],
    subcommands: {
      down: destroys({ "-a": "flag", "--all": "flag", "-y": "flag", "--yes": "flag", "-p": "flag", "--purge": "flag" }),
      storage: { operands: ["read"], subcommands: { ...names(["delete", "rm"], destroys({ "-a": "flag", "-y": "flag" })), ...readVerbs(["ls"]) } },
      ...readVerbs(["status", "queue", "logs", "check", "show-gpus"]),
    },
  }),
  examples: { cloud: { asks: ["sky down -a -y", "sky storage delete -y eval-cache"], passes: ["sky status", "sky launch -c dev task.yaml", "sky stop dev"] } },
};

export const RUNPODCTL: RemoteCli = {
  id: "runpodctl",
  names: ["runpodctl"],
  about: "RunPod CLI",
  spec: labelled("cloud", { operands: ["read"], subcommands: { ...names(["remove", "rm"], destroys()), ...readVerbs(["get", "config"]) } }),
  examples: { cloud: { asks: ["runpodctl remove pod 3k2j9x"], passes: ["runpodctl get pod", "runpodctl stop pod 3k2j9x"] } },
};

export const VASTAI: RemoteCli = {
  id: "vastai",
  names: ["vastai"],
  about: "Vast.ai CLI",
  spec: labelled("cloud", { operands: ["read"], subcommands: { destroy: destroys(), ...readVerbs(["show", "search"]) } }),
  examples: { cloud: { asks: ["vastai destroy instance 9125570"], passes: ["vastai show instances", "vastai search offers 'gpu_name=RTX_4090'"] } },
};
