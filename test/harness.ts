// Drives the compiled executable over pipes the way SynapsCLI does. Its frame
// reader is deliberately independent of src/rpc and as strict as the host:
// exactly `Content-Length: N\r\n\r\n` + N bytes of JSON, nothing else on stdout.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { HOST_BINARY } from "../build.ts";
import { NAME } from "../src/version.ts";
import { Changes } from "./support/changes.ts";
import { eventually } from "./support/eventually.ts";
import { frame, StrictFrameReader } from "./support/strict-frames.ts";
import { TEST_LIMIT_MS } from "./support/test-limit.ts";
import type { PluginFolder } from "./support/host-events.ts";

export { HOST_BINARY };
export { bashCall, hookEvent, pluginFolder, readAudit, toolCall, type PluginFolder } from "./support/host-events.ts";

export type Frame = { jsonrpc?: string; id?: number | string | null; result?: any; error?: { code: number; message: string } };

export type StartOptions = {
  args?: string[];
  cwd?: string;
  env?: Record<string, string>;
  binary?: string;
};

export class ExtensionProcess {
  readonly proc: Bun.Subprocess<"pipe", "pipe", "pipe">;
  readonly cwd: string;
  readonly frames: Frame[] = [];
  readonly #reader = new StrictFrameReader();
  #bodyViolation: string | undefined;
  readonly #changes = new Changes();
  #nextId = 1;
  #stderr = "";
  readonly #stdoutDone: Promise<void>;
  readonly #stderrDone: Promise<void>;

  /** What was wrong with stdout, if anything: the host would stop reading here. */
  get protocolViolation(): string | undefined {
    return this.#reader.violation ?? this.#bodyViolation;
  }

  constructor(options: StartOptions = {}) {
    // Like the host: the working directory is the plugin folder (here a fresh one, so tests share nothing).
    this.cwd = options.cwd ?? mkdtempSync(join(tmpdir(), "synaps-policy-test-"));
    this.proc = Bun.spawn([options.binary ?? HOST_BINARY, ...(options.args ?? [])], {
      cwd: this.cwd,
      // A HOME of its own inside the fresh folder: the default audit log and policy live under HOME, never the real one's.
      env: options.env ?? { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: join(this.cwd, "home"), LANG: "C.UTF-8", TERM: "dumb" },
      stdin: "pipe",
      stdout: "pipe",
      stderr: "pipe",
    });
    this.#stdoutDone = this.#pumpStdout();
    this.#stderrDone = this.#pumpStderr();
  }

  write(bytes: Uint8Array | string) {
    this.proc.stdin.write(bytes);
    this.proc.stdin.flush();
  }

  send(message: object): void {
    this.write(frame(message));
  }

  /** Send a request with a fresh numeric id (as the host does) and wait for its answer. */
  async request(method: string, params: unknown = null, timeoutMs = 10_000): Promise<Frame> {
    const id = this.#nextId++;
    this.send({ jsonrpc: "2.0", id, method, params });
    return this.answerTo(id, timeoutMs);
  }

