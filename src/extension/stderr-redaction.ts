// Every stderr line the extension writes (the host keeps them in its debug
// log) passes the secret redaction first, with the active policy's own
// patterns: a policy error quoting a token, an internal error carrying an
// input, a path holding a password. The rpc layer writes the lines but cannot
// import the detectors, so the extension installs them once it has loaded.
import { redactForLog } from "../match/secrets/for-log.ts";
import { filterLinesWith } from "../rpc/stderr.ts";
import type { PolicyState } from "./policy-store.ts";
import { cpuClock } from "../policy/load/cpu-clock.ts";

export function redactStderrLines(current: () => PolicyState | undefined) {
  filterLinesWith((line) => {
    const state = current();
    return redactForLog(line, { now: cpuClock.now, ...(state?.kind === "active" ? { own: state.policy.ownPatterns } : {}) });
  });
}
