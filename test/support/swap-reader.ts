// Child of project-file-swap.e2e.ts: reads one project file again and again
// for a while (the path a swapper keeps turning into a FIFO and back), then
// says how the reads went. A read that blocks never gets to say.
import { readProjectFile } from "../../src/session/project-files.ts";

const [root, path, seconds] = [process.argv[2]!, process.argv[3]!, Number(process.argv[4] ?? "4")];
const labels = new Map<string, number>();
const end = Date.now() + seconds * 1000;
while (Date.now() < end) {
  const label = readProjectFile(path, root)?.label ?? "none";
  labels.set(label, (labels.get(label) ?? 0) + 1);
}
console.log(JSON.stringify(Object.fromEntries(labels)));
