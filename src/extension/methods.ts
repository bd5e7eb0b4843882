// The SynapsCLI method table. Every ordinary failure is answered with a
// result: an error answer makes the host kill, restart and retry us.
import * as v from "valibot";
import type { Dispatch, MethodOutcome } from "../rpc/server.ts";
import { logLine } from "../rpc/stderr.ts";
import { loadBashParser, warmUpBashParser } from "../match/shell/parser.ts";
import { BUILD, NAME, VERSION } from "../version.ts";
import { AuditLog } from "./audit.ts";
import { resolveConfig, type ExtensionConfig } from "./config.ts";
import { HookHandler } from "./hooks.ts";
import { PolicyStore } from "./policy-store.ts";
import { callHello, helloTool } from "./tools/hello.ts";
import { callPolicyTool, policyTool } from "./tools/policy.ts";
import { InitializeParams, PROTOCOL_VERSION, ToolCallParams, toolError, type HookKind, type ToolResult } from "./wire.ts";

export const SUBSCRIBED_HOOKS: HookKind[] = ["before_tool_call", "after_tool_call", "on_session_start", "on_session_end"];

const tools = [helloTool, policyTool];

function capabilities() {
  return {
    tools,
    hooks: SUBSCRIBED_HOOKS.map((name) => ({ name })),
  };
}

function answer(result: unknown): MethodOutcome {
  return { result, then: "serve" };
}

/** One extension process: its configuration, policy, audit log and hook handler. */
export class Extension {
  #config: ExtensionConfig | undefined;
  #store: PolicyStore | undefined;
  #audit: AuditLog | undefined;
  #hooks: HookHandler | undefined;

  readonly dispatch: Dispatch = (method, params) => {
    switch (method) {
      case "initialize":
        return this.#initialize(params);
      case "info.get":
        return answer(this.#info());
      case "tool.call":
        return this.#callTool(params).then(answer);
      case "hook.handle":
        return this.#started().hooks.handle(params).then(answer);
      case "shutdown":
        return { result: null, then: "exit" };
      default:
        logLine(`unknown method ${JSON.stringify(method)}; answered null`);
        return answer(null);
    }
  };

  /** Flush and release what the process holds; called once before exit. */
  close() {
    this.#store?.close();
    this.#audit?.close();
  }

  #initialize(params: unknown): MethodOutcome {
    const parsed = v.safeParse(InitializeParams, params ?? {});
    if (!parsed.success) logLine(`initialize: ignoring malformed params (${v.summarize(parsed.issues)})`);
    if (!this.#config) this.#startWith(resolveConfig(parsed.success ? parsed.output : undefined, process.cwd()));
    // The grammar and the policy load after the answer is on its way, so the handshake stays fast.
    setTimeout(() => {
      warmUpBashParser();
      this.#activate();
    }, 0);
    return answer({ protocol_version: PROTOCOL_VERSION, capabilities: capabilities() });
  }

  #startWith(config: ExtensionConfig) {
    this.#config = config;
    this.#store = new PolicyStore(config.policyFile, config.home);
    this.#audit = config.auditLog ? new AuditLog({ path: config.auditLog }) : undefined;
    this.#hooks = new HookHandler(this.#store, this.#audit);
    this.#store.onReload((event) => {
      if (event.ok) logLine(`policy reloaded from ${event.file} (${event.hash})`);
      else logLine(`policy ${event.file} was not reloaded; keeping the last good policy: ${event.problems?.join("; ")}`);
      this.#audit?.write({ time: new Date().toISOString(), event: "policy_reload", ok: event.ok, file: event.file, policy_hash: event.hash ?? null, problems: event.problems });
    });
  }

  #activating: Promise<void> | undefined;

  /** Load the policy (once), report a broken one, and start watching the file. */
  #activate(): Promise<void> {
    const store = this.#store!;
    this.#activating ??= store.start().then(() => {
      const state = store.state;
      if (state?.kind === "failed") logLine(`policy ${state.file} is invalid; tool calls get "${state.onError}": ${state.problems.join("; ")}`);
      store.watch();
    });
    return this.#activating;
  }

  /** Hooks may in principle arrive before initialize; they then use the defaults. */
  #started(): { store: PolicyStore; hooks: HookHandler } {
    if (!this.#config) this.#startWith(resolveConfig(undefined, process.cwd()));
    void this.#activate();
    return { store: this.#store!, hooks: this.#hooks! };
  }

  #info() {
    const state = this.#store?.state;
    return {
      name: NAME,
      version: VERSION,
      build: BUILD,
      protocol_version: PROTOCOL_VERSION,
      capabilities: capabilities(),
      policy: state?.kind === "active" ? { file: state.policy.source, hash: state.policy.hash, rules: state.policy.rules.length } : state ? { file: state.file, error: state.problems[0] } : null,
    };
  }

  async #callTool(params: unknown): Promise<ToolResult> {
    const parsed = v.safeParse(ToolCallParams, params);
    if (!parsed.success) return toolError(`tool.call needs {name, input}: ${v.summarize(parsed.issues)}`);
    const { name, input } = parsed.output;
    switch (name) {
      case helloTool.name:
        return callHello(input);
      case policyTool.name: {
        const { store } = this.#started();
        await store.start();
        return callPolicyTool(input, store.state!, await loadBashParser());
      }
      default:
        return toolError(`unknown tool ${JSON.stringify(name)}; this extension provides: ${tools.map((t) => t.name).join(", ")}`);
    }
  }
}
