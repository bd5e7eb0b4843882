// Loading a big policy, in process: 10,000 generated rules (the scale issue
// 10 measured as quadratic), from TOML text to a compiled, tested policy, and
// the longest single step between yields — what bounds how long the
// extension goes without answering while it loads (slices are ~50 ms).
import { homedir } from "node:os";
import { inlineTestSteps } from "../../src/policy/checks/inline-tests.ts";
import { loadPolicySteps } from "../../src/policy/load/load.ts";
import { directEngineDeps } from "../../src/policy/load/load-file.ts";
import type { Steps } from "../../src/policy/steps.ts";

function generatedPolicy(rules: number): string {
  let text = 'version = 1\ninclude = ["builtin:git"]\n';
  for (let index = 0; index < rules; index++) {
    text += `\n[[rule]]\nid = "r${index}"\ntool = "bash"\nwhen = { command = "prog${index}", flags = ["-f|--force"] }\nunless = { paths = ["/tmp/**"] }\ndecision = "block"\nreason = "no ${index}"\n`;
  }
  return text;
}

/** Run steps to the end, timing the whole and the longest step. */
function timed<T>(steps: Steps<T>): { value: T; totalMs: number; longestStepMs: number; steps: number } {
  const started = performance.now();
  let last = started;
  let longest = 0;
  let count = 0;
  for (;;) {
    const next = steps.next();
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    count++;
    if (next.done) return { value: next.value, totalMs: now - started, longestStepMs: longest, steps: count };
  }
}

export function loadingRows(quick: boolean) {
  const sizes = quick ? [2_000] : [1_000, 4_000, 10_000];
  // A first load pays for module and detector set-up once; it is not the figure.
  timed(loadPolicySteps({ text: generatedPolicy(100), file: "warm.toml", home: homedir(), deps: directEngineDeps() }));
  console.log("\n| policy load, in process       | bytes     | total     | longest step | steps  |");
  console.log("|-------------------------------|-----------|-----------|--------------|--------|");
  for (const size of sizes) {
    const text = generatedPolicy(size);
    const runs = quick ? 1 : 3;
    let best: ReturnType<typeof timed<unknown>> | undefined;
    for (let run = 0; run < runs; run++) {
      const load = timed(loadPolicySteps({ text, file: "big.toml", home: homedir(), deps: directEngineDeps() }));
      if (!load.value.ok) throw new Error("the generated policy does not load");
      const tests = timed(inlineTestSteps(load.value.policy));
      const total = { value: undefined, totalMs: load.totalMs + tests.totalMs, longestStepMs: Math.max(load.longestStepMs, tests.longestStepMs), steps: load.steps + tests.steps };
      if (!best || total.totalMs < best.totalMs) best = total;
    }
    const cells = [
      `${size.toLocaleString("en")} rules (+ builtin:git)`,
      `${(text.length / 1024).toFixed(0)} KiB`,
      `${best!.totalMs.toFixed(0)} ms`,
      `${best!.longestStepMs.toFixed(1)} ms`,
      String(best!.steps),
    ];
    console.log(`| ${cells[0]!.padEnd(29)} | ${cells[1]!.padEnd(9)} | ${cells[2]!.padEnd(9)} | ${cells[3]!.padEnd(12)} | ${cells[4]!.padEnd(6)} |`);
  }
  console.log("target: 10,000 rules well under 1 s; no step longer than the 50 ms slice by much (best of 3 runs)");
}
