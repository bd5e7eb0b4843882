// The SynapsCLI method table. Every ordinary failure is answered with a
// result: an error answer makes the host kill, restart and retry us.
import * as v from "valibot";
import manifest from "../plugin/manifest.json" with { type: "json" };
import type { Dispatch, MethodOutcome } from "../rpc/server.ts";
import { logLine } from "../rpc/stderr.ts";
import { BUILD, NAME, VERSION } from "../version.ts";
import { resolveConfig, type ExtensionConfig } from "./config.ts";
import { SUBSCRIBED_HOOKS } from "../plugin/subscriptions.ts";
import { callHello, helloTool } from "./tools/hello.ts";
import { policyTool } from "./tools/policy-spec.ts";
import { CommandInvokeParams, InitializeParams, PROTOCOL_VERSION, ToolCallParams, toolError, type ToolResult } from "./wire.ts";

import type { StoreOptions } from "./policy-store.ts";

type Runtime = typeof import("./runtime.ts");

/** The policy machinery of a running extension, built once the runtime is loaded. */
type Machinery = {
  runtime: Runtime;
  store: InstanceType<Runtime["PolicyStore"]>;
  hooks: InstanceType<Runtime["HookHandler"]>;
  audit: InstanceType<Runtime["AuditLog"]> | undefined;
  dryRuns: InstanceType<Runtime["DryRuns"]>;
  projects: InstanceType<Runtime["ProjectPolicies"]>;
};

const tools = [helloTool, policyTool];

function capabilities() {
  return {
    tools,
    hooks: SUBSCRIBED_HOOKS.map((name) => ({ name })),
  };
}

/**
 * The executable starts with JavaScriptCore's tier-up thresholds raised (build.ts: start-up code runs once, and
 * compiling it cost more than it saved); once the first hook is answered, hot paths are compiled as usual.
 * True for that first answer only: it is the start's (server.ts MethodOutcome.startUp).
 */
let started = false;
function interactive(): boolean {
  if (started) return false;
  started = true;
  Bun.unsafe.setJITPolicy(1);
  return true;
}

function answer(result: unknown): MethodOutcome {
  return { result, afterwards: "serve" };
}

/** One extension process: its configuration, policy, audit log and hook handler. */
export class Extension {
  #config: ExtensionConfig | undefined;
  /** Whether the OS is asked for the host's working directory (the project); off for an extension run inside a test. */
  readonly #askHostDirectory: boolean;
  /** How the policy store waits and runs its loads; a test gives a clock that never moves and a load it holds. */
  readonly #storeOptions: StoreOptions | undefined;
  /** The home directory; the user's unless a test runs the extension in process for another (the process's is fixed). */
  readonly #home: string | undefined;

  constructor(options: { askHostDirectory?: boolean; store?: StoreOptions; home?: string } = {}) {
    this.#askHostDirectory = options.askHostDirectory ?? true;
    this.#storeOptions = options.store;
    this.#home = options.home;
  }
  /** Set by shutdown: a store made after it starts stopped. */
  #ending = false;
  /** Starting the machinery (once); hooks and tools wait for it. */
  #starting: Promise<Machinery> | undefined;
  /** The machinery once started: what info.get and close() may use without waiting. */
  #started: Machinery | undefined;

  readonly dispatch: Dispatch = (method, params) => {
    switch (method) {
      case "initialize":
        return this.#initialize(params);
      case "info.get":
        return answer(this.#info());
      case "tool.call":
        return this.#callTool(params).then(answer);
      case "hook.handle":
        return this.#start()
          .then((active) => active.hooks.handle(params))
          .then((result) => (interactive() ? { ...answer(result), startUp: true } : answer(result)));
      case "command.invoke":
        return this.#invokeCommand(params).then(answer);
      case "shutdown":
        // The host waits 500 ms for this answer, and it goes out after the answers in flight: nothing of ours may
        // hold those back (a hook waiting for the first policy is answered now, as "still loading").
        this.#ending = true;
        this.#started?.projects.stop();
        return { result: null, afterwards: "exit" };
      default:
        logLine(`unknown method ${JSON.stringify(method)}; answered null`);
        return answer(null);
    }
  };

  /** Flush and release what the process holds; called once before exit. */
  close() {
    this.#started?.projects.close();
    this.#started?.audit?.close();
  }

  #initialize(params: unknown): MethodOutcome {
    const parsed = v.safeParse(InitializeParams, params ?? {});
    if (!parsed.success) logLine(`initialize: ignoring malformed params (${v.summarize(parsed.issues)})`);
    this.#config ??= resolveConfig(parsed.success ? parsed.output : undefined, process.cwd(), this.#home);
    // The engine, the grammar and the policy load after the answer is on its way.
    setTimeout(() => void this.#start(), 0);
    return answer({ protocol_version: PROTOCOL_VERSION, capabilities: capabilities() });
  }

  /** Load the runtime and the policy (once), report a broken policy, watch the file. */
  #start(): Promise<Machinery> {
    this.#starting ??= this.#load();
    return this.#starting;
  }

