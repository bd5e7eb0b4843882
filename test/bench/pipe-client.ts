// A lean JSON-RPC client over a child's pipes for the benchmarks: no checks
// beyond what is needed to match answers to ids, so it measures the server.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** USER_HZ: /proc reports CPU time in these ticks a second (100 on every Linux build that matters). */
const CLOCK_TICKS = 100;

export class PipeClient {
  readonly proc: Bun.Subprocess<"pipe", "pipe", "inherit">;
  #pending = new Map<number, (result: unknown) => void>();
  #nextId = 1;
  #buffer: Buffer = Buffer.alloc(0);

  /**
   * The child gets the environment the host gives an extension (PATH, HOME, LANG), with a HOME of its own inside
   * its folder: the policy and audit log default to the user's ~/.synaps-cli, and a benchmark must never write there.
   */
  constructor(cmd: string[], cwd?: string) {
    const home = join(cwd ?? process.cwd(), "home");
    if (cwd !== undefined) mkdirSync(home, { recursive: true });
    const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: cwd !== undefined ? home : (process.env.HOME ?? "/"), LANG: "C.UTF-8" };
    this.proc = Bun.spawn(cmd, { cwd, env, stdin: "pipe", stdout: "pipe", stderr: "inherit" });
    void this.#read();
  }

  call(method: string, params: unknown): Promise<unknown> {
    const id = this.#nextId++;
    const body = Buffer.from(JSON.stringify({ jsonrpc: "2.0", id, method, params }));
    const promise = new Promise<unknown>((resolve) => this.#pending.set(id, resolve));
    this.proc.stdin.write(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`), body]));
    this.proc.stdin.flush();
    return promise;
  }

  /** Peak resident set size of the child so far (Linux: VmHWM). */
  peakRssBytes(): number {
    return this.#status("VmHWM");
  }

  /**
   * Start the child's peak (VmHWM) again from its RSS now (Linux: `5` to /proc/PID/clear_refs), so a later
   * peakRssBytes() is the true peak since this moment, every spike between samples included. False when refused.
   */
  resetPeakRss(): boolean {
    try {
      writeFileSync(`/proc/${this.proc.pid}/clear_refs`, "5");
      return true;
    } catch {
      return false;
    }
  }

  /** CPU seconds (user + system) the child has used so far, all its threads (Linux: /proc/PID/stat); NaN elsewhere. */
  cpuSeconds(): number {
    try {
      const stat = readFileSync(`/proc/${this.proc.pid}/stat`, "utf8");
      // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th, in clock ticks.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
    } catch {
      return Number.NaN;
    }
  }

  /** Resident set size of the child now (Linux: VmRSS). */
  currentRssBytes(): number {
    return this.#status("VmRSS");
  }

  #status(field: string): number {
    try {
      const status = readFileSync(`/proc/${this.proc.pid}/status`, "utf8");
      return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024;
    } catch {
      return 0;
    }
  }

  async close() {
    this.proc.stdin.end();
    await this.proc.exited;
  }

  async #read() {
    for await (const chunk of this.proc.stdout) {
      this.#buffer = this.#buffer.length ? Buffer.concat([this.#buffer, chunk]) : Buffer.from(chunk);
      for (;;) {
        const headerEnd = this.#buffer.indexOf("\r\n\r\n");
        if (headerEnd < 0) break;
        const length = Number(/Content-Length: (\d+)/i.exec(this.#buffer.subarray(0, headerEnd).toString("latin1"))?.[1]);
        const end = headerEnd + 4 + length;
        if (this.#buffer.length < end) break;
        const message = JSON.parse(this.#buffer.subarray(headerEnd + 4, end).toString());
        this.#buffer = this.#buffer.subarray(end);
        this.#pending.get(message.id)?.(message.result);
        this.#pending.delete(message.id);
      }
    }
  }
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}
