// Notebooks and literate documents that a tool executes: a Jupyter notebook
// (`.ipynb`, JSON) run by `jupyter nbconvert --execute`, `jupyter execute`,
// papermill or quarto, and a Quarto or R Markdown document (`.qmd`, `.Rmd`)
// whose fenced chunks quarto runs. Each code cell or chunk is code in its
// kernel's language: Python (read as IPython, whose `!cmd` and `%%bash` run a
// shell), R, Julia, or a shell. Markdown and raw cells run nothing. A
// notebook that does not parse is unresolved: nothing in it can be seen.
import type { CodeReading, NestedCode } from "./code.ts";
import { emptyReading } from "./file-lines.ts";

/** A kernel's or chunk's language name → the language the guard reads it as ("shell": its lines are commands). */
const LANGUAGES: Readonly<Record<string, string>> = {
  python: "ipython",
  python3: "ipython",
  ipython: "ipython",
  ipython3: "ipython",
  r: "r",
  julia: "julia",
  bash: "shell",
  sh: "shell",
  zsh: "shell",
  shell: "shell",
  node: "node",
  javascript: "node",
  ruby: "ruby",
  perl: "perl",
};

export function readNotebook(text: string): CodeReading {
  return text.trimStart().startsWith("{") ? readIpynb(text) : readChunks(text);
}

function readIpynb(text: string): CodeReading {
  const reading = emptyReading();
  let notebook: unknown;
  try {
    notebook = JSON.parse(text);
  } catch {
    reading.unresolved.push("a notebook that is not valid JSON: its cells cannot be read");
    return reading;
  }
  if (!isRecord(notebook) || !Array.isArray(notebook.cells)) return reading;
  const kernel = kernelLanguage(notebook.metadata);
  for (const cell of notebook.cells) {
    if (!isRecord(cell) || cell.cell_type !== "code") continue;
    const source = Array.isArray(cell.source) ? cell.source.filter((line) => typeof line === "string").join("") : typeof cell.source === "string" ? cell.source : "";
    addCode(reading, kernel, source, "notebook cell");
  }
  return reading;
}

/** The notebook's kernel language (metadata.kernelspec.language, else language_info.name), Python when it says none. */
function kernelLanguage(metadata: unknown): string | undefined {
  if (!isRecord(metadata)) return "ipython";
  const spec = isRecord(metadata.kernelspec) ? metadata.kernelspec.language : undefined;
  const info = isRecord(metadata.language_info) ? metadata.language_info.name : undefined;
  const name = typeof spec === "string" ? spec : typeof info === "string" ? info : "python";
  return LANGUAGES[name.toLowerCase()];
}

/** Fenced chunks of a Quarto or R Markdown document: ```{python}, ```{r label}, ```{bash}; a plain ``` fence shows code, it runs none. */
function readChunks(text: string): CodeReading {
  const reading = emptyReading();
  for (const match of text.matchAll(/^[ \t]*(`{3,})[ \t]*\{([A-Za-z][\w-]*)[^}\n]*\}[ \t]*\r?\n([\s\S]*?)^[ \t]*\1[ \t]*$/gm)) {
    const language = LANGUAGES[match[2]!.toLowerCase()];
    // Chunk options (`#| eval: false`) say the chunk is shown, not run.
    if (/^#\|\s*eval:\s*false\s*$/m.test(match[3]!)) continue;
    addCode(reading, language, match[3]!, `${match[2]} chunk`);
  }
  return reading;
}

function addCode(reading: CodeReading, language: string | undefined, source: string, label: string) {
  if (source.trim() === "") return;
  if (language === undefined) {
    reading.unresolved.push(`a ${label} in a language the guard does not read`);
    return;
  }
  if (language === "shell") {
    reading.lines.push({ line: source, label });
    return;
  }
  const nested: NestedCode = { language, text: source, label };
  reading.code = [...(reading.code ?? []), nested];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
