// The secrets corpus (test/fixtures/secrets/secrets.tsv): a fake secret of every family in context, and look-alikes.
import { readFileSync } from "node:fs";

export type CorpusRow = { kind: "secret" | "lookalike"; family: string; text: string; secret: string };

const unescapeField = (field: string) => field.replace(/\\(.)/g, (_, char: string) => (char === "n" ? "\n" : char === "t" ? "\t" : char));

export const secretsCorpus: CorpusRow[] = readFileSync(new URL("../fixtures/secrets/secrets.tsv", import.meta.url), "utf8")
  .split("\n")
  .filter((line) => line !== "" && !line.startsWith("#"))
  .map((line) => {
    const [kind, family, text, secret] = line.split("\t").map(unescapeField);
    return { kind: kind as CorpusRow["kind"], family: family!, text: text!, secret: secret ?? "" };
  });
