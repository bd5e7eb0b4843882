// Second looks at a candidate secret, for what an RE2 pattern cannot say:
// a template placeholder, a value from published documentation, a piece of
// code. Plain string code on a short candidate — no regular expressions, so
// nothing here can backtrack on tool output.

/** Words that stand for a password in examples and templates rather than being one. */
const PLACEHOLDER_WORDS = [
  "password",
  "passwd",
  "pass",
  "pwd",
  "secret",
  "changeme",
  "change_me",
  "example",
  "redacted",
  "placeholder",
  "your_password",
  "yourpassword",
  "your-password",
  "mypassword",
  "my_password",
  "replace_me",
  "replaceme",
  "dummy",
  "xxx",
  "***",
  "...",
];

/** A template variable or a placeholder word, not a value: `${DB_PASS}`, `{{pw}}`, `%PASS%`, `$PASS`, `<password>`, `****`. */
function isPlaceholder(value: string): boolean {
  if (value.length === 0) return true;
  const first = value[0]!;
  if (first === "$" || first === "%" || first === "<" || first === "{" || first === "*") return true;
  if (value.includes("${") || value.includes("{{") || value.includes("$(")) return true;
  if (isOneCharacterRepeated(value)) return true;
  const lower = value.toLowerCase();
  return PLACEHOLDER_WORDS.includes(lower);
}

function isOneCharacterRepeated(value: string): boolean {
  for (const char of value) if (char !== value[0]) return false;
  return true;
}

/** Type names and keywords that follow `password:` or `token =` in code, not secrets. */
const CODE_WORDS = new Set([
  "string",
  "str",
  "number",
  "int",
  "integer",
  "boolean",
  "bool",
  "any",
  "unknown",
  "none",
  "null",
  "nil",
  "undefined",
  "true",
  "false",
  "optional",
  "required",
  "bytes",
  "secretstr",
  "char",
  "varchar",
  "text",
  "object",
  "self",
  "this",
]);

/**
 * Whether an unquoted value after `password =` / `token:` reads as code rather
 * than a value: a type or keyword, a call, a member access, a reference.
 */
function looksLikeCode(value: string): boolean {
  const lower = value.toLowerCase();
  if (CODE_WORDS.has(lower)) return true;
  if (value.includes("(") || value.includes(")") || value.includes("[") || value.includes("]")) return true;
  if (value.endsWith(",") || value.endsWith(";")) return true;
  // `config.password`, `os.environ`, `req.body.token`: identifiers joined by dots.
  if (value.includes(".") && value.split(".").every(isIdentifier)) return true;
  return false;
}

function isIdentifier(part: string): boolean {
  if (part.length === 0) return false;
  for (let index = 0; index < part.length; index++) {
    const code = part.charCodeAt(index);
    const letter = (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code === 36;
    const digit = code >= 48 && code <= 57;
    if (!letter && !(digit && index > 0)) return false;
  }
  return true;
}

/** A password-like value given on a command line or in a URL is a secret unless it is a placeholder. */
export function isRealPassword(secret: string): boolean {
  return secret.length >= 4 && !isPlaceholder(secret);
}

/** An assigned value (`password=…`, `token: …`): a real password that does not read as code. */
export function isAssignedSecret(secret: string, match: string): boolean {
  if (!isRealPassword(secret)) return false;
  // A quoted value is data; an unquoted one may be code.
  const quoted = match.endsWith(`"`) || match.endsWith("'");
  return quoted || !looksLikeCode(secret);
}

/** A database URL's password that is not the user name repeated (a common example). */
export function isUrlPassword(secret: string, match: string): boolean {
  if (!isRealPassword(secret)) return false;
  const scheme = match.indexOf("://");
  const user = scheme < 0 ? "" : match.slice(scheme + 3, match.indexOf(":", scheme + 3));
  return user !== secret;
}

/** Base64 characters decoded to find a PEM header: 48 bytes, more than the longest private key header (37). */
const ENCODED_HEADER_CHARS = 64;

/** Base64 that decodes to a PEM private key's header (`-----BEGIN RSA PRIVATE KEY-----`), not a certificate's or a public key's. */
export function isEncodedPrivateKey(secret: string): boolean {
  const head = secret.slice(0, ENCODED_HEADER_CHARS);
  let text: string;
  try {
    text = atob(head.slice(0, head.length - (head.length % 4)));
  } catch {
    return false;
  }
  const close = text.indexOf("-----", "-----BEGIN ".length);
  return text.startsWith("-----BEGIN ") && close > 0 && text.slice(0, close).includes("PRIVATE KEY");
}
