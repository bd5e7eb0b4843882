// Target "policies": mutations of the embedded starter (written by
// `synaps-policy init`) and of the built-in packs, in TOML, JSON and YAML,
// through `synaps-policy validate FILE` and through the extension with
// config.policy_file pointing at the file. validate must end on its own with
// exit 0 or 1 and no stack trace; the extension must answer every host
// request well, whatever the file holds.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { parse as parseToml, stringify as stringifyToml } from "smol-toml";
import YAML from "yaml";
import { HOST_BINARY, ROOT } from "../../../build.ts";
import type { Random } from "../random.ts";
import { Session } from "../session.ts";
import type { Target, TargetRun } from "../target.ts";
import { hugeString, oddString } from "../values.ts";
import { hookEvent } from "../../harness.ts";

type Source = { name: string; text: string };
type Format = "toml" | "json" | "yaml";

/** How long `validate` may take before it counts as hanging: far more than any policy should need. */
const VALIDATE_LIMIT_MS = 10_000;

const ADVERSARIAL_PATTERNS = [
  "(a+)+$",
  "[a-z]{1,1000}[0-9]",
  "(?i)password",
  "x(?i)y",
  "\\",
  "[",
  "(",
  "\\x41",
  "\\d{1,3}\\.\\d{1,3}",
  "**/**/**",
  "{a,b",
  "**/.env*",
  "~/**",
  "",
  "*",
  "[!a-z]",
  "(?P<n>x)",
  "\\p{L}+",
  "a{100000}",
];
const ODD_INCLUDES = ["builtin:nope", "builtin:git", "builtin:git", "/dev/null", "~/nope.toml", "*.toml", "policy.toml", "../policy.toml", "packs/**/*.toml", ""];

