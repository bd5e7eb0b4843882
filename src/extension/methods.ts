// The SynapsCLI method table. Every ordinary failure is answered with a
// result: an error answer makes the host kill, restart and retry us.
import * as v from "valibot";
import type { Dispatch, MethodOutcome } from "../rpc/server.ts";
import { logLine } from "../rpc/stderr.ts";
import { BUILD, NAME, VERSION } from "../version.ts";
import { guard } from "./guard.ts";
import { callHello, helloTool } from "./tools/hello.ts";
import { HookEvent, InitializeParams, PROTOCOL_VERSION, ToolCallParams, toolError, type HookKind, type ToolResult } from "./wire.ts";

const SUBSCRIBED_HOOKS: HookKind[] = ["before_tool_call"];

const tools = [helloTool];

function capabilities() {
  return {
    tools,
    hooks: SUBSCRIBED_HOOKS.map((name) => ({ name })),
  };
}

function answer(result: unknown): MethodOutcome {
  return { result, then: "serve" };
}

export function createDispatch(): Dispatch {
  return (method, params) => {
    switch (method) {
      case "initialize":
        return initialize(params);
      case "info.get":
        return answer({ name: NAME, version: VERSION, build: BUILD, protocol_version: PROTOCOL_VERSION, capabilities: capabilities() });
      case "tool.call":
        return answer(callTool(params));
      case "hook.handle":
        return answer(handleHook(params));
      case "shutdown":
        return { result: null, then: "exit" };
      default:
        logLine(`unknown method ${JSON.stringify(method)}; answered null`);
        return answer(null);
    }
  };
}

function initialize(params: unknown): MethodOutcome {
  const parsed = v.safeParse(InitializeParams, params ?? {});
  if (!parsed.success) logLine(`initialize: ignoring malformed params (${v.summarize(parsed.issues)})`);
  return answer({ protocol_version: PROTOCOL_VERSION, capabilities: capabilities() });
}

function callTool(params: unknown): ToolResult {
  const parsed = v.safeParse(ToolCallParams, params);
  if (!parsed.success) return toolError(`tool.call needs {name, input}: ${v.summarize(parsed.issues)}`);
  const { name, input } = parsed.output;
  switch (name) {
    case helloTool.name:
      return callHello(input);
    default:
      return toolError(`unknown tool ${JSON.stringify(name)}; this extension provides: ${tools.map((t) => t.name).join(", ")}`);
  }
}

function handleHook(params: unknown) {
  const parsed = v.safeParse(HookEvent, params);
  if (!parsed.success) {
    logLine(`hook.handle: malformed event (${v.summarize(parsed.issues)}); answered continue`);
    return { action: "continue" };
  }
  return guard(parsed.output);
}
