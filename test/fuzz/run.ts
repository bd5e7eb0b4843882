// bun run fuzz [--seconds N] [--seed N] [--target NAME[,NAME…]] [--cases N] [--only K]
//
// Runs the fuzz targets against bin/synaps-policy (built first if stale) and
// the frame decoder in process. The seed is printed; the same seed gives the
// same cases. --only K replays one case; --cases N stops each target after N.
import { buildHostIfStale } from "../../build.ts";
import { describeFinding, fuzz, TARGETS } from "./fuzz.ts";
import { freshSeed } from "./random.ts";

const USAGE = "usage: bun run fuzz [--seconds N] [--seed N] [--target NAME[,NAME…]] [--cases N] [--only K]";

function parse(argv: string[]) {
  const options = { seconds: 60, seed: freshSeed(), targets: TARGETS, cases: Number.MAX_SAFE_INTEGER, only: undefined as number | undefined };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[++i];
    if (value === undefined) throw new Error(`${flag} needs a value\n${USAGE}`);
    const number = Number(value);
    switch (flag) {
      case "--seconds":
        options.seconds = number;
        break;
      case "--seed":
        options.seed = number >>> 0;
        break;
      case "--cases":
        options.cases = number;
        break;
      case "--only":
        options.only = number;
        break;
      case "--target": {
        const names = value.split(",");
        const unknown = names.filter((name) => !TARGETS.some((target) => target.name === name));
        if (unknown.length > 0) throw new Error(`unknown target ${unknown.join(", ")}; targets: ${TARGETS.map((target) => target.name).join(", ")}`);
        options.targets = TARGETS.filter((target) => names.includes(target.name));
        break;
      }
      default:
        throw new Error(`unknown option ${flag}\n${USAGE}`);
    }
    if (flag !== "--target" && !Number.isFinite(number)) throw new Error(`${flag} takes a number\n${USAGE}`);
  }
  return options;
}

let options: ReturnType<typeof parse>;
try {
  options = parse(process.argv.slice(2));
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
await buildHostIfStale();
console.log(
  `fuzz: seed ${options.seed}; targets ${options.targets.map((target) => target.name).join(", ")}; ${options.only !== undefined ? `case ${options.only} only` : `${options.seconds} s`}`,
);
console.log(`      replay with: bun run fuzz --seed ${options.seed}`);
const summaries = await fuzz({ ...options, log: (line) => console.log(`  ${line}`) });
const findings = summaries.flatMap((summary) => summary.findings);
for (const finding of findings) console.log(`\n${describeFinding(finding)}`);
console.log(
  `\nfuzz: ${summaries.reduce((sum, summary) => sum + summary.cases, 0)} cases, ${findings.length} finding${findings.length === 1 ? "" : "s"} (seed ${options.seed}); known failures: test/fuzz/known-failures.md`,
);
process.exit(findings.length > 0 ? 1 : 0);
