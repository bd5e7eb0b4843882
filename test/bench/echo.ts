// The floor for `bun run bench`: a bare Content-Length server on the same
// runtime that answers every request at once with a fixed result. Whatever
// synaps-policy costs above this is its own work.
import { writeSync } from "node:fs";

let buffer = Buffer.alloc(0);
const encoder = new TextEncoder();

for await (const chunk of Bun.stdin.stream()) {
  buffer = Buffer.concat([buffer, chunk]);
  for (;;) {
    const headerEnd = buffer.indexOf("\r\n\r\n");
    if (headerEnd < 0) break;
    const length = Number(/content-length:\s*(\d+)/i.exec(buffer.subarray(0, headerEnd).toString("latin1"))?.[1]);
    if (buffer.length < headerEnd + 4 + length) break;
    const request = JSON.parse(buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString());
    buffer = buffer.subarray(headerEnd + 4 + length);
    const result = request.method === "initialize" ? { protocol_version: 1, capabilities: {} } : { action: "continue" };
    const body = encoder.encode(JSON.stringify({ jsonrpc: "2.0", id: request.id, result }));
    writeSync(1, Buffer.concat([encoder.encode(`Content-Length: ${body.length}\r\n\r\n`), body]));
    if (request.method === "shutdown") process.exit(0);
  }
}