  async answerTo(id: number | string | null, timeoutMs = 10_000): Promise<Frame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.find((frame) => frame.id === id);
      if (found) return found;
      if (this.protocolViolation) throw new Error(this.protocolViolation);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no answer to id ${JSON.stringify(id)} within ${timeoutMs} ms; stderr:\n${this.#stderr}`);
      await this.#changes.next(left);
    }
  }

  /**
   * Wait until the first policy load has finished, good or broken (info.get
   * names the policy or its problem), for as long as the test may run. For
   * tests whose subject is not loading: a hook sent earlier waits at most
   * FIRST_POLICY_WAIT_MS, and on a busy machine gets "policy still loading".
   */
  async policyLoaded(): Promise<void> {
    await eventually(async () => (await this.request("info.get")).result?.[NAME]?.policy != null, TEST_LIMIT_MS);
  }

  /** Wait until at least `count` frames have arrived in total. */
  async waitForFrames(count: number, timeoutMs = 10_000): Promise<Frame[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.frames.length < count) {
      if (this.protocolViolation) throw new Error(this.protocolViolation);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`expected ${count} frames, got ${this.frames.length}; stderr:\n${this.#stderr}`);
      await this.#changes.next(left);
    }
    return this.frames;
  }

  closeStdin() {
    this.proc.stdin.end();
  }

  /** Exit code, or throws when the process has not exited within the time given. */
  async exitCode(timeoutMs = 5_000): Promise<number> {
    const timeout = new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), timeoutMs));
    const code = await Promise.race([this.proc.exited, timeout]);
    if (code === "timeout") {
      this.proc.kill();
      throw new Error(`process still running after ${timeoutMs} ms`);
    }
    await this.#stdoutDone;
    return code;
  }

  async stderr(): Promise<string> {
    await this.#stderrDone;
    return this.#stderr;
  }

  /** Stderr so far, once it holds `text`: stderr is read as it arrives, so a line written
   *  before an answer may still be on its way when the answer is. Throws after the time given. */
  async stderrOnceItHolds(text: string, timeoutMs = 5_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    while (!this.#stderr.includes(text)) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`stderr does not hold ${JSON.stringify(text)} after ${timeoutMs} ms; it holds:\n${this.#stderr}`);
      await this.#changes.next(left);
    }
    return this.#stderr;
  }

  async stop() {
    if (this.proc.exitCode !== null) return;
    try {
      this.closeStdin();
    } catch {
      // already closed
    }
    await this.exitCode(5_000).catch(() => this.proc.kill());
  }

  async #pumpStdout() {
    for await (const chunk of this.proc.stdout) {
      for (const body of this.#reader.push(chunk)) this.#file(body);
      this.#changes.happened();
    }
    this.#reader.end();
    this.#changes.happened();
  }

  async #pumpStderr() {
    for await (const chunk of this.proc.stderr) {
      this.#stderr += new TextDecoder().decode(chunk);
      this.#changes.happened();
    }
  }

  #file(body: Uint8Array) {
    try {
      this.frames.push(JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(body)));
    } catch (error) {
      this.#bodyViolation ??= `frame body is not JSON: ${(error as Error).message}`;
    }
  }
}

/** Start the extension in a plugin folder and complete the handshake, as the host does. */
export async function startExtension(folder: PluginFolder, config: Record<string, unknown> = {}, env?: Record<string, string>): Promise<ExtensionProcess> {
  const ext = new ExtensionProcess({ cwd: folder.root, ...(env ? { env } : {}) });
  const answer = await ext.request("initialize", {
    synaps_version: "test",
    extension_protocol_version: 1,
    plugin_id: "synaps-policy",
    plugin_root: folder.root,
    config: { policy_file: basename(folder.policyFile), audit_log: "logs/audit.jsonl", ...config },
  });
  if (answer.result?.protocol_version !== 1) throw new Error(`handshake failed: ${JSON.stringify(answer)}`);
  return ext;
}

/** startExtension, then wait for the first policy (see ExtensionProcess.policyLoaded). */
export async function startLoadedExtension(folder: PluginFolder, config: Record<string, unknown> = {}, env?: Record<string, string>): Promise<ExtensionProcess> {
  const ext = await startExtension(folder, config, env);
  try {
    await ext.policyLoaded();
    return ext;
  } catch (error) {
    await ext.stop();
    throw error;
  }
}

export type CliResult = { code: number; stdout: string; stderr: string };

/** Run the executable as a command-line tool. */
/**
 * The HOME a command-line run gets unless a test names its own: an empty one, so that a developer's own policy and
 * audit log under ~/.synaps-cli are neither read nor written by the tests.
 */
let cliHome: string | undefined;
function emptyHome(): string {
  cliHome ??= mkdtempSync(join(tmpdir(), "synaps-policy-cli-home-"));
  return cliHome;
}

export async function runCli(args: string[], options: { cwd?: string; env?: Record<string, string> } = {}): Promise<CliResult> {
  const proc = Bun.spawn([HOST_BINARY, ...args], {
    cwd: options.cwd ?? tmpdir(),
    env: options.env ?? { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: emptyHome(), LANG: "C.UTF-8" },
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { code, stdout, stderr };
}
