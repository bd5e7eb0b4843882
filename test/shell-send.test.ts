// shell_send, the extension in process: each session's partial line is kept
// between sends, so a dangerous line split across two sends is judged whole,
// and a blocked send does not change what the shell holds.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { pluginFolder, toolCall } from "./support/host-events.ts";
import { type InProcessHost, startHost } from "./support/in-process-host.ts";
import { setTestLimit } from "./support/test-limit.ts";

setTestLimit();

let ext: InProcessHost;
beforeAll(async () => {
  ext = await startHost(pluginFolder());
});
afterAll(async () => {
  ext.close();
});

const send = async (session: string, input: string) => await ext.request("hook.handle", toolCall("shell_send", { session_id: session, input }));

test("a line split over two sends is judged when it is complete", async () => {
  expect(await send("a", "rm -rf ")).toEqual({ action: "continue" });
  expect((await send("a", "~\\n")).action).toBe("block");
});

test("sessions keep their own partial lines", async () => {
  expect(await send("b", "echo ")).toEqual({ action: "continue" });
  expect(await send("c", "rm -rf ")).toEqual({ action: "continue" });
  expect(await send("b", "hello\\n")).toEqual({ action: "continue" });
  expect((await send("c", "/\\n")).action).toBe("block");
});

test("escapes and line editing are applied before judging", async () => {
  expect((await send("d", "true\\nrm -rf ~\\n")).action).toBe("block");
  expect((await send("e", "ls safe\\x15rm -rf ~\\n")).action).toBe("block");
  expect(await send("f", "y\\n")).toEqual({ action: "continue" });
});
