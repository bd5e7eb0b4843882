// Secret TEXT a command sends over the network, wherever it came from: a
// token in a request body, a heredoc fed to nc, a file the session wrote (or
// the extension read) and a command uploads. A copy of a secret sent later is
// the secret sent, even when nothing says where the text was copied from.
// The commands get tags; the packs decide (builtin:network):
//   sends-secret-text     an issued credential in the data sent (arguments,
//                         stdin, an uploaded file): it leaves the machine
//   presents-secret-text  an issued credential only in a header or a URL:
//                         how a token is used with the API that issued it
// Only families that know a secret by its issuer's format count
// (ISSUED_FAMILIES): a password posted to a login form is everyday.
import { MATCH_TEXT_CHARS_PER_UNIT, REDACTION_WORK_BUDGET, SECRET_TEXT_SCAN_CHARS } from "../../limits.ts";
import type { Detector } from "../../match/secrets/detector.ts";
import { ISSUED_FAMILIES } from "../../match/secrets/families.ts";
import { type RedactionBudget, redactOutput } from "../../match/secrets/redact.ts";
import { chosenDetectors } from "../../match/secrets/registry.ts";
import { inCategory } from "../programs/categories.ts";
import { IDENTITY_FILE_OPTIONS } from "../programs/network.ts";
import { type Category, UPLOAD } from "../programs/remote/categories.ts";
import type { SimpleCommand } from "../view/view.ts";
import type { Analysis } from "./analysis.ts";
import { commandSources, copiedTexts } from "./copied-text.ts";
import type { RunContext } from "./run-context.ts";
import type { State } from "./state.ts";

export const SENDS_SECRET_TEXT = "sends-secret-text";
export const PRESENTS_SECRET_TEXT = "presents-secret-text";

/**
 * A header (`Authorization: Bearer …`, `PRIVATE-TOKEN:…`, a `--header=` option glued to it) or `user:token`, and
 * any URL: a credential there is addressed to the destination, not carried as data.
 */
const ADDRESSED = /^(?:--?[A-Za-z-]*header=|-H)?[A-Za-z][A-Za-z0-9_-]*:(?!\/\/)|:\/\//;

let detectors: readonly Detector[] | undefined;
function issuedDetectors(): readonly Detector[] {
  detectors ??= chosenDetectors({ detectors: ISSUED_FAMILIES });
  return detectors;
}

/**
 * Remote-state categories whose commands copy the local files they read to a store elsewhere (`aws s3 cp`,
 * `gsutil cp`, `az storage blob upload`, `rclone copy`, `mc cp`): what they read leaves the machine.
 */
const UPLOADING_CATEGORIES: readonly Category[] = ["storage", "sync"];

/** A bucket or remote named in a storage or sync command: `s3://b/x`, `gs://b`, `remote:path` (rclone). */
const REMOTE_LOCATION = /^(?:[a-z][a-z0-9+.-]*:\/\/|[A-Za-z0-9_-]{2,}:(?!\/\/))/;

/**
 * A network sender, an upload verb (`gh release upload`), or a storage or sync command copying to a bucket or a
 * remote (a local file named before it: `aws s3 cp f s3://b/`, not `aws s3 cp s3://b/f f`): the files it reads are sent.
 */
export function sendsWhatItReads(command: SimpleCommand): boolean {
  if (inCategory(command.name, "network-sender") || command.tags.includes(UPLOAD)) return true;
  if (!UPLOADING_CATEGORIES.some((category) => command.tags.includes(category))) return false;
  const remote = command.args.findIndex((arg) => REMOTE_LOCATION.test(arg));
  const local = command.args.findIndex(
    (arg) => !arg.startsWith("-") && !REMOTE_LOCATION.test(arg) && command.reads.some((read) => read === arg || read.endsWith(`/${arg.replace(/^\.\//, "")}`)),
  );
  return local >= 0 && remote > local;
}

/** Tag a network sender whose data or address holds an issued credential's text. */
export function recordSecretText(command: SimpleCommand, context: RunContext, analysis: Analysis, state: State) {
  if (!sendsWhatItReads(command)) return;
  const addressed: string[] = [];
  const data: string[] = [];
  for (const arg of command.args) (ADDRESSED.test(arg) ? addressed : data).push(arg);
  data.push(...sentFiles(command, context, analysis, state));
  if (context.stdin.kind === "text") data.push(context.stdin.text);
  if (context.stdin.kind === "pipe" || context.stdin.kind === "text") data.push(...pipedText(context.stdin.sources, analysis));
  if (holdsSecret(data, analysis)) command.tags.push(SENDS_SECRET_TEXT);
  else if (holdsSecret(addressed, analysis)) command.tags.push(PRESENTS_SECRET_TEXT);
}

/** The known text of the files the command reads (uploads, `-d @f`, `< f`). */
function sentFiles(command: SimpleCommand, context: RunContext, analysis: Analysis, state: State): string[] {
  const stdinFile = context.stdin.kind === "file" ? analysis.resolvePath(context.stdin.path, state.cwd) : undefined;
  const texts: string[] = [];
  const identities = identityFiles(command.args);
  for (const path of stdinFile ? [...command.reads, stdinFile] : command.reads) {
    if (identities.some((name) => path === name || path.endsWith(`/${name.replace(/^\.\//, "")}`))) continue;
    const file = analysis.files.get(path);
    if (file?.content === undefined) {
      // An archive, an encoding or a copy of other files: what it was made from is what is sent.
      texts.push(...copiedTexts(path, analysis));
      continue;
    }
    texts.push(file.content);
    if (file.given !== undefined) analysis.usedGiven(path, file.given);
  }
  return texts;
}

