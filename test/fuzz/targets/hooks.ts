// Target "hooks": hook.handle with events of every kind, each key now and
// then missing, null, mistyped, huge or deep; one to three pipelined.
import { idKey } from "../client.ts";
import { frame } from "../../support/strict-frames.ts";
import { concat } from "../damage.ts";
import { jsonText } from "../json-text.ts";
import type { Expectation } from "../oracle.ts";
import type { Target } from "../target.ts";
import { mutateEvent, realisticEvent } from "./hook-events.ts";

export const hooksTarget: Target = {
  name: "hooks",
  kind: "process",
  about: "hook events of every kind with keys missing, null, mistyped, huge or deep",
  generate({ rng, nextId }) {
    const writes: Uint8Array[] = [];
    const expect: Expectation[] = [];
    const labels: string[] = [];
    for (let n = rng.chance(0.8) ? 1 : rng.int(2, 3); n > 0; n--) {
      const { event, label } = mutateEvent(rng, realisticEvent(rng));
      const id = nextId();
      writes.push(frame(jsonText({ jsonrpc: "2.0", id, method: "hook.handle", params: event })));
      expect.push({ key: idKey(id), method: "hook.handle", params: event });
      labels.push(`${String(event.kind).slice(0, 30)} (${label})`);
    }
    return { label: labels.join("; "), writes: [concat(writes)], expect };
  },
};
