// Shared compute: batch schedulers (Slurm, PBS/Torque, LSF), the GPUs'
// management tool, and the ML projects' data and experiment trackers (DVC,
// MLflow). Their verbs and `key=value` settings are words, never files, so the
// system pack can tell cancelling one's own job (`scancel 4242`) from
// cancelling a partition's, and a query (`nvidia-smi -q`) from a reset.
import type { OptionRole, ProgramSpec } from "./spec.ts";

type Options = Readonly<Record<string, OptionRole>>;

const words = (options: Options = {}): ProgramSpec => ({ options, operands: ["value"] });

const SCANCEL_OPTIONS: Options = {
  "-u": "value",
  "--user": "value",
  "-p": "value",
  "--partition": "value",
  "-A": "value",
  "--account": "value",
  "-n": "value",
  "--name": "value",
  "--jobname": "value",
  "-q": "value",
  "--qos": "value",
  "-t": "value",
  "--state": "value",
  "-w": "value",
  "--nodelist": "value",
  "-s": "value",
  "--signal": "value",
  "-M": "value",
  "--clusters": "value",
  "-R": "value",
  "--reservation": "value",
  "--wckey": "value",
  "-b": "flag",
  "-f": "flag",
  "-i": "flag",
  "--me": "flag",
};

/** `scontrol VERB [ENTITY=VALUE …]`, `sacctmgr [-i] VERB ENTITY [where …] [set …]`: every word a value. */
const SLURM_VERBS: ProgramSpec = {
  options: { "-i": "flag", "--immediate": "flag", "-M": "value", "--clusters": "value", "-o": "flag", "-Q": "flag" },
  operands: ["value"],
  subcommands: { "*": words() },
};

const NVIDIA_SMI: ProgramSpec = {
  options: {
    "-i": "value",
    "--id": "value",
    "-f": "write",
    "--filename": "write",
    "-pm": "value",
    "--persistence-mode": "value",
    "-pl": "value",
    "--power-limit": "value",
    "-mig": "value",
    "--multi-instance-gpu": "value",
    "-c": "value",
    "--compute-mode": "value",
    "-e": "value",
    "--ecc-config": "value",
    "-ac": "value",
    "--applications-clocks": "value",
    "-lgc": "value",
    "--lock-gpu-clocks": "value",
    "-lmc": "value",
    "--lock-memory-clocks": "value",
    "--query-gpu": "value",
    "--query-compute-apps": "value",
    "--format": "value",
    "-l": "value",
    "--loop": "value",
    "-lms": "value",
    "-d": "value",
    "--display": "value",
  },
  singleDashWords: true,
  operands: ["value"],
};

export const CLUSTER_PROGRAMS: Record<string, ProgramSpec> = {
  scancel: words(SCANCEL_OPTIONS),
  scontrol: SLURM_VERBS,
  sacctmgr: SLURM_VERBS,
  // PBS/Torque and LSF: `qdel JOB…` (`all` in PBS Pro is every job), `bkill 0` (every job of the user).
  qdel: words({ "-W": "value", "-u": "value", "-x": "flag", "-p": "flag" }),
  bkill: words({ "-u": "value", "-q": "value", "-m": "value", "-J": "value", "-g": "value", "-s": "value", "-app": "value", "-stat": "value" }),
  qmgr: words({ "-c": "value" }),
  badmin: SLURM_VERBS,
  pbsnodes: words({ "-o": "flag", "-c": "flag", "-r": "flag", "-N": "value" }),
  "nvidia-smi": NVIDIA_SMI,
  dvc: {
    options: { "-q": "flag", "-v": "flag", "--cd": "path" },
    operands: ["read"],
    subcommands: {
      gc: words({ "-r": "value", "--remote": "value", "-j": "value", "--jobs": "value", "--rev": "value", "-n": "value", "--num": "value" }),
      "*": { operands: ["read"] },
    },
  },
  mlflow: {
    operands: ["value"],
    subcommands: {
      gc: words({
        "--backend-store-uri": "value",
        "--artifacts-destination": "value",
        "--older-than": "value",
        "--run-ids": "value",
        "--experiment-ids": "value",
        "--tracking-uri": "value",
      }),
      "*": {
        options: {
          "--experiment-id": "value",
          "--run-id": "value",
          "-h": "value",
          "--host": "value",
          "-p": "value",
          "--port": "value",
          "--backend-store-uri": "value",
          "--default-artifact-root": "value",
          "-m": "value",
          "--model-uri": "value",
        },
        operands: ["value"],
        subcommands: { "*": words() },
      },
    },
  },
};
