// The managed policy's [defaults] are a floor for the user's: each default
// the user writes may be stricter than the managed one, never weaker. A
// weaker one is raised to the floor, and said (a warning on the user's line),
// so `validate` and `status` show which default the administrator raised.
import type { PolicyFile } from "../format/schema.ts";

type Defaults = PolicyFile["defaults"];
type Ranked = "decision" | "on_error" | "unseen_code" | "mode" | "confirmed" | "project_policy";

/** Weakest first. `observe` would turn the managed rules into audit only; `session` lets repeats through unasked. */
const STRICTNESS: { [Key in Ranked]: readonly Defaults[Key][] } = {
  decision: ["continue", "confirm", "block"],
  on_error: ["continue", "confirm", "block"],
  unseen_code: ["continue", "confirm", "block"],
  mode: ["observe", "enforce"],
  confirmed: ["session", "ask-again"],
  // A project's file only adds protection, so reading it is the stricter choice.
  project_policy: ["off", "on"],
};

export type RaisedDefault = { key: Ranked; from: string; to: string };

/** The user's defaults with each raised to the managed floor where it was weaker, and what was raised. */
export function floorDefaults(user: Defaults, managed: Defaults): { defaults: Defaults; raised: RaisedDefault[] } {
  const defaults: Defaults = { ...user };
  const raised: RaisedDefault[] = [];
  for (const key of Object.keys(STRICTNESS) as Ranked[]) {
    const order = STRICTNESS[key] as readonly string[];
    const mine = user[key] as string;
    const floor = managed[key] as string;
    if (order.indexOf(mine) >= order.indexOf(floor)) continue;
    (defaults as Record<Ranked, string>)[key] = floor;
    raised.push({ key, from: mine, to: floor });
  }
  return { defaults, raised };
}
