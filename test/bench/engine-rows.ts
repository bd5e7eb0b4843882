// The engine on its own, in process: parse + evaluate for a typical command
// and for a 10 KB script, with no memo of shell views.
import { homedir } from "node:os";
import { evaluate } from "../../src/policy/engine/engine.ts";
import { loadPolicy } from "../../src/policy/load/load.ts";
import { directEngineDeps } from "../../src/policy/load/load-file.ts";
import defaultPolicy from "../../src/policy/default-policy.toml" with { type: "text" };
import { percentile } from "./pipe-client.ts";

const TEN_KB_SCRIPT = Array.from(
  { length: 72 },
  (_, i) => `if [ -f "build/out${i}.js" ]; then cp "build/out${i}.js" "dist/" && echo "copied ${i}" | tee -a build.log; else npm run build -- --filter=pkg${i}; fi`,
).join("\n");

export async function engineRows(quick: boolean) {
  const started = performance.now();
  const loaded = loadPolicy({ text: defaultPolicy, file: "default", home: homedir(), format: "toml", deps: directEngineDeps() });
  const loadMs = performance.now() - started;
  if (!loaded.ok) throw new Error("the default policy does not load");
  const rows: string[][] = [];
  for (const [label, command] of [
    ["typical command", "git status && git diff --stat | head -20"],
    [`${(TEN_KB_SCRIPT.length / 1024).toFixed(1)} KB script`, TEN_KB_SCRIPT],
  ] as const) {
    // A fresh comment each run: this is parse + evaluate every time, never a memo.
    const event = (index: number) => ({ hook: "before_tool_call" as const, tool: ["bash"], input: { command: `${command} # ${index}` } });
    const verdict = evaluate(loaded.policy, event(-1));
    const times: number[] = [];
    const runs = quick ? 300 : 3_000;
    for (let i = 0; i < runs / 10; i++) evaluate(loaded.policy, event(-2 - i));
    for (let i = 0; i < runs; i++) {
      const next = event(i);
      const begun = performance.now();
      evaluate(loaded.policy, next);
      times.push(performance.now() - begun);
    }
    rows.push([
      label,
      `${verdict.view?.commands.length ?? 0}`,
      `${(percentile(times, 50) * 1000).toFixed(0)} µs`,
      `${(percentile(times, 99) * 1000).toFixed(0)} µs`,
      verdict.decision.kind,
    ]);
  }
  console.log(`default policy load (parse, validate, compile, packs), in process: ${loadMs.toFixed(1)} ms — done after the handshake, off its path`);
  const widths = [24, 8, 8, 8, 8];
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(" | ")} |`;
  console.log(line(["parse + evaluate", "commands", "p50", "p99", "decision"]));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const row of rows) console.log(line(row));
}
