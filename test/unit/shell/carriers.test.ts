// Carriers (issue 16): every program the guard knows that runs a command,
// runs a program, reads or writes a file for its options, filled with the
// four payloads — a carried `rm -rf ~`, `curl … | sh`, read of
// ~/.ssh/id_rsa and write to ~/.bashrc — must be stopped by the embedded
// default policy, reached "via" the carrier; and ordinary uses must pass.
import { describe, expect, test } from "bun:test";
import { CARRIER_GROUPS, CARRIER_PROGRAMS } from "../../../src/shell/programs/carriers/index.ts";
import { builtinTables } from "../../../src/shell/programs/table.ts";
import { decide } from "../../support/decide.ts";
import { ARGV_PAYLOADS, CARRIER_CASES, type CarrierCase, COMMAND_PAYLOADS, PROGRAM_PATH, READ_PAYLOAD, WRITE_PAYLOAD } from "./carrier-cases.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

type Line = { line: string; carried: boolean };

/** The dangerous lines of one case for one program: each template filled with each payload. */
function dangerousLines(carrier: CarrierCase, program: string): Line[] {
  const lines: Line[] = [];
  const add = (templates: readonly string[] | undefined, placeholder: string, payloads: readonly string[], carried: boolean, prelude = (_payload: string) => "") => {
    for (const template of templates ?? []) {
      const filled = template.replaceAll("{P}", program);
      if (!filled.includes(placeholder)) lines.push({ line: filled, carried });
      else for (const payload of payloads) lines.push({ line: prelude(payload) + filled.replaceAll(placeholder, placeholder === "{PROG}" ? PROGRAM_PATH : payload), carried });
    }
  };
  add(carrier.runs, "{CMD}", COMMAND_PAYLOADS, true);
  add(carrier.argv, "{ARGV}", ARGV_PAYLOADS, true);
  add(carrier.launches, "{PROG}", COMMAND_PAYLOADS, true, (payload) => `echo '${payload}' > ${PROGRAM_PATH} && chmod +x ${PROGRAM_PATH} && `);
  add(carrier.reads, "{READ}", [READ_PAYLOAD], false);
  add(carrier.writes, "{WRITE}", [WRITE_PAYLOAD], false);
  return lines;
}

function notStopped(lines: Line[]): string[] {
  return lines.flatMap(({ line, carried }) => {
    const { decision, reason } = decide(line);
    if (decision !== "block" && decision !== "confirm") return [`${decision}: ${line}`];
    if (carried && !reason.includes("via ")) return [`stopped, but not through the carrier (${reason}): ${line}`];
    return [];
  });
}

function notPassed(lines: readonly string[]): string[] {
  return lines.flatMap((line) => {
    const { decision, reason } = decide(line);
    return decision === "continue" || decision === "allow" ? [] : [`${decision} (${reason}): ${line}`];
  });
}

for (const carrier of CARRIER_CASES) {
  describe(carrier.programs.join(", "), () => {
    for (const program of carrier.programs) {
      test(`${program}: every carried payload is stopped`, () => {
        const lines = dangerousLines(carrier, program);
        expect(lines.length).toBeGreaterThan(0);
        expect(notStopped(lines)).toEqual([]);
      });
      test(`${program}: ordinary uses pass`, () => {
        expect(notPassed(carrier.benign.map((template) => template.replaceAll("{P}", program)))).toEqual([]);
      });
    }
  });
}

describe("the cases cover the knowledge", () => {
  test("every program of the carrier tables has cases", () => {
    const covered = new Set(CARRIER_CASES.flatMap((carrier) => carrier.programs));
    expect(Object.keys(CARRIER_PROGRAMS).filter((name) => !covered.has(name))).toEqual([]);
  });

  test("a carrier table never replaces another table's program (it extends that entry instead), nor another group's", () => {
    const elsewhere = new Set(
      builtinTables()
        .filter((table) => table !== CARRIER_PROGRAMS)
        .flatMap((table) => Object.keys(table)),
    );
    const names = CARRIER_GROUPS.flatMap((group) => Object.keys(group.programs));
    expect(names.filter((name) => elsewhere.has(name))).toEqual([]);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });

  test("every case has something dangerous and something ordinary", () => {
    const empty = CARRIER_CASES.filter((carrier) => carrier.benign.length === 0 || dangerousLines(carrier, carrier.programs[0]!).length === 0);
    expect(empty.map((carrier) => carrier.programs.join(","))).toEqual([]);
  });
});
