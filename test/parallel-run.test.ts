// Bare `bun test` spreads itself over the cores (test/support/parallel-run.ts);
// runs that drive the binary, or whose flags want one process, do not.
import { describe, expect, test } from "bun:test";
import { RUN_FOLDER_ENV, SERIAL_ENV, spreadArgs } from "./support/parallel-run.ts";
import { setTestLimit } from "./support/test-limit.ts";

setTestLimit();

const IDLE = { cores: 2, load: 0.2 };
const SPREAD = ["test", "--parallel=2", "--no-isolate", "--no-orphans"];

describe("spreadArgs", () => {
  test("bare `bun test`, `bun run test` and CI's run are spread, their own flags and filters kept", () => {
    expect(spreadArgs(["bun", "test"], {}, IDLE)).toEqual(SPREAD);
    expect(spreadArgs(["bun", "test", "--timeout", "60000"], {}, IDLE)).toEqual([...SPREAD, "--timeout", "60000"]);
    expect(spreadArgs(["bun", "test", "--timeout", "60000", "--reporter=junit", "--reporter-outfile=/tmp/r/test.xml"], {}, IDLE)).toEqual([
      ...SPREAD,
      "--timeout",
      "60000",
      "--reporter=junit",
      "--reporter-outfile=/tmp/r/test.xml",
    ]);
    expect(spreadArgs(["bun", "test", "corpus", "-t", "benign"], {}, { cores: 4, load: 0.3 })).toEqual([
      "test",
      "--parallel=4",
      "--no-isolate",
      "--no-orphans",
      "corpus",
      "-t",
      "benign",
    ]);
  });

  test("a run that drives the binary stays as it is", () => {
    expect(spreadArgs(["bun", "test", "--timeout", "60000", "./test/cli.e2e.ts"], {}, IDLE)).toBeUndefined();
    expect(spreadArgs(["bun", "test", "--preload", "./test/release/teardown.ts", "./test/release/archives.release.ts"], {}, IDLE)).toBeUndefined();
  });

  test("flags that want one process, or the parallel flags named by hand, keep the run as asked", () => {
    for (const flag of [
      "--parallel",
      "--parallel=3",
      "--isolate",
      "--no-isolate",
      "--test-worker",
      "--watch",
      "--hot",
      "--coverage",
      "--coverage-reporter=lcov",
      "--inspect-brk",
    ]) {
      expect(spreadArgs(["bun", "test", flag], {}, IDLE)).toBeUndefined();
    }
    expect(spreadArgs(["bun", "test", "--only"], {}, IDLE)).toEqual([...SPREAD, "--only"]);
  });

  test("a machine whose cores are already busy keeps the run in one process; one with a core free spreads it", () => {
    expect(spreadArgs(["bun", "test"], {}, { cores: 2, load: 2 })).toBeUndefined();
    expect(spreadArgs(["bun", "test"], {}, { cores: 2, load: 11.5 })).toBeUndefined();
    expect(spreadArgs(["bun", "test"], {}, { cores: 2, load: 1.2 })).toEqual(SPREAD);
    expect(spreadArgs(["bun", "test"], {}, { cores: 8, load: 3 })).toEqual(["test", "--parallel=8", "--no-isolate", "--no-orphans"]);
  });

  test("one core, the serial switch, a worker, or a run already spread: no spreading", () => {
    expect(spreadArgs(["bun", "test"], {}, { cores: 1, load: 0 })).toBeUndefined();
    expect(spreadArgs(["bun", "test"], { [SERIAL_ENV]: "1" }, IDLE)).toBeUndefined();
    expect(spreadArgs(["bun", "test"], { BUN_TEST_WORKER_ID: "1" }, IDLE)).toBeUndefined();
    expect(spreadArgs(["bun", "test"], { [RUN_FOLDER_ENV]: "/tmp/synaps-policy-test-run-1-x" }, IDLE)).toBeUndefined();
  });

  test("a command line that cannot be read, or is not `bun test`, is left alone", () => {
    expect(spreadArgs(undefined, {}, IDLE)).toBeUndefined();
    expect(spreadArgs(["bun", "run", "test/demo.ts"], {}, IDLE)).toBeUndefined();
  });
});