  async #load(): Promise<Machinery> {
    // Hooks may in principle arrive before initialize; they then use the defaults.
    this.#config ??= resolveConfig(undefined, process.cwd(), this.#home);
    const config = this.#config;
    const runtime: Runtime = await import("./runtime.ts");
    runtime.moveLegacyFiles(config);
    const store = new runtime.PolicyStore({ file: config.policyFile, explicit: config.policyFileExplicit }, config.home, runtime.extensionEngineDeps(), this.#storeOptions);
    if (this.#ending) store.stop();
    runtime.redactStderrLines(() => store.current);
    const audit = config.auditLog ? new runtime.AuditLog({ path: config.auditLog, pluginRoot: config.pluginRoot }) : undefined;
    const dryRuns = new runtime.DryRuns(config.modelDryRun);
    const host = this.#askHostDirectory ? runtime.hostWorkingDirectory() : undefined;
    const roots = new runtime.ProjectRootFinder({ host, setting: config.projectRoot, home: config.home });
    const files = new runtime.CallFiles(new runtime.SessionMemory(), roots, config.home);
    const projects = new runtime.ProjectPolicies(store, (root) => {
      const projectStore = new runtime.PolicyStore(store.location, config.home, runtime.extensionEngineDeps(), { ...this.#storeOptions, projectRoot: root });
      // The project's file is the repository's: what was refused or skipped is said once per load, on stderr.
      void projectStore.start().then((state) => {
        for (const warning of state.warnings) logLine(`policy warning (project ${root}): ${warning}`);
      });
      projectStore.onReload((event) => {
        for (const warning of event.warnings) logLine(`policy warning (project ${root}): ${warning}`);
      });
      return projectStore;
    });
    const hooks = new runtime.HookHandler(store, audit, dryRuns, { replacesOutput: runtime.hostLetsUsReplaceOutput(config.pluginRoot), files, projects });
    store.onReload((event) => {
      if (event.ok) logLine(`policy reloaded from ${event.file} (${event.hash})`);
      else logLine(`policy ${event.file} was not reloaded; keeping the last good policy: ${event.problems?.join("; ")}`);
      for (const warning of event.warnings) logLine(`policy warning: ${warning}`);
      audit?.write({
        time: new Date().toISOString(),
        event: "policy_reload",
        ok: event.ok,
        file: event.file,
        policy_hash: event.hash ?? null,
        problems: event.problems,
        ...(event.warnings.length > 0 ? { warnings: event.warnings } : {}),
      });
    });
    // The policy loads in slices while requests are answered; hooks wait for it (boundedly).
    void store.start().then((state) => {
      if (store.stopped) return;
      if (state.kind === "failed") logLine(`policy ${state.file} is invalid; tool calls get "${state.onError}": ${state.problems.join("; ")}`);
      for (const warning of state.warnings) logLine(`policy warning: ${warning}`);
      store.watch();
    });
    this.#started = { runtime, store, hooks, audit, dryRuns, projects };
    return this.#started;
  }

  /**
   * The host's PluginInfo (PROTOCOL.md): `build` needs a string `backend`,
   * `capabilities` is a list of {kind, name, modes?}; a shape that does not
   * parse is dropped with a warning. What the host does not know (build
   * details, the policy in force) goes under our own key, which it ignores.
   */
  #info() {
    const state = this.#started?.store.current;
    return {
      build: { backend: "bun", version: VERSION, features: ["policy-engine", "shell-analysis", "output-redaction", "audit-log"] },
      capabilities: [
        ...SUBSCRIBED_HOOKS.map((name) => ({ kind: "hook", name })),
        ...tools.map((tool) => ({ kind: "tool", name: tool.name })),
        ...manifest.commands.map((command) => ({ kind: "command", name: command.name, modes: command.interactive ? ["interactive"] : [] })),
      ],
      [NAME]: {
        version: VERSION,
        protocol_version: PROTOCOL_VERSION,
        ...BUILD,
        policy:
          state?.kind === "active"
            ? { file: state.policy.source, hash: state.policy.hash, rules: state.policy.rules.length }
            : state
              ? { file: state.file, error: state.problems[0] }
              : null,
      },
    };
  }

  /** A slash command from the TUI (`/policy …`); the answer is text for the person. */
  async #invokeCommand(params: unknown): Promise<string> {
    const parsed = v.safeParse(CommandInvokeParams, params);
    if (!parsed.success) return `synaps-policy: command.invoke needs {command, args}: ${v.summarize(parsed.issues)}`;
    if (parsed.output.command !== "policy") return `synaps-policy has no command "${parsed.output.command}"; try /policy`;
    const { runtime, audit, dryRuns, hooks } = await this.#start();
    // Status, check and rules describe the policy of the project the host works in, its own layer included.
    return runtime.runSlashCommand(runtime.slashWords(parsed.output.args), { store: hooks.currentStore(), audit, dryRuns, confirmations: hooks.confirmations });
  }

  async #callTool(params: unknown): Promise<ToolResult> {
    const parsed = v.safeParse(ToolCallParams, params);
    if (!parsed.success) return toolError(`tool.call needs {name, input}: ${v.summarize(parsed.issues)}`);
    const { name, input } = parsed.output;
    switch (name) {
      case helloTool.name:
        return callHello(input);
      case policyTool.name: {
        const { runtime, audit, dryRuns, hooks } = await this.#start();
        const state = await hooks.currentStore().ready(runtime.FIRST_POLICY_WAIT_MS);
        return runtime.callPolicyTool(input, { state, dryRuns, audit });
      }
      default:
        return toolError(`unknown tool ${JSON.stringify(name)}; this extension provides: ${tools.map((t) => t.name).join(", ")}`);
    }
  }
}
