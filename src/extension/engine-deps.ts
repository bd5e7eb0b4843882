// What the extension gives the engine: the shell analyzer behind a memo (a
// session repeats the same commands, and the engine itself keeps no state),
// and the process's CPU clock for the analysis's time backstop.
import { analyzeShell, type ShellContext } from "../shell/analyze.ts";
import type { KnownFiles } from "../shell/view/files.ts";
import type { ShellView } from "../shell/view/view.ts";
import type { EngineDeps, ShellAnalyzer } from "../policy/engine/index.ts";
import { cpuClock } from "../policy/load/cpu-clock.ts";
import { VIEW_MEMO_CHARS, VIEW_MEMO_ENTRIES, VIEW_MEMO_INPUT_CHARS } from "../limits.ts";
import { BoundedMemo } from "./bounded-memo.ts";

export function extensionEngineDeps(): EngineDeps {
  return { analyzer: memoizedAnalyzer(analyzeShell), clock: cpuClock };
}

/** The same view for the same input under the same policy, without analysing it again. */
export function memoizedAnalyzer(analyze: ShellAnalyzer): ShellAnalyzer {
  const memo = new WeakMap<ShellContext, BoundedMemo<ShellView>>();
  // The files a call runs are found by asking the engine until it needs nothing more; the last answer is the
  // view the verdict then uses (the same input, context and files — the map is never changed once given).
  let last: { input: string; context: ShellContext; files: KnownFiles; view: ShellView } | undefined;
  return (input, context, files, earlier) => {
    // What an interactive shell ran before (its variables, directory, functions) changes the view: never by input alone.
    if (earlier && (earlier.lines.length > 0 || earlier.dropped)) return analyze(input, context, files, earlier);
    // A view that drew on given files depends on them too: only the file-free view is kept by input.
    if (files && informative(files)) {
      if (last && last.input === input && last.context === context && last.files === files) return last.view;
      const view = analyze(input, context, files);
      last = { input, context, files, view };
      return view;
    }
    let views = memo.get(context);
    if (!views) {
      views = new BoundedMemo({ entries: VIEW_MEMO_ENTRIES, chars: VIEW_MEMO_CHARS });
      memo.set(context, views);
    }
    const known = views.get(input);
    if (known) return known;
    const view = analyze(input, context);
    // A view cut short by the clock may come out whole next time: only deterministic ones are kept.
    if (input.length <= VIEW_MEMO_INPUT_CHARS && !view.unresolved.some((reason) => reason.includes("ran out of time"))) views.set(input, view);
    return view;
  };
}

/** Whether given files can change a view: only text, links, copies, downloads and listings do (absent or unreadable ones do not). */
function informative(files: KnownFiles): boolean {
  for (const file of files.values())
    if (file.content !== undefined || file.link !== undefined || file.origins || file.downloaded || (file.matches && file.matches.length > 0)) return true;
  return false;
}