export const policiesTarget: Target = {
  name: "policies",
  kind: "custom",
  about: "mutated starter policy and packs, in TOML, JSON and YAML, through validate and the extension",
  async run(run) {
    const sources = loadSources();
    for (; run.more(); run.advance()) {
      const rng = run.rngFor(run.caseIndex);
      const source = rng.pick(sources);
      const format = rng.pick(["toml", "json", "yaml"] as const);
      const { text, label } = mutatePolicy(rng, source, format);
      const dir = mkdtempSync(join(tmpdir(), "synaps-policy-fuzz-policy-"));
      const file = join(dir, `policy.${format}`);
      writeFileSync(file, text);
      try {
        const problems = [...(await validate(file, dir)), ...(await serveWith(run, dir, basename(file)))];
        run.report(`${source.name} as ${format}: ${label}`, problems, text);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  },
};

let cachedSources: Source[] | undefined;

/** The starter as `init` writes it, and every built-in pack. */
function loadSources(): Source[] {
  if (cachedSources) return cachedSources;
  const dir = mkdtempSync(join(tmpdir(), "synaps-policy-fuzz-init-"));
  const init = Bun.spawnSync([HOST_BINARY, "init", join(dir, "policy.toml")], { stdout: "pipe", stderr: "pipe" });
  if (init.exitCode !== 0) throw new Error(`synaps-policy init failed: ${init.stderr.toString()}`);
  const starter = { name: "starter", text: readFileSync(join(dir, "policy.toml"), "utf8") };
  rmSync(dir, { recursive: true, force: true });
  const packsDir = join(ROOT, "src", "policy", "packs");
  const packs = readdirSync(packsDir)
    .filter((name) => name.endsWith(".toml"))
    .sort()
    .map((name) => ({ name: `pack ${name}`, text: readFileSync(join(packsDir, name), "utf8") }));
  cachedSources = [starter, ...packs];
  return cachedSources;
}

function mutatePolicy(rng: Random, source: Source, format: Format): { text: string; label: string } {
  const changes: string[] = [];
  const data = parseToml(source.text) as Record<string, unknown>;
  if (rng.chance(0.7)) {
    for (let n = rng.int(1, 4); n > 0; n--) changes.push(mutateTree(rng, data));
  }
  let text = serialise(data, format);
  if (format === "yaml" && rng.chance(0.05)) {
    text = aliasHeavy(rng, text);
    changes.push("many YAML aliases");
  }
  if (rng.chance(0.4)) {
    for (let n = rng.int(1, 4); n > 0; n--) {
      const result = mutateText(rng, text);
      text = result.text;
      changes.push(result.change);
    }
  }
  return { text, label: changes.length ? changes.join(", ") : "unchanged" };
}

function serialise(data: unknown, format: Format): string {
  try {
    if (format === "toml") return stringifyToml(data as Record<string, unknown>);
    if (format === "yaml") return YAML.stringify(data);
  } catch {
    // a shape TOML cannot hold: write it as JSON text (the loader then reports a syntax error)
  }
  return JSON.stringify(data, null, 2);
}

/** One structural change somewhere in the tree; what it was. */
function mutateTree(rng: Random, root: Record<string, unknown>): string {
  const rules = Array.isArray(root.rule) ? (root.rule as Array<Record<string, unknown>>) : [];
  switch (rng.int(0, 9)) {
    case 0: {
      const [holder, key] = randomSlot(rng, root);
      if (Array.isArray(holder)) holder.splice(Number(key), 1);
      else delete holder[key];
      return `removed ${key}`;
    }
    case 1: {
      const [holder, key] = randomSlot(rng, root);
      (holder as Record<string, unknown>)[key] = plainWrongValue(rng);
      return `${key} mistyped`;
    }
    case 2: {
      if (rules.length === 0) return "no rule to copy";
      const rule = rng.pick(rules);
      const copies = rng.chance(0.1) ? rng.int(100, 3000) : 1;
      for (let i = 0; i < copies; i++) rules.push(rng.chance(0.5) ? structuredClone(rule) : rule);
      return `rule copied ${copies}×`;
    }
    case 3: {
      const [holder, key] = randomSlot(rng, root);
      (holder as Record<string, unknown>)[key] = rng.pick(ADVERSARIAL_PATTERNS);
      return `${key} = an odd pattern`;
    }
    case 4:
      root.include = Array.from({ length: rng.int(1, 4) }, () => rng.pick(ODD_INCLUDES));
      return "odd includes";
    case 5:
      root.defaults = { decision: rng.pick(["continue", "block", "confirm", "allow", "nope", ""]), on_error: rng.pick(["block", "confirm", "continue", "explode"]) };
      return "defaults changed";
    case 6: {
      if (rules.length === 0) return "no rule to modify";
      const rule = rng.pick(rules);
      rule.decision = "modify";
      rule.modify = { set: { [rng.pick(["command", "timeout", "a.b.c", "__proto__.x", "constructor.prototype.x", "", "."])]: rng.pick([1, "x", true]) } };
      return "modify.set on an odd path";
    }
    case 7: {
      const [holder, key] = randomSlot(rng, root);
      (holder as Record<string, unknown>)[key] = hugeString(rng);
      return `${key} huge`;
    }
    case 8:
      root.version = rng.pick([0, 2, -1, "1", 1.5, 1]);
      return "version changed";
    default: {
      const [holder, key] = randomSlot(rng, root);
      let deep: unknown = "x";
      for (let depth = rng.size(2000); depth > 0; depth--) deep = [deep];
      (holder as Record<string, unknown>)[key] = deep;
      return `${key} nested deep`;
    }
  }
}

/** A random key or index somewhere in the tree, with the object or array that holds it. */
function randomSlot(rng: Random, root: Record<string, unknown>): [Record<string, unknown> | unknown[], string] {
  let holder: Record<string, unknown> | unknown[] = root;
  for (let depth = 0; depth < 4; depth++) {
    const keys = Object.keys(holder);
    if (keys.length === 0) break;
    const key = rng.pick(keys);
    const value = (holder as Record<string, unknown>)[key];
    if (value === null || typeof value !== "object" || rng.chance(0.3)) return [holder, key];
    holder = value as Record<string, unknown> | unknown[];
  }
  return [holder, Array.isArray(holder) ? String(holder.length) : rng.pick(["id", "tool", "when", "decision", "reason", "x"])];
}

function plainWrongValue(rng: Random): unknown {
  return rng.pick<() => unknown>([
    () => null,
    () => 0,
    () => -1,
    () => 1e308,
    () => true,
    () => "",
    () => oddString(rng),
    () => [],
    () => [1, "x", {}],
    () => ({}),
    () => ({ x: 1 }),
  ])();
}

/** A YAML text with a block of anchors and aliases in front (the kind of file that once made every hook an RPC error). */
function aliasHeavy(rng: Random, text: string): string {
  const count = rng.int(50, 400);
  return `x-anchors:\n  base: &a [1, 2, 3]\n  many: [${Array.from({ length: count }, () => "*a").join(", ")}]\n${text}`;
}

function mutateText(rng: Random, text: string): { text: string; change: string } {
  const lines = text.split("\n");
  switch (rng.int(0, 5)) {
    case 0: {
      lines.splice(rng.int(0, lines.length - 1), 1);
      return { text: lines.join("\n"), change: "a line removed" };
    }
    case 1: {
      const at = rng.int(0, lines.length - 1);
      lines.splice(at, 0, lines[at]!);
      return { text: lines.join("\n"), change: "a line doubled" };
    }
    case 2:
      return { text: text.slice(0, rng.int(0, text.length)), change: "cut short" };
    case 3: {
      const at = rng.int(0, text.length);
      return {
        text: text.slice(0, at) + rng.pick(["\u0000", "\ufeff", '"', "'", "[", "]", "{", "}", "=", ":", "\n", "#", "&x ", "*x", "\\", "\ud800", oddString(rng)]) + text.slice(at),
        change: "a character inserted",
      };
    }
    case 4: {
      const at = rng.int(0, Math.max(0, text.length - 1));
      return { text: text.slice(0, at) + String.fromCharCode(rng.int(0, 255)) + text.slice(at + 1), change: "a character replaced" };
    }
    default: {
      const a = rng.int(0, lines.length - 1);
      const b = rng.int(0, lines.length - 1);
      [lines[a], lines[b]] = [lines[b]!, lines[a]!];
      return { text: lines.join("\n"), change: "two lines swapped" };
    }
  }
}

async function validate(file: string, cwd: string): Promise<string[]> {
  const proc = Bun.spawn([HOST_BINARY, "validate", file], {
    cwd,
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: cwd, LANG: "C.UTF-8" },
  });
  const timer = setTimeout(() => proc.kill("SIGKILL"), VALIDATE_LIMIT_MS);
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  clearTimeout(timer);
  const problems: string[] = [];
  if (proc.signalCode) problems.push(`validate did not finish on its own (${proc.signalCode}${proc.signalCode === "SIGKILL" ? `, killed after ${VALIDATE_LIMIT_MS} ms` : ""})`);
  else if (code !== 0 && code !== 1) problems.push(`validate exited ${code}`);
  if (/^\s+at /m.test(stderr) || stderr.includes("Bun v")) problems.push(`validate printed a stack trace: ${stderr.slice(0, 600)}`);
  if (stdout.trim() === "" && stderr.trim() === "") problems.push("validate said nothing");
  return problems.map((problem) => `validate: ${problem}`);
}

/** The extension with config.policy_file set to the file: every host request answered well, then a clean shutdown. */
async function serveWith(run: TargetRun, folder: string, policyFile: string): Promise<string[]> {
  const { session, problems } = await Session.start(run.ids, { folder, config: { policy_file: policyFile, audit_log: "logs/audit.jsonl" } });
  try {
    const event = (kind: string, fields: Record<string, unknown>) => hookEvent(kind, { session_id: "fuzz", ...fields });
    const requests: Array<[Parameters<Session["requestChecked"]>[0], unknown]> = [
      ["hook.handle", event("before_tool_call", { tool_name: "bash", tool_runtime_name: "bash", tool_input: { command: "rm -rf ~" } })],
      ["hook.handle", event("before_tool_call", { tool_name: "bash", tool_runtime_name: "bash", tool_input: { command: "ls -la" } })],
      ["hook.handle", event("before_tool_call", { tool_name: "read", tool_runtime_name: "read", tool_input: { path: "~/.ssh/id_rsa" } })],
      [
        "hook.handle",
        event("after_tool_call", {
          tool_name: "bash",
          tool_runtime_name: "bash",
          tool_input: { command: "env" },
          tool_output: "password: hunter2\nAWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        }),
      ],
      ["hook.handle", event("on_session_start", {})],
      ["hook.handle", event("before_message", { message: "hello" })],
      ["tool.call", { name: "policy", input: { tool: "bash", input: { command: "rm -rf ~" } } }],
      ["command.invoke", { command: "policy", args: "status", request_id: "r1" }],
    ];
    for (const [method, params] of requests) {
      problems.push(...(await session.requestChecked(method, params)));
      if (!session.client.alive) break;
    }
    problems.push(...(await session.probe("after the policy requests")));
    problems.push(...(await session.finish()));
  } finally {
    await session.close({ keepFolder: true });
  }
  return [...new Set(problems)].map((problem) => `extension: ${problem}`);
}
