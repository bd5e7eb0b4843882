// Diagnostic lines: one bounded line each, never blocking, drops counted.
import { describe, expect, test } from "bun:test";
import { closeSync, constants, mkdtempSync, openSync, readSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { backgroundSink, nonblockingSink } from "../../../src/rpc/stderr-sink.ts";
import { LineLog } from "../../../src/rpc/stderr.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

/** A sink that keeps what it is given, and refuses while `full` is set. */
function memorySink() {
  const lines: string[] = [];
  const sink = {
    kind: "direct" as const,
    full: false,
    lines,
    write: (line: Uint8Array): "written" | "refused" => {
      if (sink.full) return "refused";
      lines.push(new TextDecoder().decode(line));
      return "written";
    },
    flush: () => Promise.resolve(),
  };
  return sink;
}

/** A FIFO with its read end held open and not read: a pipe that fills up. */
function fifo() {
  const path = join(mkdtempSync(join(tmpdir(), "synaps-policy-fifo-")), "pipe");
  expect(Bun.spawnSync(["mkfifo", path]).exitCode).toBe(0);
  const readEnd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  return { path, readEnd };
}

function drain(fd: number): string {
  let text = "";
  const buffer = Buffer.alloc(65536);
  for (;;) {
    try {
      const read = readSync(fd, buffer);
      if (read === 0) return text;
      text += buffer.toString("utf8", 0, read);
    } catch {
      return text;
    }
  }
}

describe("LineLog", () => {
  test("a message with line breaks becomes one prefixed line", () => {
    const sink = memorySink();
    new LineLog(sink).log("first\n  second\r\nthird");
    expect(sink.lines).toEqual(["synaps-policy: first | second | third\n"]);
  });

  test("a long message is cut to the byte limit at a character boundary, with an ellipsis", () => {
    const sink = memorySink();
    new LineLog(sink, 40).log("🦀".repeat(100));
    const [line] = sink.lines;
    expect(new TextEncoder().encode(line!).length).toBeLessThanOrEqual(40);
    expect(line).toEndWith("…\n");
    expect(line).not.toContain("\uFFFD");
  });

  test("refused lines are counted, and the count is written before the next line that fits", () => {
    const sink = memorySink();
    const log = new LineLog(sink);
    sink.full = true;
    for (let i = 0; i < 3; i++) log.log(`lost ${i}`);
    expect(log.dropped).toBe(3);
    sink.full = false;
    log.log("back");
    expect(sink.lines).toEqual(["synaps-policy: stderr was full: dropped 3 lines before this one\n", "synaps-policy: back\n"]);
    expect(log.dropped).toBe(0);
  });
});

describe("sinks on a pipe nobody reads", () => {
  test("non-blocking: 1,000 lines return at once; what does not fit is refused, what fits arrives whole", () => {
    const { path, readEnd } = fifo();
    const fd = openSync(path, constants.O_WRONLY | constants.O_NONBLOCK);
    const sink = nonblockingSink(fd);
    const line = new TextEncoder().encode(`${"x".repeat(299)}\n`);
    const outcomes = Array.from({ length: 1000 }, () => sink.write(line));
    expect(outcomes).toContain("refused");
    const written = outcomes.filter((outcome) => outcome === "written").length;
    const arrived = drain(readEnd);
    expect(arrived.length).toBe(written * line.length);
    expect(
      arrived
        .split("\n")
        .slice(0, -1)
        .every((text) => text.length === 299),
    ).toBe(true);
    closeSync(fd);
    closeSync(readEnd);
  });

  test("background: a blocking pipe stalls a worker, never the caller; the queue is bounded; lines arrive once drained", async () => {
    const { path, readEnd } = fifo();
    const fd = openSync(path, constants.O_WRONLY); // blocking, like an inherited stderr
    const sink = backgroundSink(fd, 8 * 1024);
    const line = new TextEncoder().encode(`${"y".repeat(999)}\n`);
    const outcomes = Array.from({ length: 1000 }, () => sink.write(line));
    const written = outcomes.filter((outcome) => outcome === "written").length;
    expect(written).toBeLessThan(1000);
    let arrived = "";
    for (let tries = 0; tries < 400 && arrived.length < written * line.length; tries++) {
      arrived += drain(readEnd);
      await Bun.sleep(5);
    }
    expect(arrived).toBe(new TextDecoder().decode(line).repeat(written));
    closeSync(fd);
    closeSync(readEnd);
  });

  test("background: flush waits for queued lines, and gives up after its timeout when nobody reads", async () => {
    const { path, readEnd } = fifo();
    const fd = openSync(path, constants.O_WRONLY);
    const sink = backgroundSink(fd, 256 * 1024);
    const line = new TextEncoder().encode(`${"z".repeat(4095)}\n`);
    for (let i = 0; i < 40; i++) sink.write(line); // 160 KiB: more than the pipe holds
    let flushed = false;
    void sink.flush(60_000).then(() => (flushed = true));
    const stuck = await Promise.race([sink.flush(50).then(() => "returned"), Bun.sleep(5_000).then(() => "hung")]);
    expect(stuck).toBe("returned");
    expect(flushed).toBe(false);
    let arrived = 0;
    for (let tries = 0; tries < 1000 && !flushed; tries++) {
      arrived += drain(readEnd).length;
      await Bun.sleep(2);
    }
    arrived += drain(readEnd).length;
    expect(flushed).toBe(true);
    expect(arrived).toBe(40 * line.length);
    closeSync(fd);
    closeSync(readEnd);
  });
});
