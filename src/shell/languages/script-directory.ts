// A script file's code names its own directory (`__DIR__`, `__dirname`,
// `os.path.dirname(__file__)`, `__dir__`): where the file lies is known when
// the guard reads it from a path (`php tools/clear.php`), so that name is put
// back as the literal it stands for (`'tools'`) before the code is read, and
// `__DIR__ . '/../var/cache'` is the project's var/cache, not a folder the
// run alone knows. Code not read from a file keeps the names, which the
// readers take for the working directory.

/** Per language, the expressions that are the running file's directory. */
const SCRIPT_DIRECTORY: Readonly<Record<string, RegExp>> = {
  php: /\b__DIR__\b|\bdirname\(\s*__FILE__\s*\)/g,
  python: /\bos\.path\.dirname\(\s*(?:os\.path\.(?:abspath|realpath)\(\s*__file__\s*\)|__file__)\s*\)/g,
  node: /(?<![\w$.])__dirname(?![\w$])|\bimport\.meta\.dirname\b/g,
  ruby: /(?<![\w.])__dir__(?!\w)|\bFile\.dirname\(\s*__FILE__\s*\)/g,
};

/** The code with its own directory's expressions replaced by that directory as a string literal. */
export function withScriptDirectory(language: string, code: string, directory: string): string {
  const pattern = SCRIPT_DIRECTORY[language];
  if (pattern === undefined || /['"\\\n$`]/.test(directory)) return code;
  return code.replace(pattern, `'${directory}'`);
}
