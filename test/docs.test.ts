// The README is the reference: its key reference and audit record table are
// generated (bun run docs) from the schema and the record's field list, and
// this fails when they have drifted apart — change the schema, run the script.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { AUDIT_FIELDS } from "../src/report/audit-record.ts";
import { generatedSections, README, withSections } from "./docs/readme-reference.ts";
import { setTestLimit } from "./support/test-limit.ts";

setTestLimit();

describe("README.md", () => {
  const readme = readFileSync(README, "utf8");

  test("its generated sections match the schema and the audit record (run `bun run docs` to update)", () => {
    expect(withSections(readme, generatedSections())).toBe(readme);
  });

  test("every policy key appears in the reference", () => {
    for (const key of [
      "mode",
      "include",
      "override",
      "rules",
      "on_error",
      "max_input_bytes",
      "wrappers",
      "tools",
      "flow",
      "through",
      "remote_code",
      "policy_summary",
      "expect",
      "enabled",
      "hook",
      "description",
    ]) {
      expect(readme).toContain(`| \`${key}\``);
    }
  });

  test("every audit record field is documented", () => {
    for (const field of AUDIT_FIELDS) expect(readme).toContain(`| \`${field.name}\` |`);
  });
});
