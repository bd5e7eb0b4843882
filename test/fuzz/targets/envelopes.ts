// Target "envelopes": JSON-RPC envelopes with every member of every type —
// jsonrpc, id (exact big numbers, strings, null, objects), method, params —
// extra and duplicate members, batches and nested arrays.
import { frame } from "../../support/strict-frames.ts";
import { jsonText, Raw } from "../json-text.ts";
import { isHostMethod, type Expectation, type HostMethod } from "../oracle.ts";
import type { Random } from "../random.ts";
import type { CaseContext, Target } from "../target.ts";
import { anyValue, oddString, wrongValue } from "../values.ts";
import { realisticEvent } from "./hook-events.ts";

const SERVED: HostMethod[] = ["initialize", "info.get", "tool.call", "hook.handle", "command.invoke"];

type Envelope = { value: unknown; expect?: Expectation };

export const envelopesTarget: Target = {
  name: "envelopes",
  kind: "process",
  about: "JSON-RPC envelopes: every member of every type, odd ids, duplicates, batches",
  generate(context) {
    const { rng } = context;
    if (rng.chance(0.7)) {
      const one = envelope(context);
      return { label: jsonText(one.value).slice(0, 160), writes: [frame(jsonText(one.value))], expect: one.expect ? [one.expect] : [] };
    }
    const items = Array.from({ length: rng.size(20) }, () => (rng.chance(0.9) ? envelope(context) : { value: rng.chance(0.5) ? [] : anyValue(rng) }));
    // A batch inside a batch is one invalid element: nothing inside it is served.
    const nested = rng.chance(0.1);
    const batch = nested ? [items.map((item) => item.value)] : items.map((item) => item.value);
    const expect = nested ? [] : items.flatMap((item) => (item.expect ? [item.expect] : []));
    return { label: `a batch of ${items.length}${nested ? " inside a batch" : ""}: ${jsonText(batch).slice(0, 160)}`, writes: [frame(jsonText(batch))], expect };
  },
};

function envelope({ rng, nextId }: CaseContext): Envelope {
  const method: unknown = rng.chance(0.8) ? rng.pick(SERVED) : rng.chance(0.5) ? oddString(rng).slice(0, 50) : wrongValue(rng, "x");
  const params = rng.chance(0.7) ? paramsFor(rng, method) : wrongValue(rng, {});
  const { id, key } = randomId(rng, nextId());
  const members: Record<string, unknown> = {};
  if (rng.chance(0.9)) members.jsonrpc = rng.chance(0.8) ? "2.0" : wrongValue(rng, "2.0");
  if (id !== undefined) members.id = id;
  if (rng.chance(0.95)) members.method = method;
  if (rng.chance(0.9)) members.params = params;
  // An own member even when the name is `__proto__` (a plain assignment would set the object's prototype instead).
  if (rng.chance(0.1)) Object.defineProperty(members, oddString(rng).slice(0, 20) || "extra", { value: anyValue(rng), enumerable: true, writable: true, configurable: true });
  const value = rng.chance(0.1) && key !== undefined ? withDuplicateId(members) : members;
  const served = key !== undefined && "method" in members && isHostMethod(method);
  return { value, ...(served ? { expect: { key, method: method as HostMethod, params: "params" in members ? params : null } } : {}) };
}

/** An id and the key its answer is filed under; no key when the id is not usable (no answer is owed). */
function randomId(rng: Random, n: number): { id: unknown; key?: string } {
  switch (rng.int(0, 7)) {
    case 0:
    case 1:
    case 2:
      return { id: n, key: String(n) };
    case 3: {
      const text = `s-${n}-${oddString(rng).slice(0, 40)}`;
      return { id: text, key: JSON.stringify(text) };
    }
    case 4: {
      // Odd numeric forms, unique per case: the answer must carry these exact characters.
      const text = rng.pick([`${2n ** 53n + 2n * BigInt(n) + 1n}`, `-${2n ** 60n + BigInt(n)}`, `${n}.5`, `${n}e400`, `${n}.0`, `${n}E+0`, `${n}000000000000000000000001`]);
      return { id: new Raw(text), key: text };
    }
    case 5:
      return { id: undefined }; // a notification
    default:
      return { id: rng.pick([null, true, {}, [n], { id: n }]) };
  }
}

function withDuplicateId(members: Record<string, unknown>): Raw {
  const { id, ...rest } = members;
  const inner = jsonText(rest).slice(1, -1);
  return new Raw(`{"id":"decoy"${inner ? `,${inner}` : ""},"id":${jsonText(id)}}`);
}

function paramsFor(rng: Random, method: unknown): unknown {
  switch (method) {
    case "initialize":
      return {
        synaps_version: "fuzz",
        extension_protocol_version: rng.chance(0.8) ? 1 : anyValue(rng),
        plugin_id: "synaps-policy",
        plugin_root: rng.chance(0.5) ? "/tmp" : anyValue(rng),
        config: rng.chance(0.5) ? {} : anyValue(rng),
      };
    case "hook.handle":
      return realisticEvent(rng);
    case "tool.call":
      return { name: rng.pick(["hello", "policy", "nope"]), input: anyValue(rng) };
    case "command.invoke":
      return { command: "policy", args: rng.pick(["status", "rules", "help", ""]), request_id: "r" };
    default:
      return rng.chance(0.5) ? null : anyValue(rng);
  }
}
