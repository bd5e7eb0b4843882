// The project the benchmarked servers work in. The extension takes the host's
// working directory as the project root (src/extension/project-root.ts), and
// the bench is the host: run from the repository, `npm test` among the mixed
// calls was judged against this repository's whole test suite (hundreds of
// files read and analysed at every call, 0.2–0.6 s each), which made the
// soak's slow answers and most of the peak RSS, and grew with every test
// added. A small project of fixed content keeps the figures about the
// extension; this repository's own cost is measured apart (bench.ts).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const FILES: Record<string, string> = {
  "package.json": `${JSON.stringify({ name: "bench-app", private: true, scripts: { test: "bun test", build: "tsc -p .", lint: "biome check src" } }, null, 2)}\n`,
  ".git/config": '[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = false\n[remote "origin"]\n\turl = https://example.com/bench-app.git\n',
  "src/index.ts": 'import { greet } from "./greet.ts";\n\nconsole.log(greet(process.argv[2] ?? "world"));\n',
  "src/greet.ts": "// TODO: other languages\nexport function greet(name: string): string {\n  return `hello, ${name}`;\n}\n",
  "test/greet.test.ts": 'import { expect, test } from "bun:test";\nimport { greet } from "../src/greet.ts";\n\ntest("greets", () => expect(greet("ada")).toBe("hello, ada"));\n',
  "README.md": "# bench-app\n\nA small project the benchmark's servers work in.\n",
};

/** Write the project under `parent` and return its directory. */
export function benchProject(parent: string): string {
  const root = join(parent, "bench-app");
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}
