// The remote-resource packs and the catalogue they are made from: the
// committed pack files are what the catalogue makes, every destroying command
// shape has exactly one category, every example asks (through the rule named
// for its category and tool) or passes under the default policy, the README
// lists what the data holds, and `check --explain` names the tool, the verb
// and the category. UPDATE_PACKS=1 rewrites the pack files and the README list.
import { describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CATEGORY_NAMES } from "../../src/shell/programs/remote/categories.ts";
import { REMOTE_CLIS } from "../../src/shell/programs/remote/catalogue.ts";
import { describePoint } from "../../src/shell/programs/remote/destroy-points.ts";
import { BUILTIN_PACK_NAMES } from "../../src/policy/load/packs.ts";
import { defaultPolicyText } from "../../src/policy/load/load-file.ts";
import { evaluate, overrideEffects } from "../../src/policy/engine/index.ts";
import { checkEvent } from "../../src/report/check-input.ts";
import { describeVerdict, exitCodeOf } from "../../src/report/describe-verdict.ts";
import { decide, policyOf } from "../support/decide.ts";
import { clisIn, destroyPointsOf, packOf, readmeList, remotePacks, ruleId } from "../support/remote-packs.ts";
import { setTestLimit } from "../support/test-limit.ts";

setTestLimit();

const ROOT = join(import.meta.dir, "../..");
const UPDATE = process.env.UPDATE_PACKS === "1";
const README_START = "<!-- remote-categories:start -->";
const README_END = "<!-- remote-categories:end -->";

describe("the packs are made from the catalogue", () => {
  for (const [name, text] of remotePacks()) {
    test(`src/policy/packs/${name}.toml`, () => {
      const file = join(ROOT, "src/policy/packs", `${name}.toml`);
      if (UPDATE) writeFileSync(file, text);
      expect(readFileSync(file, "utf8")).toBe(text);
    });
  }

  test("every pack is built in and included by the default policy", () => {
    for (const name of remotePacks().keys()) {
      expect(BUILTIN_PACK_NAMES).toContain(name);
      expect(defaultPolicyText).toContain(`"builtin:${name}"`);
    }
  });

  test("the README lists every category and tool", () => {
    const file = join(ROOT, "README.md");
    const readme = readFileSync(file, "utf8");
    const start = readme.indexOf(README_START);
    const end = readme.indexOf(README_END);
    expect(start).toBeGreaterThan(0);
    expect(end).toBeGreaterThan(start);
    const updated = `${readme.slice(0, start + README_START.length)}\n${readmeList()}\n${readme.slice(end)}`;
    if (UPDATE) writeFileSync(file, updated);
    expect(readFileSync(file, "utf8")).toBe(updated);
  });
});

describe("the catalogue", () => {
  test("program names and ids are unique", () => {
    const names = REMOTE_CLIS.flatMap((cli) => cli.names);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(REMOTE_CLIS.map((cli) => cli.id)).size).toBe(REMOTE_CLIS.length);
  });

  test("every category has tools, and dcg's categories are all covered", () => {
    for (const category of CATEGORY_NAMES) expect(clisIn(category).length).toBeGreaterThan(0);
    const dcg = [
      "apigateway",
      "backup",
      "cdn",
      "cicd",
      "cloud",
      "containers",
      "databases",
      "dns",
      "email",
      "featureflags",
      "loadbalancer",
      "messaging",
      "monitoring",
      "payment",
      "platform",
      "sync",
      "search",
      "secrets",
      "storage",
    ];
    for (const category of dcg) expect(CATEGORY_NAMES as string[]).toContain(category);
  });

  for (const cli of REMOTE_CLIS) {
    test(`${cli.id}: each destroying shape has one category, and each category has examples`, () => {
      const points = destroyPointsOf(cli);
      const unclear = points.filter((point) => point.categories.length !== 1).map((point) => `${describePoint(point)}: [${point.categories.join(", ")}]`);
      expect(unclear).toEqual([]);
      const categories = new Set([...points.map((point) => point.categories[0]!), ...(cli.alsoAsksWhen ?? []).map((when) => when.category)]);
      expect(new Set(Object.keys(cli.examples))).toEqual(categories);
    });
  }
});

describe("every example asks through its rule, or passes (default policy)", () => {
  for (const cli of REMOTE_CLIS) {
    for (const [category, examples] of Object.entries(cli.examples)) {
      const id = ruleId(category as never, cli);
      test(`${id}`, () => {
        // Another pack may ask first (`supabase db reset` is also a migration reset); this category's rule must match too.
        for (const input of examples.asks) expect({ input, ...asked(decide(input), id) }).toEqual({ input, decision: "confirm", rule: id });
        for (const input of examples.passes ?? []) expect({ input, ...pick(decide(input)) }).toEqual({ input, decision: "continue", rule: undefined });
      });
    }
  }
});

const pick = ({ decision, rule }: { decision: string; rule: string | undefined }) => ({ decision, rule });
const asked = ({ decision, verdict }: ReturnType<typeof decide>, id: string) => ({ decision, rule: verdict.matched.some((ref) => ref.id === id) ? id : `${id} did not match` });

describe("what a person is asked", () => {
  test("an HTTP DELETE names the host", () => {
    expect(decide("curl -sS -H 'Accept: application/json' -X DELETE https://api.stripe.com/v1/customers/cus_123").reason).toStartWith(
      "This curl request deletes something on api.stripe.com. Send it?",
    );
    expect(decide("http DELETE api.example.com/v1/users/42").reason).toContain("on api.example.com.");
  });

  test("the message names the category and the tool; the command follows", () => {
    expect(decide("kubectl delete ns staging").reason).toBe("This deletes or irreversibly changes Kubernetes clusters (Kubernetes CLI). Run it? — kubectl delete ns staging");
  });

  test("for a representative line of each pack, check names the pack and the rule", () => {
    for (const category of CATEGORY_NAMES) {
      const cli = clisIn(category)[0]!;
      const verdict = decide(cli.examples[category]!.asks[0]!).verdict;
      expect(describeVerdict(policyOf(), verdict, false)).toContain(`rule:     ${ruleId(category, cli)} (builtin:${packOf(category)}:`);
    }
  });

  test("check --explain names the tool, the verb and the category", () => {
    // What `check bash INPUT --explain` runs and prints, under the default policy.
    const policy = policyOf();
    const event = checkEvent(policy, "bash", "aws --profile prod s3 rm s3://assets/tmp --recursive");
    const verdict = evaluate(policy, event);
    const stdout = describeVerdict(policy, verdict, true, event.hook === "before_tool_call" ? overrideEffects(policy, event) : []);
    expect(exitCodeOf(verdict)).toBe(3);
    expect(stdout).toContain(`rule:     remote-storage-aws (builtin:${packOf("storage")}`);
    expect(stdout).toContain("subcommand s3 rm");
    expect(stdout).toMatch(/tags\s+"storage" "destroy"/);
  });
});
