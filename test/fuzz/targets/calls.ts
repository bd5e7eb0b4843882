// Target "calls": tool.call and command.invoke with params of every shape.
import { idKey } from "../client.ts";
import { frame } from "../../support/strict-frames.ts";
import { jsonText } from "../json-text.ts";
import type { Random } from "../random.ts";
import type { Target } from "../target.ts";
import { anyValue, oddString, wrongValue } from "../values.ts";
import { inputFor, randomTool } from "./hook-events.ts";

const SLASH_ARGS = [
  "",
  "status",
  "rules",
  "help",
  "log",
  "log --json",
  "check bash 'rm -rf ~'",
  "check read ~/.ssh/id_rsa",
  "check",
  "check bash",
  "reload",
  "test",
  "rules --json",
  "'unterminated",
  'check bash "$(rm -rf ~)"',
];

export const callsTarget: Target = {
  name: "calls",
  kind: "process",
  about: "tool.call (hello, policy, unknown tools) and command.invoke (/policy …) with params of every shape",
  generate({ rng, nextId }) {
    const id = nextId();
    const method = rng.chance(0.6) ? "tool.call" : "command.invoke";
    const params = method === "tool.call" ? toolCallParams(rng) : commandParams(rng);
    return {
      label: `${method} ${jsonText(params).slice(0, 120)}`,
      writes: [frame(jsonText({ jsonrpc: "2.0", id, method, params }))],
      expect: [{ key: idKey(id), method, params }],
    };
  },
};

function toolCallParams(rng: Random): unknown {
  switch (rng.int(0, 5)) {
    case 0:
      return { name: "hello", input: rng.chance(0.5) ? { name: rng.chance(0.5) ? oddString(rng) : wrongValue(rng, "x") } : anyValue(rng) };
    case 1:
    case 2: {
      const tool = randomTool(rng);
      return {
        name: "policy",
        input: rng.chance(0.8) ? { tool: rng.chance(0.9) ? tool : wrongValue(rng, tool), input: rng.chance(0.8) ? inputFor(rng, tool) : anyValue(rng) } : anyValue(rng),
      };
    }
    case 3:
      return { name: rng.chance(0.5) ? oddString(rng) : wrongValue(rng, "hello"), input: anyValue(rng) };
    case 4:
      return rng.chance(0.5) ? { input: {} } : { name: "hello", input: {}, extra: anyValue(rng) };
    default:
      return wrongValue(rng, {});
  }
}

function commandParams(rng: Random): unknown {
  switch (rng.int(0, 3)) {
    case 0:
    case 1:
      return { command: "policy", args: rng.chance(0.8) ? rng.pick(SLASH_ARGS) : oddString(rng), request_id: `r${rng.int(1, 1000)}` };
    case 2:
      return { command: rng.chance(0.5) ? "policy" : oddString(rng), args: wrongValue(rng, ""), request_id: anyValue(rng) };
    default:
      return rng.chance(0.5) ? wrongValue(rng, {}) : { args: "status" };
  }
}
