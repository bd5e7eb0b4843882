// The remote-resource packs as the catalogue makes them: one pack per
// category (`cloud` for cloud providers, `remote-<category>` for the rest),
// one rule per tool in it (`remote-<category>-<tool>`), its examples as the
// pack's [[test]]s. test/packs/remote-packs.test.ts checks the committed
// files against this text (UPDATE_PACKS=1 writes them).
import { CATEGORIES, type Category, CATEGORY_NAMES, DESTROY, DRY_RUN } from "../../src/shell/programs/remote/categories.ts";
import { DYNAMIC_SUBCOMMAND } from "../../src/shell/programs/spec.ts";
import { REMOTE_CLIS } from "../../src/shell/programs/remote/catalogue.ts";
import { type DestroyPoint, describePoint, destroyPoints } from "../../src/shell/programs/remote/destroy-points.ts";
import type { RemoteCli } from "../../src/shell/programs/remote/remote-cli.ts";

/** The pack a category's rules live in. */
export function packOf(category: Category): string {
  return category === "cloud" ? "cloud" : `remote-${category}`;
}

export function ruleId(category: Category, cli: RemoteCli): string {
  return `remote-${category}-${cli.id}`;
}

/** The tools with rules in a category, in catalogue order. */
export function clisIn(category: Category): RemoteCli[] {
  return REMOTE_CLIS.filter((cli) => cli.examples[category] !== undefined);
}

const toml = (text: string) => JSON.stringify(text);
const list = (items: readonly string[]) => `[${items.map(toml).join(", ")}]`;

const pointsByTool = new WeakMap<RemoteCli, DestroyPoint[]>();

/** Where a tool destroys: a walk over its whole grammar, so worked out once per run (every category of the tool asks). */
export function destroyPointsOf(cli: RemoteCli): readonly DestroyPoint[] {
  let points = pointsByTool.get(cli);
  if (points === undefined) {
    points = destroyPoints(cli.spec);
    pointsByTool.set(cli, points);
  }
  return points;
}

/** The verbs (and options) with which a tool destroys in a category: `rm, rb, sync --delete, delete-*, …`. */
function destroyingCommands(cli: RemoteCli, category: Category): string[] {
  const shown = destroyPointsOf(cli)
    .filter((point) => point.categories.includes(category))
    .map((point) => describePoint({ ...point, words: point.words.slice(-1) }));
  const extra = (cli.alsoAsksWhen ?? [])
    .filter((when) => when.category === category)
    .map((when) => (when.subcommand ? `${when.subcommand.split(" ").at(-1)} that deletes` : "a call to a deleting endpoint or mutation"));
  return [...new Set([...shown, ...extra])];
}

function describeRule(cli: RemoteCli, category: Category): string {
  const commands = destroyingCommands(cli, category);
  const shown = commands.length > 10 ? [...commands.slice(0, 10), "…"] : commands;
  const dynamic = category === primaryCategory(cli) && hasSubcommands(cli) ? "; a subcommand known only at run time" : "";
  return `${cli.about}: ${shown.join(", ")}${dynamic}`;
}

function hasSubcommands(cli: RemoteCli): boolean {
  return cli.spec.subcommands !== undefined && !cli.spec.optionalSubcommands;
}

function messageOf(cli: RemoteCli, category: Category): string {
  if (category === "http") return `This ${cli.about} request deletes something on {hosts}. Send it?`;
  return `This deletes or irreversibly changes ${CATEGORIES[category]} (${cli.about}). Run it?`;
}

/** A tool's first category: where a call whose verb is only known at run time (`kubectl $VERB …`) asks. */
function primaryCategory(cli: RemoteCli): Category {
  return Object.keys(cli.examples)[0] as Category;
}

