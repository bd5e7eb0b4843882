// The shipped default policy's redaction, as one set of cases run twice: in
// process by test/redaction.test.ts (`bun test`) and through the binary by
// test/redaction.e2e.ts (`bun run test:e2e`), so the two can only differ in
// who answered. The secrets corpus (test/fixtures/secrets/secrets.tsv) holds a
// fake secret of every family in context, and look-alikes.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync, rmSync } from "node:fs";
import { bashCall, hookEvent, pluginFolder, readAudit, type PluginFolder } from "./host-events.ts";
import { secretsCorpus } from "./secrets-corpus.ts";

export const GH_TOKEN = "ghp_16C7e42F292c6912E7710c838347Ae178B4a";

/** An extension to send hooks to: the binary over pipes or the dispatch table in process. */
export type RedactionHost = { hook(event: object): Promise<any>; stop(): Promise<void> | void };

const corpus = secretsCorpus;
const shellQuoted = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

// The shipped default policy (no policy file: the embedded default, the text `init` writes), one process, many events.
export function describeShippedDefaultRedaction(title: string, start: (folder: PluginFolder) => Promise<RedactionHost>) {
  describe(title, () => {
    let ext: RedactionHost;
    let folder: PluginFolder;
    beforeAll(async () => {
      folder = pluginFolder();
      ext = await start(folder);
    });
    afterAll(async () => {
      await ext.stop();
      rmSync(folder.root, { recursive: true, force: true });
    });
    const afterCall = (output: string) => hookEvent("after_tool_call", { tool_name: "bash", tool_input: { command: "cat notes.txt" }, tool_output: output });

    test("every family in the secrets corpus is redacted in after_tool_call output", async () => {
      const leaked: string[] = [];
      for (const row of corpus.filter((row) => row.kind === "secret")) {
        const result = await ext.hook(afterCall(row.text));
        if (result.action !== "replace" || result.output.includes(row.secret)) leaked.push(`${row.family}: ${row.text.slice(0, 60)}`);
      }
      expect(leaked).toEqual([]);
    });

    test("look-alikes pass untouched: hashes, UUIDs, integrity strings, code, a password-less localhost URL", async () => {
      const changed: string[] = [];
      for (const row of corpus.filter((row) => row.kind === "lookalike")) {
        const result = await ext.hook(afterCall(row.text));
        if (result.action !== "continue") changed.push(`${row.family}: ${row.text.slice(0, 60)}`);
      }
      expect(changed).toEqual([]);
    });

    test("every family in the corpus is redacted in the audit record and in a block reason", async () => {
      const secrets = corpus.filter((row) => row.kind === "secret");
      const leakedInReason: string[] = [];
      for (const row of secrets) {
        // A recursive delete of home is blocked, and its reason quotes the command.
        const result = await ext.hook(bashCall(`rm -rf ~ ${shellQuoted(row.text)}`));
        expect(result.action).toBe("block");
        if (result.reason.includes(row.secret) || result.reason.includes(row.secret.slice(0, 24))) leakedInReason.push(`${row.family}: ${row.text.slice(0, 60)}`);
        await ext.hook(bashCall(`echo ${shellQuoted(row.text)}`));
      }
      expect(leakedInReason).toEqual([]);
      const audit = readFileSync(folder.auditLog, "utf8");
      expect(secrets.filter((row) => audit.includes(row.secret)).map((row) => `${row.family}: ${row.text.slice(0, 60)}`)).toEqual([]);
      // The records are there, with markers where the secrets were.
      expect(audit.split("[REDACTED:").length - 1).toBeGreaterThanOrEqual(2 * secrets.length);
    });

    test("a look-alike reaches the audit record as it was", async () => {
      const lookalikes = corpus.filter((row) => row.kind === "lookalike" && !row.text.includes("\n"));
      for (const row of lookalikes) await ext.hook(bashCall(`echo ${shellQuoted(row.text)}`));
      const commands = new Set(readAudit(folder).map((record) => record.tool_input?.command));
      expect(lookalikes.filter((row) => !commands.has(`echo ${shellQuoted(row.text)}`)).map((row) => row.text)).toEqual([]);
    });

    test("a 256 KiB output full of trigger words and a token: the token never passes", async () => {
      const output = `password=${"token secret api_key ".repeat(13_000)} ${GH_TOKEN}`;
      const result = await ext.hook(afterCall(output));
      expect(result.action).toBe("replace");
      expect(result.output).not.toContain(GH_TOKEN);
    });

    test("a session id holding a token reaches the audit log redacted", async () => {
      await ext.hook({ ...bashCall("ls"), session_id: `s-${GH_TOKEN}` });
      const records = readAudit(folder);
      expect(JSON.stringify(records)).not.toContain(GH_TOKEN);
    });
  });
}
