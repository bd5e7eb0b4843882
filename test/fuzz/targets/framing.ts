// Target "framing": random damage in front of a valid request, written whole,
// in two writes, or with the request split into pieces. The request after the
// damage must be answered (issue 10 #10).
import { idKey } from "../client.ts";
import { frame } from "../../support/strict-frames.ts";
import { concat, randomDamage, splitRandomly } from "../damage.ts";
import type { Target } from "../target.ts";

export const framingTarget: Target = {
  name: "framing",
  kind: "process",
  about: "random bytes, truncated frames, bad headers and lengths in front of a valid request",
  generate({ rng, nextId }) {
    const id = nextId();
    const params = { name: "hello", input: { name: `after ${id}` } };
    const request = frame({ jsonrpc: "2.0", id, method: "tool.call", params });
    const damage = randomDamage(rng);
    const style = rng.int(0, 2);
    const writes = style === 0 ? [concat([damage, request])] : style === 1 ? [damage, request] : [damage, ...splitRandomly(rng, request)];
    return {
      label: `${damage.length} bytes of damage, then a request (${["one write", "two writes", "split request"][style]})`,
      writes,
      expect: [{ key: idKey(id), method: "tool.call", params }],
    };
  },
};
