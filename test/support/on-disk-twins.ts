// Each session of the corpus whose carrier the session writes, paired with its
// twin that finds the same files already on disk: the corpus's own `(on disk)`
// scenario where it has one, else one derived here — the files the write steps
// made placed under the project root before the session, the write steps
// dropped. Whatever the guard stops when the file was written it must stop when
// the file is on disk, and an everyday pair passes either way.
import { HOME, type HostEvent, type Scenario } from "../fixtures/sessions/scenarios.ts";

const PROJECT = `${HOME}/proj`;
const WRITTEN = " (written in the session)";
const ON_DISK = " (on disk)";
const HEREDOC = /^cat > (\S+) <<'(\w+)'\n([\s\S]*)\n\2$/;

export type TwinPair = { written: Scenario; disk: Scenario; derived: boolean };

/** The project-relative path and content a write step makes, or undefined when the step is no plain write of a project file. */
function writeOf(step: HostEvent): [string, string] | undefined {
  const input = step.tool_input ?? {};
  if (step.tool_name === "write" && typeof input.path === "string" && typeof input.content === "string") {
    const path = input.path.startsWith(`${PROJECT}/`) ? input.path.slice(PROJECT.length + 1) : input.path;
    return path.startsWith("/") || path.startsWith("~") ? undefined : [path, input.content];
  }
  const heredoc = step.tool_name === "bash" && typeof input.command === "string" ? HEREDOC.exec(input.command) : null;
  if (!heredoc || heredoc[1]!.startsWith("/") || heredoc[1]!.startsWith("~")) return undefined;
  return [heredoc[1]!, `${heredoc[3]!}\n`];
}

/** The on-disk twin of a session whose steps before its run only write project files; undefined when it has other steps there. */
function derivedTwin(scenario: Scenario): Scenario | undefined {
  const setup = scenario.steps.slice(0, scenario.runFrom);
  if (setup.length === 0 || scenario.disk) return undefined;
  const writes = setup.map(writeOf);
  if (writes.some((write) => write === undefined)) return undefined;
  const disk = Object.fromEntries(writes as Array<[string, string]>);
  return { ...scenario, name: `${scenario.name} (derived, on disk)`, steps: scenario.steps.slice(scenario.runFrom), runFrom: 0, disk };
}

/** Every written session paired with its on-disk twin: the corpus's own, else a derived one. */
export function onDiskTwins(scenarios: readonly Scenario[]): TwinPair[] {
  // Names repeat (one template over several payloads): twins are paired in the order they come, per kind and shape.
  const onDisk = new Map<string, Scenario[]>();
  const keyOf = (scenario: Scenario, name: string) => `${scenario.kind} ${scenario.shape} ${name}`;
  for (const scenario of scenarios)
    if (scenario.disk && scenario.name.endsWith(ON_DISK)) {
      const key = keyOf(scenario, scenario.name.slice(0, -ON_DISK.length));
      onDisk.set(key, [...(onDisk.get(key) ?? []), scenario]);
    }
  const pairs: TwinPair[] = [];
  for (const scenario of scenarios) {
    if (scenario.disk) continue;
    const own = scenario.name.endsWith(WRITTEN) ? onDisk.get(keyOf(scenario, scenario.name.slice(0, -WRITTEN.length)))?.shift() : undefined;
    if (own?.disk) {
      pairs.push({ written: scenario, disk: own, derived: false });
      continue;
    }
    const twin = derivedTwin(scenario);
    if (twin) pairs.push({ written: scenario, disk: twin, derived: true });
  }
  return pairs;
}
