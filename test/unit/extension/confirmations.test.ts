// Calls the person confirmed: remembered for the session when the policy
// says `confirmed = "session"` (exactly the same call, never a block), asked
// again by default, forgotten at on_session_end; `/policy allow-last` writes
// a narrow exception for the last one into the user's own file.
import { describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Confirmations } from "../../../src/extension/confirmations.ts";
import { MAX_CONFIRMATION_SESSIONS } from "../../../src/limits.ts";
import { hookEvent, pluginFolder } from "../../support/host-events.ts";
import { withExtension } from "../../support/in-process-host.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

const FORCE_PUSH = { command: "git push --force" };
const policy = (confirmed: string) => `version = 1\ninclude = ["builtin:git", "builtin:destructive-fs"]\n[defaults]\nconfirmed = "${confirmed}"\n`;

const before = (input: object, session: string | null = "s1") =>
  hookEvent("before_tool_call", { tool_name: "bash", tool_runtime_name: "bash", tool_input: input, session_id: session });
const after = (input: object, session: string | null = "s1") =>
  hookEvent("after_tool_call", { tool_name: "bash", tool_runtime_name: "bash", tool_input: input, tool_output: "ok", session_id: session });

describe('confirmed = "session"', () => {
  test("a call confirmed (and run) once goes through for the rest of the session; another input or session is asked", async () => {
    const folder = pluginFolder(policy("session"));
    await withExtension(folder, {}, async (host) => {
      expect((await host.request("hook.handle", before(FORCE_PUSH))).action).toBe("confirm");
      // Asked, but not yet run: still asked.
      expect((await host.request("hook.handle", before(FORCE_PUSH))).action).toBe("confirm");
      await host.request("hook.handle", after(FORCE_PUSH));
      expect((await host.request("hook.handle", before(FORCE_PUSH))).action).toBe("continue");
      expect((await host.request("hook.handle", before({ command: "git push --force origin main" }))).action).toBe("confirm");
      expect((await host.request("hook.handle", before(FORCE_PUSH, "s2"))).action).toBe("confirm");
      // A block is never remembered away.
      expect((await host.request("hook.handle", before({ command: "rm -rf ~" }))).action).toBe("block");
      await host.request("hook.handle", hookEvent("on_session_end", { session_id: "s1" }));
      expect((await host.request("hook.handle", before(FORCE_PUSH))).action).toBe("confirm");
    });
    const audit = readFileSync(folder.auditLog, "utf8");
    expect(audit).toContain("confirmed earlier in this session");
    rmSync(folder.root, { recursive: true, force: true });
  });

  test('the default, "ask-again", asks every time', async () => {
    const folder = pluginFolder('version = 1\ninclude = ["builtin:git"]\n');
    await withExtension(folder, {}, async (host) => {
      await host.request("hook.handle", before(FORCE_PUSH));
      await host.request("hook.handle", after(FORCE_PUSH));
      expect((await host.request("hook.handle", before(FORCE_PUSH))).action).toBe("confirm");
    });
    rmSync(folder.root, { recursive: true, force: true });
  });
});

describe("/policy allow-last", () => {
  test("writes a narrow override for the last confirmed call, with a comment, and it applies at once", async () => {
    const folder = pluginFolder('version = 1\ninclude = ["builtin:git"]\n');
    await withExtension(folder, {}, async (host) => {
      expect(await host.request("command.invoke", { command: "policy", args: "allow-last", request_id: "r" })).toContain("no confirmed call yet");
      await host.request("hook.handle", before(FORCE_PUSH));
      await host.request("hook.handle", after(FORCE_PUSH));
      const answer = await host.request("command.invoke", { command: "policy", args: "allow-last", request_id: "r" });
      expect(answer).toContain(`added to ${folder.policyFile}`);
      const text = readFileSync(folder.policyFile, "utf8");
      expect(text).toMatch(/# Added by \/policy allow-last on \d{4}-\d\d-\d\dT[\d:]+Z: you confirmed this bash call \(rule git-force-push asked/);
      expect(text).toContain('[[override]]\nrules = "git-force-push"\nunless = { input = { command = { equals = "git push --force" } } }\n');
      expect((await host.request("hook.handle", before(FORCE_PUSH, "s9"))).action).toBe("continue");
      expect((await host.request("hook.handle", before({ command: "git push -f origin main" }, "s9"))).action).toBe("confirm");
    });
    rmSync(folder.root, { recursive: true, force: true });
  });
});

describe("/policy allow-last and the layers above the user's file", () => {
  test("a rule of the project's policy is not excepted from the user's file: it says so and writes nothing", async () => {
    const folder = pluginFolder('version = 1\ninclude = ["builtin:git"]\n');
    const project = join(folder.root, "shop");
    mkdirSync(join(project, ".synaps"), { recursive: true });
    writeFileSync(
      join(project, ".synaps", "policy.toml"),
      'version = 1\n[[rule]]\nid = "shop-ask-docker"\nwhen = { command = "docker" }\ndecision = "confirm"\nmessage = "docker?"\n',
    );
    const written = readFileSync(folder.policyFile, "utf8");
    await withExtension(folder, { project_root: project }, async (host) => {
      const docker = { command: "docker ps" };
      expect((await host.request("hook.handle", before(docker))).action).toBe("confirm");
      await host.request("hook.handle", after(docker));
      const answer = await host.request("command.invoke", { command: "policy", args: "allow-last", request_id: "r" });
      expect(answer).toContain(`rule shop-ask-docker comes from the project's policy ${join(project, ".synaps", "policy.toml")}`);
      expect(readFileSync(folder.policyFile, "utf8")).toBe(written);
      const status = await host.request("command.invoke", { command: "policy", args: "status", request_id: "s" });
      expect(status).toContain(`project: ${join(project, ".synaps", "policy.toml")} (the project's; it can tighten yours, never loosen it)`);
    });
    rmSync(folder.root, { recursive: true, force: true });
  });
});

describe("the memory is bounded", () => {
  test("the oldest session is forgotten first", () => {
    const confirmations = new Confirmations();
    const call = { tool: "bash", input: { command: "x" }, rule: "r", message: "m" };
    for (let index = 0; index <= MAX_CONFIRMATION_SESSIONS; index++) {
      confirmations.asked(`s${index}`, call);
      confirmations.ran(`s${index}`, "bash", { command: "x" }, new Date(index));
    }
    expect(confirmations.wasConfirmed("s0", "bash", { command: "x" })).toBe(false);
    expect(confirmations.wasConfirmed(`s${MAX_CONFIRMATION_SESSIONS}`, "bash", { command: "x" })).toBe(true);
    expect(confirmations.wasConfirmed(null, "bash", { command: "x" })).toBe(false);
  });
});