function whenOf(cli: RemoteCli, category: Category): string {
  const command = `command = ${toml(cli.names.join("|"))}`;
  const network = cli.requires?.network ? ", network = true" : "";
  const tagged = `{ ${command}, tags = ${list([DESTROY, category])}${network} }`;
  const dynamic = category === primaryCategory(cli) && hasSubcommands(cli) ? [`{ ${command}, tags = ${list([DYNAMIC_SUBCOMMAND])}${network} }`] : [];
  const extra = (cli.alsoAsksWhen ?? [])
    .filter((when) => when.category === category)
    .map(
      (when) =>
        `{ ${command}${when.subcommand ? `, subcommand = ${toml(when.subcommand)}` : ""}${when.flags ? `, flags = ${list(when.flags)}` : ""}, args = ${list(when.args)}${network} }`,
    );
  const alternatives = [tagged, ...extra, ...dynamic];
  return alternatives.length === 1 ? tagged : `[\n  ${alternatives.join(",\n  ")},\n]`;
}

function unlessOf(cli: RemoteCli): string {
  const dryRun = `{ tags = ${list([DRY_RUN])} }`;
  if (!cli.passesFor) return dryRun;
  return `[\n  ${dryRun},\n  { hosts = ${list(cli.passesFor.hosts)}, ports = [${cli.passesFor.ports.join(", ")}] },\n]`;
}

function ruleText(cli: RemoteCli, category: Category): string {
  return [
    "[[rule]]",
    `id = ${toml(ruleId(category, cli))}`,
    `description = ${toml(describeRule(cli, category))}`,
    `tool = ["bash", "shell_*"]`,
    `when = ${whenOf(cli, category)}`,
    `unless = ${unlessOf(cli)}`,
    `decision = "confirm"`,
    `message = ${toml(messageOf(cli, category))}`,
  ].join("\n");
}

/**
 * Two examples as the pack's own [[test]]s (run on every load, so few): what
 * its first tool asks about and what it lets pass. Every example of every
 * tool is checked by test/packs/remote-packs.test.ts.
 */
function testsText(clis: readonly RemoteCli[], category: Category): string[] {
  const first = clis[0]!;
  const examples = first.examples[category]!;
  const pass = examples.passes?.[0];
  return [
    `[[test]]\ninput = ${toml(examples.asks[0]!)}\nexpect = "confirm"\nrule = ${toml(ruleId(category, first))}`,
    ...(pass ? [`[[test]]\ninput = ${toml(pass)}\nexpect = "continue"`] : []),
  ];
}

function packText(category: Category): string {
  const clis = clisIn(category);
  const label = CATEGORIES[category];
  const header = [
    `# builtin:${packOf(category)} — ${label}: a command that deletes or irreversibly`,
    "# changes them asks first; reads and dry runs pass.",
    "#",
    "# Made from the remote-resource catalogue (src/shell/programs/remote/):",
    "# edit the catalogue, then `UPDATE_PACKS=1 bun test test/packs/remote-packs.test.ts`.",
    `# One rule per tool: lower or raise one by id ([[override]] rules = "${ruleId(category, clis[0]!)}"),`,
    `# or the whole category by glob (rules = "remote-${category}-*").`,
    "version = 1",
    `description = ${toml(`${label}: ${clis.map((cli) => cli.names[0]).join(", ")} — deleting asks`)}`,
  ].join("\n");
  const rules = clis.map((cli) => ruleText(cli, category));
  const tests = testsText(clis, category);
  return `${[header, ...rules, ...tests].join("\n\n")}\n`;
}

let packs: ReadonlyMap<string, string> | undefined;

/** Every remote pack: name → text (made once per run: the catalogue does not change while the tests run). */
export function remotePacks(): ReadonlyMap<string, string> {
  packs ??= new Map(CATEGORY_NAMES.map((category) => [packOf(category), packText(category)]));
  return packs;
}

/** The README's list of categories and tools. */
export function readmeList(): string {
  return CATEGORY_NAMES.map((category) => {
    const tools = clisIn(category)
      .map((cli) => `\`${cli.names.join("`/`")}\``)
      .join(", ");
    return `- **${category}** (${CATEGORIES[category]}; \`builtin:${packOf(category)}\`): ${tools}`;
  }).join("\n");
}
