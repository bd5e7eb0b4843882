// Redaction of 256 KiB tool outputs, in process: the shipped detector registry
// (secretlint's preset and our own), and each source alone, on outputs an
// agent really gets — and the worst case, which must end in the budget.
import { readFileSync } from "node:fs";
import type { Detector } from "../../src/match/secrets/detector.ts";
import { outputBudget, redactOutput } from "../../src/match/secrets/redact.ts";
import { allDetectors } from "../../src/match/secrets/registry.ts";
import { percentile } from "./pipe-client.ts";

const SIZE = 256 * 1024;
const fill = (piece: (index: number) => string) => {
  let text = "";
  for (let index = 0; text.length < SIZE; index++) text += piece(index);
  return text.slice(0, SIZE);
};

const corpus = readFileSync(new URL("../fixtures/secrets/secrets.tsv", import.meta.url), "utf8")
  .split("\n")
  .filter((line) => line.startsWith("secret\t"))
  .map((line) => line.split("\t")[2]!.replaceAll("\\n", "\n"));

const OUTPUTS: Array<[string, string]> = [
  ["build log, no secrets", fill((i) => `[${i}] compiling src/module${i % 97}.ts … ok (${i % 13} ms)\n`)],
  [
    "source code (token, password as words)",
    fill((i) => `export function check${i}(token: string, password = getPassword()) {\n  if (!token) throw new Error("no token");\n  return hash(password + ${i});\n}\n`),
  ],
  ["env dump, 1 secret per 40 lines", fill((i) => (i % 40 === 0 ? `${corpus[i % corpus.length]}\n` : `VAR_${i}=value-${i}\n`))],
  ["minified bundle, one line", fill((i) => `function a${i}(b){return b.token?c${i}(b):d(b.password,${i})};`)],
  ["worst case: one line of trigger words", `password=${"token secret api_key sk-ant- ghp_ ".repeat(8_000)}`.slice(0, SIZE)],
  ["worst case: one detector's literal, no secret", fill(() => "-secret_key ")],
];

function time(text: string, detectors: readonly Detector[], runs: number): { p50: number; p90: number; outcome: string } {
  const times: number[] = [];
  let outcome = "";
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const result = redactOutput(
      text,
      detectors,
      outputBudget(() => performance.now()),
    );
    times.push(performance.now() - started);
    outcome =
      result.kind === "redacted"
        ? `redacted ${result.findings.length}`
        : result.kind === "budget-spent"
          ? `withheld ${result.unchecked.reduce((sum, span) => sum + span.end - span.start, 0)} chars: ${result.reason}`
          : result.kind;
  }
  return { p50: percentile(times, 50), p90: percentile(times, 90), outcome };
}

export function redactionRows(quick: boolean) {
  const started = performance.now();
  const shipped = allDetectors();
  console.log(`detector registry: ${shipped.length} detectors compiled in ${(performance.now() - started).toFixed(1)} ms (first use)`);
  const sources: Array<[string, readonly Detector[]]> = [
    ["shipped", shipped],
    ["secretlint only", shipped.filter((d) => d.origin === "secretlint")],
    ["own only", shipped.filter((d) => d.origin === "synaps-policy")],
  ];
  const runs = quick ? 10 : 40;
  const widths = [40, 16, 9, 9, 24];
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(" | ")} |`;
  console.log(line(["redact 256 KiB output", "detectors", "p50", "p90", "outcome"]));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const [label, text] of OUTPUTS) {
    for (const [source, detectors] of sources) {
      if (source !== "shipped" && label.startsWith("worst")) continue;
      const { p50, p90, outcome } = time(text, detectors, runs);
      console.log(line([label, source, `${p50.toFixed(2)} ms`, `${p90.toFixed(2)} ms`, outcome]));
    }
  }
  console.log("target: ≤ 10 ms median on a 256 KiB output; budget 50 ms, then the output is withheld\n");
}
