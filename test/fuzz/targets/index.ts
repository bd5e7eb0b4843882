// Every fuzz target, in the order a run takes them.
import type { Target } from "../target.ts";
import { callsTarget } from "./calls.ts";
import { decoderTarget } from "./decoder.ts";
import { envelopesTarget } from "./envelopes.ts";
import { framingTarget } from "./framing.ts";
import { harmsTarget } from "./harms.ts";
import { hooksTarget } from "./hooks.ts";
import { policiesTarget } from "./policies.ts";
import { shellTarget } from "./shell.ts";

export const ALL_TARGETS: Target[] = [decoderTarget, framingTarget, envelopesTarget, hooksTarget, callsTarget, shellTarget, harmsTarget, policiesTarget];
