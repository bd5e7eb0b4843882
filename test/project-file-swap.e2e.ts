// A project file swapped for a FIFO between the look at it and the read (by a
// process the agent left running) must not block the reading of files, which
// runs on the one thread every hook is answered on.
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTestLimit } from "./support/test-limit.ts";

setTestLimit();

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

test("reading a file that keeps turning into a FIFO and back never blocks", async () => {
  const root = mkdtempSync(join(tmpdir(), "synaps-swap-"));
  made.push(root);
  writeFileSync(join(root, "plain"), "echo building\n");
  // Each turn: a regular file renamed onto the path, then a FIFO renamed onto it.
  const swapper = Bun.spawn(["bash", "-c", 'cd "$1" && while :; do cp plain r && mv -f r build.sh && mkfifo p && mv -f p build.sh; done', "swap", root], {
    stdout: "ignore",
    stderr: "ignore",
  });
  // A process of its own that reads the file again and again for a while, then says how the reads went: one read
  // that blocks never gets to say.
  const module = join(import.meta.dir, "..", "src", "session", "project-files.ts");
  const script = `
    const { readProjectFile } = await import(${JSON.stringify(module)});
    const labels = {};
    const end = Date.now() + 4000;
    while (Date.now() < end) {
      const label = readProjectFile(${JSON.stringify(join(root, "build.sh"))}, ${JSON.stringify(root)})?.label ?? "none";
      labels[label] = (labels[label] ?? 0) + 1;
    }
    console.log(JSON.stringify(labels));`;
  const reader = Bun.spawn(["bun", "-e", script], { stdout: "pipe", stderr: "pipe" });
  // Well within the host's own wait for a hook's answer; a blocked read never ends by itself.
  const timer = setTimeout(() => reader.kill(), 30_000);
  const code = await reader.exited;
  clearTimeout(timer);
  swapper.kill();
  await swapper.exited;
  const said = await new Response(reader.stdout).text();
  expect(code).toBe(0);
  const labels = JSON.parse(said) as Record<string, number>;
  // The race was run: the file was seen as text and as something else.
  expect(labels["on disk"]).toBeGreaterThan(0);
  expect(Object.keys(labels).length).toBeGreaterThan(1);
});
