// Neovim's Lua (init.lua) as the plain Lua whose shell calls the Lua reader
// knows: neovim adds its own ways to run a shell command — `vim.fn.system`,
// `vim.fn.systemlist`, `vim.fn.jobstart`, `vim.fn.termopen`, `vim.system`,
// and `vim.cmd("!…")` (an Ex `:!`). Each is written as the `os.execute` it
// amounts to; a list of literal words (`vim.system({ "git", "pull" })`)
// becomes the command line those words make. A call whose command is a
// value, not literal text, stays a call the Lua reader cannot resolve.

/** neovim's functions that run their first argument as a command. */
const SHELL_CALLS = /\bvim\s*\.\s*(?:fn\s*\.\s*(?:system|systemlist|jobstart|termopen)|system)\s*\(/g;
/** `vim.cmd("!…")`, `vim.cmd [[!…]]`, `vim.cmd('silent !…')`, `vim.api.nvim_command("!…")`. */
const EX_BANG = /\bvim\s*\.\s*(?:cmd|api\s*\.\s*nvim_command)\s*(\(\s*)?(?:"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|\[\[([\s\S]*?)\]\])(\s*\))?/g;

export function nvimLuaAsLua(text: string): string {
  const lists = text.replace(SHELL_CALLS, "os.execute(").replace(/os\.execute\(\s*\{([^{}]*)\}/g, (whole, words: string) => {
    const literal = [...words.matchAll(/\s*(?:"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)')\s*(?:,|$)/g)];
    const joined = literal.map((match) => match[0]).join("");
    // Only a list of literal strings is a command line the text shows; anything else stays as written (unresolved).
    if (literal.length === 0 || joined.replace(/\s/g, "") !== words.replace(/\s/g, "")) return whole;
    const line = literal.map((match) => shellQuoted(luaUnescaped(match[1] ?? match[2] ?? ""))).join(" ");
    return `os.execute(${luaString(line)}`;
  });
  return lists.replace(EX_BANG, (whole, _open?: string, double?: string, single?: string, long?: string) => {
    const ex = (long ?? luaUnescaped(double ?? single ?? "")).trim();
    const bang = /^(?:(?:silent|sil|noautocmd|keepalt)!?\s+)*!([\s\S]*)$/.exec(ex);
    return bang ? `os.execute(${luaString(bang[1]!.trim())})` : whole;
  });
}

function luaUnescaped(text: string): string {
  return text.replace(/\\(.)/g, (_, char: string) => (char === "n" ? "\n" : char === "t" ? "\t" : char));
}

function shellQuoted(word: string): string {
  return /^[\w@%+=:,./~-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}

function luaString(text: string): string {
  return `"${text.replace(/[\\"]/g, "\\$&").replace(/\n/g, "\\n")}"`;
}
