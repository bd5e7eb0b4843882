// The extension driven in this process, the way the host drives the binary
// but without the pipes: `initialize` with a plugin folder, then method calls
// answered by the same dispatch table the binary serves. For behaviour that
// does not depend on framing or on the process (loading, reloading, hooks,
// tools, the slash command); the protocol itself is tested through the binary.
// A started host has its first policy: what a hook does while the policy is
// still loading is hooks-loading.test.ts's subject, on a clock the test moves,
// and a busy machine must not turn every other hook into that case.
import { basename } from "node:path";
import { Extension } from "../../src/extension/methods.ts";
import { NAME } from "../../src/version.ts";
import type { PluginFolder } from "./host-events.ts";
import { eventually } from "./eventually.ts";
import { TEST_LIMIT_MS } from "./test-limit.ts";

export class InProcessHost {
  readonly #extension: Extension;

  /** `home`: the home directory the extension sees (the process's own, which a test cannot change, when omitted). */
  constructor(options: { home?: string } = {}) {
    // In process, the parent is the test runner, not a host: its directory is no project (a test gives project_root).
    this.#extension = new Extension({ askHostDirectory: false, ...options });
  }

  /** The result the host would get for one method call. */
  async request(method: string, params: unknown = null): Promise<any> {
    return (await this.#extension.dispatch(method, params)).result;
  }

  close() {
    this.#extension.close();
  }

  /** Wait until the first policy load has finished (good or broken), as long as the test may run. */
  async policyLoaded(): Promise<void> {
    await eventually(async () => (await this.request("info.get"))[NAME].policy !== null, TEST_LIMIT_MS);
  }
}

/** An extension initialized on a plugin folder, as the host starts it, its first policy loaded; the caller closes it. */
export async function startHost(folder: PluginFolder, config: Record<string, unknown> = {}, options: { home?: string } = {}): Promise<InProcessHost> {
  const host = new InProcessHost(options);
  try {
    await host.request("initialize", {
      synaps_version: "test",
      extension_protocol_version: 1,
      plugin_id: "synaps-policy",
      plugin_root: folder.root,
      config: { policy_file: basename(folder.policyFile), audit_log: "logs/audit.jsonl", ...config },
    });
    await host.policyLoaded();
    return host;
  } catch (error) {
    host.close();
    throw error;
  }
}

/** An extension initialized on a plugin folder, as the host starts it; closed when `use` ends. */
export async function withExtension<T>(folder: PluginFolder, config: Record<string, unknown>, use: (host: InProcessHost) => Promise<T>): Promise<T> {
  const host = await startHost(folder, config);
  try {
    return await use(host);
  } finally {
    host.close();
  }
}
