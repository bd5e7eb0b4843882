// The engine on its own, in process: how long the grammar takes to start,
// and parse + evaluate for a typical command and for a 10 KB script.
import { homedir } from "node:os";
import { loadBashParser } from "../../src/match/shell/parser.ts";
import { evaluate } from "../../src/policy/engine.ts";
import { loadPolicy } from "../../src/policy/load.ts";
import defaultPolicy from "../../src/policy/default-policy.toml" with { type: "text" };
import { percentile } from "./pipe-client.ts";

const TEN_KB_SCRIPT = Array.from(
  { length: 72 },
  (_, i) => `if [ -f "build/out${i}.js" ]; then cp "build/out${i}.js" "dist/" && echo "copied ${i}" | tee -a build.log; else npm run build -- --filter=pkg${i}; fi`,
).join("\n");

export async function engineRows(quick: boolean) {
  const started = performance.now();
  const parser = await loadBashParser();
  const grammarMs = performance.now() - started;
  const loaded = loadPolicy({ text: defaultPolicy, file: "default", home: homedir(), format: "toml" });
  if (!loaded.ok) throw new Error("the default policy does not load");
  const rows: string[][] = [];
  for (const [label, command] of [
    ["typical command", "git status && git diff --stat | head -20"],
    [`${(TEN_KB_SCRIPT.length / 1024).toFixed(1)} KB script`, TEN_KB_SCRIPT],
  ] as const) {
    // A fresh comment each run defeats the engine's memo of shell views: this is parse + evaluate every time.
    const event = (index: number) => ({ kind: "before_tool_call", tool_name: "bash", tool_runtime_name: "bash", tool_input: { command: `${command} # ${index}` }, tool_output: null, message: null, session_id: null, transcript: null, data: null });
    const verdict = evaluate(loaded.policy, event(-1), parser);
    const times: number[] = [];
    const runs = quick ? 300 : 3_000;
    for (let i = 0; i < runs / 10; i++) evaluate(loaded.policy, event(-2 - i), parser);
    for (let i = 0; i < runs; i++) {
      const next = event(i);
      const begun = performance.now();
      evaluate(loaded.policy, next, parser);
      times.push(performance.now() - begun);
    }
    rows.push([label, `${verdict.view?.commands.length ?? 0}`, `${(percentile(times, 50) * 1000).toFixed(0)} µs`, `${(percentile(times, 99) * 1000).toFixed(0)} µs`, verdict.decision.kind]);
  }
  console.log(`tree-sitter-bash start-up (wasm runtime + grammar), in process: ${grammarMs.toFixed(1)} ms — done after the handshake, off its path`);
  const widths = [24, 8, 8, 8, 8];
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(" | ")} |`;
  console.log(line(["parse + evaluate", "commands", "p50", "p99", "decision"]));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const row of rows) console.log(line(row));
}
