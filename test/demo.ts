// `bun run demo`: builds the executable if needed, then plays a short, realistic
// SynapsCLI session against it over pipes and prints what the host would see.
import { buildHostIfStale } from "../build.ts";
import { bashCall, ExtensionProcess, hookEvent, HOST_BINARY } from "./harness.ts";

const color = process.stdout.isTTY
  ? { dim: (s: string) => `\x1b[2m${s}\x1b[0m`, bold: (s: string) => `\x1b[1m${s}\x1b[0m`, red: (s: string) => `\x1b[31m${s}\x1b[0m`, green: (s: string) => `\x1b[32m${s}\x1b[0m`, yellow: (s: string) => `\x1b[33m${s}\x1b[0m` }
  : { dim: (s: string) => s, bold: (s: string) => s, red: (s: string) => s, green: (s: string) => s, yellow: (s: string) => s };

if (await buildHostIfStale()) console.log(color.dim(`built ${HOST_BINARY}`));

const ext = new ExtensionProcess({ cwd: `${import.meta.dir}/..` });
const say = (line: string) => console.log(line);

async function step(label: string, method: string, params: unknown) {
  const started = performance.now();
  const answer = await ext.request(method, params);
  const ms = (performance.now() - started).toFixed(2);
  say(`${color.bold("host →")} ${method} ${color.dim(label)}`);
  say(`${color.bold("     ←")} ${describe(answer.result)} ${color.dim(`(${ms} ms)`)}`);
  return answer;
}

function describe(result: any): string {
  if (result && typeof result === "object" && "action" in result) {
    const text = JSON.stringify(result);
    if (result.action === "block") return color.red(text);
    if (result.action === "confirm") return color.yellow(text);
    return color.green(text);
  }
  const text = JSON.stringify(result);
  return text.length > 160 ? `${text.slice(0, 160)}…` : text;
}

say(color.bold("synaps-policy demo: a SynapsCLI session, as the host sees it\n"));
await step("handshake", "initialize", {
  synaps_version: "demo",
  extension_protocol_version: 1,
  plugin_id: "synaps-policy",
  plugin_root: `${import.meta.dir}/..`,
  config: {},
});
await step("", "info.get", null);
await step("the model calls synaps-policy_hello", "tool.call", { name: "hello", input: { name: "Ada" } });

const commands = [
  "ls -la",
  "git status && git diff --stat",
  "rm -rf /tmp/build-cache",
  "rm -rf /home/me",
  "bun test",
];
for (const command of commands) await step(`before_tool_call bash: ${command}`, "hook.handle", bashCall(command));
await step("after the session", "hook.handle", hookEvent("on_session_end"));
await step("", "shutdown", null);
const code = await ext.exitCode();
say(color.dim(`\nextension exited with code ${code}`));
process.exit(code);
