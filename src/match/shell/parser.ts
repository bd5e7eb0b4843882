// tree-sitter-bash, compiled to wasm and embedded in the executable. Starting
// it costs tens of milliseconds, so it is started lazily — after the handshake
// is answered — and every caller awaits the same start.
import { Language, Parser, type Tree } from "web-tree-sitter";
import runtimeWasmPath from "web-tree-sitter/web-tree-sitter.wasm" with { type: "file" };
import bashWasmPath from "tree-sitter-bash/tree-sitter-bash.wasm" with { type: "file" };

let starting: Promise<Parser> | undefined;
let ready: Parser | undefined;

async function start(): Promise<Parser> {
  const runtimeWasm = new Uint8Array(await Bun.file(runtimeWasmPath).arrayBuffer());
  await Parser.init({ wasmBinary: runtimeWasm, locateFile: () => runtimeWasmPath });
  const bash = await Language.load(new Uint8Array(await Bun.file(bashWasmPath).arrayBuffer()));
  const parser = new Parser();
  parser.setLanguage(bash);
  ready = parser;
  return parser;
}

/** Begin loading the grammar without waiting for it (called once the handshake is answered). */
export function warmUpBashParser(): void {
  void loadBashParser().catch(() => {
    // The failure is reported to whoever needs the parser.
  });
}

export function loadBashParser(): Promise<Parser> {
  starting ??= start();
  return starting;
}

/** The parser if it has finished starting, so the hot path need not await. */
export function readyBashParser(): Parser | undefined {
  return ready;
}

export type { Tree };