/** The files named by identity options (`curl --key client.key`, `scp -i deploy_key`): used, not sent. */
function identityFiles(args: readonly string[]): string[] {
  const names: string[] = [];
  args.forEach((arg, index) => {
    if (IDENTITY_FILE_OPTIONS.includes(arg) && args[index + 1] !== undefined) names.push(args[index + 1]!);
    const glued = IDENTITY_FILE_OPTIONS.find((option) => option.startsWith("--") && arg.startsWith(`${option}=`));
    if (glued) names.push(arg.slice(glued.length + 1));
  });
  return names;
}

/** What the commands piped into this one print, and the known files they read (`cat staged.txt | curl -d @- …`). */
function pipedText(sources: readonly number[], analysis: Analysis): string[] {
  const texts: string[] = [];
  for (const source of sources) {
    const output = analysis.outputs.get(source);
    if (output !== undefined) texts.push(output);
    // What was piped into the source too: `cat .env | gzip | base64 | curl -d @-` sends .env, however encoded.
    for (const path of commandSources(source, analysis)) {
      const content = analysis.files.get(path)?.content;
      texts.push(...(content !== undefined ? [content] : copiedTexts(path, analysis)));
    }
  }
  return texts;
}

/**
 * Whether the texts hold an issued credential, looking at SECRET_TEXT_SCAN_CHARS of them at most per input (the
 * analysis counts them) and charging the analysis for each character read; a scan whose own work budget runs out
 * leaves a reason the call could not be fully judged.
 */
function holdsSecret(texts: readonly string[], analysis: Analysis): boolean {
  for (const whole of texts) {
    const room = SECRET_TEXT_SCAN_CHARS - analysis.secretTextScanned;
    if (room <= 0) return false;
    const text = whole.length > room ? whole.slice(0, room) : whole;
    analysis.secretTextScanned += text.length;
    analysis.charge(1 + Math.floor(text.length / MATCH_TEXT_CHARS_PER_UNIT));
    const found = issuedSecretIn(text);
    if (found === true) return true;
    if (found !== false) analysis.unresolved.push(`the data a command sends could not be checked for secrets within its budget (${found.spent})`);
  }
  return false;
}

/** Whether one text holds an issued credential: true, false, or the reason the scan's own work budget ran out first. */
export function issuedSecretIn(text: string): boolean | { spent: string } {
  if (isKubeconfigWithCredentials(text) || isNetrcWithPassword(text) || isDockerConfigWithAuth(text)) return true;
  // A base64 copy of a file (`base64 .env > cfg.b64`, made before the session) is that file's text sent.
  const decoded = base64Text(text);
  if (decoded !== undefined) {
    const inner = issuedSecretIn(decoded);
    if (inner !== false) return inner;
  }
  const outcome = redactOutput(text, issuedDetectors(), SCAN_BUDGET);
  if (outcome.kind === "redacted") return true;
  if (outcome.kind !== "budget-spent") return false;
  return outcome.findings.length > 0 ? true : { spent: outcome.reason };
}

/** A whole text that is base64 (one block, padded or wrapped at any width) of printable text: that text. */
function base64Text(text: string): string | undefined {
  const compact = text.replace(/\s+/g, "");
  if (compact.length < 24 || compact.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) return undefined;
  const decoded = Buffer.from(compact, "base64").toString("utf8");
  // Mostly printable: text, not an image or a compressed archive (their bytes are not UTF-8 text).
  const printable = decoded.replace(/[^\t\n\r\x20-\x7e]/g, "").length;
  return printable >= decoded.length * 0.95 ? decoded : undefined;
}

/** A .netrc (`machine HOST login USER password PASS`): its passwords log in to those hosts, whatever their format. */
function isNetrcWithPassword(text: string): boolean {
  return /(?:^|\s)machine\s+\S+[\s\S]*?\spassword\s+\S+/.test(text.slice(0, 65536));
}

/** A Docker client config whose `auths` entries carry an `auth` (base64 of user:password) or an identity token. */
function isDockerConfigWithAuth(text: string): boolean {
  return /"auths"\s*:/.test(text) && /"(?:auth|identitytoken)"\s*:\s*"[^"]{8,}"/.test(text);
}

/** A user entry's keys that hold the credential itself (a file path, `client-key:`, is not one). */
const KUBECONFIG_CREDENTIAL_KEYS = ["token:", "client-key-data:", "client-certificate-data:", "password:"];

/**
 * A kubeconfig (`kind: Config` with `users:`) whose users carry a credential: a bearer token, a client certificate
 * and key, a password. Sent, it hands over the cluster — whatever the token's format (a service account's JWT, a
 * static token), which the redaction detectors only know by context. Read line by line, no pattern.
 */
function isKubeconfigWithCredentials(text: string): boolean {
  let config = false;
  let users = false;
  let credential = false;
  for (const line of text.split("\n")) {
    const trimmed = line.trimEnd();
    if (trimmed === "kind: Config") config = true;
    else if (trimmed === "users:") users = true;
    else if (users && line.startsWith(" ")) {
      const key = line.trimStart();
      if (KUBECONFIG_CREDENTIAL_KEYS.some((name) => key.startsWith(name) && key.length > name.length + 1 && key.slice(name.length).trim() !== "")) credential = true;
    }
    if (config && credential) return true;
  }
  return false;
}

/** Deterministic: the work units decide, never a clock (the engine is pure). */
const SCAN_BUDGET: RedactionBudget = { work: REDACTION_WORK_BUDGET, timeMs: Number.POSITIVE_INFINITY, now: () => 0 };
