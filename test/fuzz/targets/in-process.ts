// The fuzz targets that run inside the test process (the frame decoder, the
// harms judged by the engine): `bun test` runs these (test/fuzz/fuzz.test.ts);
// the ones that start the binary run in test/fuzz-smoke.e2e.ts.
import type { Target } from "../target.ts";
import { decoderTarget } from "./decoder.ts";
import { harmsTarget } from "./harms.ts";

export const IN_PROCESS_TARGETS: Target[] = [decoderTarget, harmsTarget];

/** The seed of the short fixed runs in `bun test` and `bun run test:e2e`: the same cases every time. */
export const SMOKE_SEED = 20_260_501;
