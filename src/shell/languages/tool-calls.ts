// Call tables for the expression languages of tools (vim script, the C
// expressions gdb and lldb evaluate, gnuplot, bpftrace) and for interpreters
// the main table does not cover (Haskell, Julia, JVM languages, Swift, Elixir,
// Erlang, Lisp, Scheme, Octave, S-Lang): the calls that run a process, read,
// write or delete a file, or fetch from the network. Same format and meaning
// as calls.ts.
import type { CallSpec } from "./call-spec.ts";

const VIM: CallSpec[] = [
  { callee: String.raw`\bsystem(?:list)?(?=\s*\()`, effect: "shell" },
  { callee: String.raw`\b(?:job_start|jobstart|term_start|termopen)(?=\s*\()`, effect: "argv" },
  { callee: String.raw`\bdelete(?=\s*\()`, effect: "delete" },
  { callee: String.raw`\brename(?=\s*\()`, effect: "move" },
  { callee: String.raw`\breadfile(?=\s*\()`, effect: "read" },
];

/** C as gdb and lldb evaluate it: `call system("…")`, `p (int)unlink("…")`. */
const C: CallSpec[] = [
  { callee: String.raw`\b(?:system|popen)(?=\s*\()`, effect: "shell" },
  { callee: String.raw`\bexec[lv]p?e?(?=\s*\()`, effect: "argv" },
  { callee: String.raw`\b(?:unlink|remove|rmdir)(?=\s*\()`, effect: "delete" },
  { callee: String.raw`\brename(?=\s*\()`, effect: "move" },
  { callee: String.raw`\bchmod(?=\s*\()`, effect: "chmod" },
  { callee: String.raw`\bfopen(?=\s*\([^)]*,\s*"[wa])`, effect: "write" },
  { callee: String.raw`\b(?:fopen|open)(?=\s*\()`, effect: "read" },
];

const HASKELL: CallSpec[] = [
  { callee: String.raw`\b(?:callCommand|system|spawnCommand|runCommand)\b`, effect: "shell" },
  { callee: String.raw`\b(?:callProcess|rawSystem|readProcess|spawnProcess|runProcess|proc)\b`, effect: "argv" },
  { callee: String.raw`\b(?:removeFile|removeDirectory)\b`, effect: "delete" },
  { callee: String.raw`\bremoveDirectoryRecursive\b`, effect: "delete-tree" },
  { callee: String.raw`\b(?:writeFile|appendFile)\b`, effect: "write" },
  { callee: String.raw`\b(?:readFile)\b`, effect: "read" },
];

/** A function handed to Julia's `open` before the file: a name, or `x -> body` with one level of parentheses. */
const JULIA_FUNCTION_ARGUMENT = String.raw`(?:[A-Za-z_]\w*|[A-Za-z_]\w*\s*->\s*(?:[^,()\n]|\([^()\n]*\))*)`;

const JULIA: CallSpec[] = [
  { callee: String.raw`\b(?:run|read|success|pipeline)(?=\s*\(\s*\x60)`, effect: "shell" },
  // Two levels of calls inside: `rm(joinpath(homedir(), "x"); recursive=true)`.
  { callee: String.raw`\brm(?=\s*\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*recursive\s*=\s*true)`, effect: "delete-tree" },
  { callee: String.raw`\brm(?=\s*\()`, effect: "delete" },
  { callee: String.raw`\bmv(?=\s*\()`, effect: "move" },
  { callee: String.raw`\bcp(?=\s*\()`, effect: "copy" },
  // symlink(target, link): a link at the second argument to the first, as os.symlink makes.
  { callee: String.raw`(?<![\w.])symlink(?=\s*\()`, effect: "symlink" },
  { callee: String.raw`\bdownload(?=\s*\()`, effect: "download" },
  // The path may be built by a call: `write(expanduser("~/.bashrc"), …)`, `open(joinpath(homedir(), ".zshrc"), "a")`.
  {
    callee: String.raw`\bopen(?=\s*\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*?"[wa]\+?")|\bwrite(?=\s*\(\s*(?:"|(?:expanduser|joinpath|abspath|normpath)\s*\())`,
    effect: "write",
  },
  { callee: String.raw`\b(?:open|read|readlines|readline)(?=\s*\(\s*")`, effect: "read" },
  // `open(f -> read(f, String), "path")`, `open(readlines, "path")`: the function first, the file second (the
  // callee takes in the function, so the file is read as the first argument).
  { callee: String.raw`\bopen\s*\(\s*${JULIA_FUNCTION_ARGUMENT}\s*,(?=\s*"[^"\n]*"\s*,\s*"[wa]\+?")`, effect: "write" },
  { callee: String.raw`\bopen\s*\(\s*${JULIA_FUNCTION_ARGUMENT}\s*,(?=\s*"[^"\n]*"\s*(?:\)|,\s*"r"))`, effect: "read" },
  { callee: String.raw`\bconnect(?=\s*\()`, effect: "connect" },
  // include() runs the file it is given: `include(download(URL))` runs what the address serves.
  { callee: String.raw`\b(?:include_string|include|eval|evalfile)(?=\s*\()`, effect: "eval" },
];

/** Java as jshell, jrunscript and jjs run it, and the JVM scripting languages. */
const JAVA: CallSpec[] = [
  { callee: String.raw`\.exec(?=\s*\()|\bexec(?=\s*\(\s*")`, effect: "argv" },
  { callee: String.raw`\bnew\s+(?:java\.lang\.)?ProcessBuilder(?=\s*\()`, effect: "argv" },
  { callee: String.raw`\b(?:Files\.delete|Files\.deleteIfExists)(?=\s*\()`, effect: "delete" },
  // `new File(path).delete()` removes the file the receiver names; commons-io's FileUtils removes a whole tree.
  { callee: String.raw`\bnew\s+(?:java\.io\.)?File(?=\s*\([^()]*(?:\([^()]*\)[^()]*)*\)\s*\.delete\s*\(\s*\))`, effect: "delete" },
  { callee: String.raw`\bFileUtils\.(?:deleteDirectory|forceDelete|deleteQuietly)(?=\s*\()`, effect: "delete-tree" },
  { callee: String.raw`\bnew\s+(?:java\.io\.)?(?:FileWriter|FileOutputStream|PrintWriter)(?=\s*\()|\bFiles\.write(?:String)?(?=\s*\()`, effect: "write" },
  { callee: String.raw`\bnew\s+(?:java\.io\.)?(?:FileReader|FileInputStream)(?=\s*\()|\bFiles\.read(?:String|AllBytes|AllLines)(?=\s*\()`, effect: "read" },
  { callee: String.raw`\bnew\s+(?:java\.net\.)?Socket(?=\s*\()`, effect: "connect" },
  { callee: String.raw`\bnew\s+(?:java\.net\.)?URL(?=\s*\()`, effect: "fetch" },
  { callee: String.raw`\$EXEC(?=\s*\()`, effect: "shell" },
  // jrunscript's shell builtins: cp(FROM, TO) copies (FROM may be a URL), mv, rm, cat.
  { callee: String.raw`(?<![\w.$])cp(?=\s*\(\s*["'])`, effect: "copy" },
  { callee: String.raw`(?<![\w.$])mv(?=\s*\(\s*["'])`, effect: "move" },
  { callee: String.raw`(?<![\w.$])(?:rm|del)(?=\s*\(\s*["'])`, effect: "delete" },
  { callee: String.raw`(?<![\w.$])cat(?=\s*\(\s*["'])`, effect: "read" },
];

/**
 * A command written before the call that runs it (`"rm -rf x".execute()`, `Seq("rm", "x").!`): the callee is the
 * empty text where the literal receiver starts, so the receiver is read as the call's argument.
 */
function receiverCall(call: string, receivers = String.raw`"[^"\n]*"|'[^'\n]*'|\[[^\]\n]*\]`): string {
  return String.raw`(?<![\w$.])(?=(?:${receivers})\s*${call})`;
}

/** Groovy: the JVM's calls, and the GDK's `String.execute()` and `List.execute()`, which run a command split at blanks or given word by word. */
const GROOVY: CallSpec[] = [
  ...JAVA,
  { callee: receiverCall(String.raw`\.execute\s*\(`), effect: "argv" },
  // The GDK's `File.deleteDir()` removes the directory and everything under it.
  { callee: String.raw`\b(?:new\s+)?(?:java\.io\.)?File(?=\s*\([^()]*(?:\([^()]*\)[^()]*)*\)\s*\.deleteDir\s*\()`, effect: "delete-tree" },
];

/**
 * Scala: the JVM's calls, and scala.sys.process, which runs a command line it splits at blanks (`Process("rm -rf x").!`,
 * `"rm -rf x".!`, `.!!` for its output) or a sequence of words (`Seq("rm", "-rf", "x").!`).
 */
const SCALA: CallSpec[] = [
  ...JAVA,
  { callee: String.raw`\b(?:sys\.process\.)?Process(?=\s*\(\s*")`, effect: "shell" },
  // With postfixOps the dot may go: `"rm -rf x" !`.
  { callee: receiverCall(String.raw`(?:\.\s*(?:!!?|lazyLines(?:_!)?|run|lineStream(?:_!)?)|!!?)(?![\w=])`), effect: "argv" },
  { callee: String.raw`(?<![\w$.])(?:Seq|List)(?=\s*\([^()\n]*\)\s*\.\s*(?:!!?|lazyLines(?:_!)?|run|lineStream(?:_!)?)(?![\w=]))`, effect: "argv" },
  // os-lib (Ammonite, scala-cli): `os.proc(words…).call()`, `os.remove.all(path)`, `os.read(path)`, `requests.get(url)`.
  { callee: String.raw`\bos\.proc(?=\s*\()`, effect: "argv" },
  { callee: String.raw`\bos\.remove\.all(?=\s*\()`, effect: "delete-tree" },
  { callee: String.raw`\bos\.remove(?=\s*\()`, effect: "delete" },
  { callee: String.raw`\bos\.(?:write|write\.over|write\.append)(?=\s*\()`, effect: "write" },
  { callee: String.raw`\bos\.read(?:\.lines)?(?=\s*\()`, effect: "read" },
  { callee: String.raw`\brequests\.(?:get|post|put)(?=\s*\()`, effect: "fetch" },
];

/** Kotlin: the JVM's calls, with ProcessBuilder made without `new` and the words given as `arrayOf`/`listOf`; kotlin.io's `File.deleteRecursively()`. */
const KOTLIN: CallSpec[] = [
  ...JAVA,
  { callee: String.raw`(?<![\w.])ProcessBuilder(?=\s*\()`, effect: "argv" },
  { callee: String.raw`(?<![\w.])(?:java\.io\.)?File(?=\s*\([^()]*(?:\([^()]*\)[^()]*)*\)\s*\.deleteRecursively\s*\()`, effect: "delete-tree" },
  { callee: String.raw`(?<![\w.])(?:java\.io\.)?File(?=\s*\([^()]*(?:\([^()]*\)[^()]*)*\)\s*\.delete\s*\(\s*\))`, effect: "delete" },
];

const ELIXIR: CallSpec[] = [
  { callee: String.raw`\bSystem\.(?:cmd|shell)`, effect: "argv" },
  { callee: String.raw`:os\.cmd`, effect: "shell" },
  { callee: String.raw`\bFile\.rm_rf!?`, effect: "delete-tree" },
  { callee: String.raw`\bFile\.rm!?`, effect: "delete" },
  { callee: String.raw`\bFile\.(?:write|open)!?(?=\s*\([^)]*:write)|\bFile\.write!?`, effect: "write" },
  { callee: String.raw`\bFile\.(?:read|stream)!?`, effect: "read" },
  { callee: String.raw`\bCode\.eval_string`, effect: "eval" },
];

const ERLANG: CallSpec[] = [
  { callee: String.raw`\bos:cmd`, effect: "shell" },
  { callee: String.raw`\bopen_port(?=\s*\(\s*\{spawn)`, effect: "shell" },
  { callee: String.raw`\bfile:delete`, effect: "delete" },
  { callee: String.raw`\bfile:del_dir_r`, effect: "delete-tree" },
  { callee: String.raw`\bfile:write_file`, effect: "write" },
  { callee: String.raw`\bfile:read_file`, effect: "read" },
  { callee: String.raw`\bgen_tcp:connect`, effect: "connect" },
];

const LISP: CallSpec[] = [
  {
    callee: String.raw`\((?:ext:run-shell-command|ext:shell|shell-command|async-shell-command|shell-command-to-string|uiop:run-program|process-lines|call-process-shell-command|start-process-shell-command)\b`,
    effect: "shell",
  },
  // SBCL's and CCL's run-program take the program, then its arguments as a list.
  { callee: String.raw`\((?:call-process|start-process|make-process|term|ansi-term|make-term|sb-ext:run-program|ccl:run-program|run-program)\b`, effect: "argv" },
  { callee: String.raw`\((?:delete-file)\b`, effect: "delete" },
  { callee: String.raw`\((?:delete-directory)\b`, effect: "delete-tree" },
  { callee: String.raw`\((?:write-region|append-to-file)\b`, effect: "write" },
  { callee: String.raw`\((?:find-file|insert-file-contents|load|load-file)\b`, effect: "read" },
];

const SCHEME: CallSpec[] = [
  { callee: String.raw`\((?:system|open-input-pipe|open-output-pipe|open-pipe)\b`, effect: "shell" },
  { callee: String.raw`\((?:system\*|execl|execlp|spawn)\b`, effect: "argv" },
  { callee: String.raw`\((?:delete-file)\b`, effect: "delete" },
  { callee: String.raw`\((?:open-output-file|call-with-output-file|with-output-to-file)\b`, effect: "write" },
  { callee: String.raw`\((?:open-input-file|call-with-input-file|with-input-from-file|load)\b`, effect: "read" },
];

/** Octave and MATLAB. */
const OCTAVE: CallSpec[] = [
  { callee: String.raw`\b(?:system|unix|shell_cmd|dos|popen)(?=\s*\()`, effect: "shell" },
  { callee: String.raw`\bdelete(?=\s*\()|\bunlink(?=\s*\()`, effect: "delete" },
  { callee: String.raw`\brmdir(?=\s*\([^)]*'s')`, effect: "delete-tree" },
  { callee: String.raw`\bfopen(?=\s*\([^)]*["'][wa])`, effect: "write" },
  { callee: String.raw`\b(?:fopen|fileread|textread|load)(?=\s*\()`, effect: "read" },
  { callee: String.raw`\b(?:urlread|webread)(?=\s*\()`, effect: "fetch" },
  { callee: String.raw`\b(?:urlwrite|websave)(?=\s*\()`, effect: "download" },
];

/** gnuplot's `system("…")`; its backticks and `!` lines are read by the gnuplot reader. */
const GNUPLOT: CallSpec[] = [{ callee: String.raw`\bsystem(?=\s*\()`, effect: "shell" }];

/** bpftrace (with --unsafe) and dtrace (with -w) run `system("…")` from a probe. */
const BPFTRACE: CallSpec[] = [{ callee: String.raw`\bsystem(?=\s*\()`, effect: "shell" }];

/** Go source run with `go run FILE.go`: os/exec, syscall.Exec, the os package's file calls, net/http, sockets. */
/** Swift as `swift -e` and `swift -` run it: Foundation's FileManager and URLSession, libc's system. */
const SWIFT: CallSpec[] = [
  { callee: String.raw`\bsystem(?=\s*\(\s*")`, effect: "shell" },
  // Foundation's Process: the class methods that start a program with an argument list (a Process set up by
  // assignments and started with run() or launch() is rewritten into the first, see imports.ts).
  { callee: String.raw`\bProcess\s*\.\s*(?:launchedProcess|run)(?=\s*\()`, effect: "argv" },
  // removeItem deletes a directory with everything under it.
  { callee: String.raw`\.removeItem(?=\s*\()`, effect: "delete-tree" },
  { callee: String.raw`\.moveItem(?=\s*\()`, effect: "move" },
  { callee: String.raw`\.copyItem(?=\s*\()`, effect: "copy" },
  { callee: String.raw`\.createFile(?=\s*\()|\.write(?=\s*\(\s*to(?:File)?\s*:)`, effect: "write" },
  { callee: String.raw`\.contents(?=\s*\(\s*atPath\s*:)|\bString(?=\s*\(\s*contentsOfFile\s*:)|\bData(?=\s*\(\s*contentsOf\s*:)`, effect: "read" },
  { callee: String.raw`\.setAttributes(?=\s*\()`, effect: "chmod" },
  { callee: String.raw`\bURLSession\.shared\.(?:data|dataTask|download|downloadTask|upload|uploadTask)(?=\s*\()`, effect: "fetch" },
  { callee: String.raw`\bProcessInfo\.processInfo\.environment\b(?!\s*\[)`, effect: "environment" },
];

const GO: CallSpec[] = [
  { callee: String.raw`\bexec\.Command(?=\s*\()`, effect: "argv" },
  { callee: String.raw`\bsyscall\.Exec(?=\s*\()`, effect: "exec-file" },
  { callee: String.raw`\bos\.RemoveAll(?=\s*\()`, effect: "delete-tree" },
  { callee: String.raw`\bos\.Remove(?=\s*\()`, effect: "delete" },
  { callee: String.raw`\bos\.Rename(?=\s*\()`, effect: "move" },
  { callee: String.raw`\b(?:os|ioutil)\.(?:WriteFile|Create)(?=\s*\()|\bos\.OpenFile(?=\s*\((?:[^()]|\([^()]*\))*O_(?:WRONLY|RDWR|CREATE|APPEND|TRUNC))`, effect: "write" },
  { callee: String.raw`\b(?:os|ioutil)\.(?:ReadFile|Open|OpenFile)(?=\s*\()`, effect: "read" },
  { callee: String.raw`\bos\.Chmod(?=\s*\()`, effect: "chmod" },
  { callee: String.raw`\bhttp\.(?:Get|Post|Head)(?=\s*\()`, effect: "fetch" },
  // Sockets: net's dialers and listeners, and the raw syscall forms; with a shell exec'd, a reverse or bind shell.
  { callee: String.raw`\bnet\.Dial(?:Timeout|TCP|UDP)?(?=\s*\()|\bsyscall\.Connect(?=\s*\()`, effect: "connect" },
  { callee: String.raw`\bnet\.Listen(?:TCP|UDP|Packet)?(?=\s*\()|\bsyscall\.Listen(?=\s*\()`, effect: "listen" },
  { callee: String.raw`\bos\.Environ(?=\s*\()`, effect: "environment" },
];

/**
 * Rust as `rust-script`, `cargo run` and build scripts run it: std::process::Command (its builder chain is gathered
 * into one call, see imports.ts), std::fs, reqwest and ureq, sockets.
 */
const RUST: CallSpec[] = [
  { callee: String.raw`\b(?:std::process::|process::)?Command::new(?=\s*\()`, effect: "argv" },
  { callee: String.raw`\b(?:std::)?(?:fs::)?remove_dir_all(?=\s*\()`, effect: "delete-tree" },
  { callee: String.raw`\b(?:std::)?fs::(?:remove_file|remove_dir)(?=\s*\()`, effect: "delete" },
  { callee: String.raw`\b(?:std::)?fs::rename(?=\s*\()`, effect: "move" },
  { callee: String.raw`\b(?:std::)?fs::copy(?=\s*\()`, effect: "copy" },
  { callee: String.raw`\b(?:std::)?fs::write(?=\s*\()|\bFile::create(?=\s*\()`, effect: "write" },
  { callee: String.raw`\b(?:std::)?fs::read(?:_to_string)?(?=\s*\()|\bFile::open(?=\s*\()`, effect: "read" },
  { callee: String.raw`\breqwest::(?:blocking::)?get(?=\s*\()|\.(?:get|post|put)(?=\s*\(\s*"https?:)|\bureq::(?:get|post|put)(?=\s*\()`, effect: "fetch" },
  { callee: String.raw`\bTcpStream::connect(?=\s*\()`, effect: "connect" },
  { callee: String.raw`\bTcpListener::bind(?=\s*\()`, effect: "listen" },
  { callee: String.raw`\b(?:std::)?env::vars(?=\s*\(\s*\))`, effect: "environment" },
];

/** C# as `dotnet script`, `csi` and `dotnet run` run it: System.Diagnostics.Process, System.IO, HttpClient and WebClient. */
const CSHARP: CallSpec[] = [
  // Process.Start("file", "arguments"): the arguments are one command line, as the shell would split it.
  { callee: String.raw`\bProcess\.Start(?=\s*\(\s*["@$])`, effect: "argv" },
  { callee: String.raw`\bnew\s+(?:System\.Diagnostics\.)?ProcessStartInfo(?=\s*\(\s*["@$])`, effect: "argv" },
  { callee: String.raw`\bDirectory\.Delete(?=\s*\([^;]*,\s*true\s*\))`, effect: "delete-tree" },
  { callee: String.raw`\bDirectory\.Delete(?!\s*\([^;]*,\s*true\s*\))|\bFile\.Delete`, effect: "delete" },
  { callee: String.raw`\b(?:File|Directory)\.Move`, effect: "move" },
  { callee: String.raw`\bFile\.Copy`, effect: "copy" },
  { callee: String.raw`\bFile\.(?:WriteAll(?:Text|Bytes|Lines)|AppendAll(?:Text|Lines)|Create|OpenWrite)(?:Async)?`, effect: "write" },
  { callee: String.raw`\bFile\.(?:ReadAll(?:Text|Bytes|Lines)|OpenRead|ReadLines)(?:Async)?`, effect: "read" },
  { callee: String.raw`\.(?:GetAsync|GetStringAsync|GetByteArrayAsync|GetStreamAsync|PostAsync|PutAsync|DownloadString|UploadString|UploadFile)(?=\s*\()`, effect: "fetch" },
  { callee: String.raw`\.DownloadFile(?:Async)?(?=\s*\()`, effect: "download" },
  { callee: String.raw`\bnew\s+(?:System\.Net\.Sockets\.)?TcpClient(?=\s*\(\s*")`, effect: "connect" },
  { callee: String.raw`\bEnvironment\.GetEnvironmentVariables(?=\s*\(\s*\))`, effect: "environment" },
];

/** OCaml as `ocaml`, `utop` and `ocaml -e` run it: Sys and Unix. */
const OCAML: CallSpec[] = [
  { callee: String.raw`\b(?:Sys\.command|Unix\.system|Unix\.open_process(?:_in|_out)?)\b`, effect: "shell" },
  { callee: String.raw`\bUnix\.(?:execvp?|create_process)\b`, effect: "exec-file" },
  { callee: String.raw`\b(?:Sys\.remove|Unix\.unlink|Sys\.rmdir|Unix\.rmdir)\b`, effect: "delete" },
  { callee: String.raw`\b(?:Sys\.rename|Unix\.rename)\b`, effect: "move" },
  { callee: String.raw`\b(?:open_out|open_out_bin|Out_channel\.with_open_(?:text|bin))\b`, effect: "write" },
  { callee: String.raw`\b(?:open_in|open_in_bin|In_channel\.with_open_(?:text|bin))\b`, effect: "read" },
];

/** Dart as `dart run FILE` runs it: dart:io's Process, File and Directory, and package:http. */
const DART: CallSpec[] = [
  { callee: String.raw`\bProcess\.(?:run|runSync|start)(?=\s*\()`, effect: "argv" },
  { callee: String.raw`\bDirectory(?=\s*\([^()]*(?:\([^()]*\)[^()]*)*\)\s*\.delete(?:Sync)?\s*\(\s*recursive\s*:\s*true)`, effect: "delete-tree" },
  { callee: String.raw`\b(?:File|Directory)(?=\s*\([^()]*(?:\([^()]*\)[^()]*)*\)\s*\.delete(?:Sync)?\s*\(\s*\))`, effect: "delete" },
  { callee: String.raw`\bFile(?=\s*\([^()]*(?:\([^()]*\)[^()]*)*\)\s*\.(?:writeAs(?:String|Bytes)|openWrite)(?:Sync)?\s*\()`, effect: "write" },
  { callee: String.raw`\bFile(?=\s*\([^()]*(?:\([^()]*\)[^()]*)*\)\s*\.(?:readAs(?:String|Bytes|Lines)|openRead)(?:Sync)?\s*\()`, effect: "read" },
  { callee: String.raw`\bhttp\.(?:get|post|put|read)(?=\s*\()`, effect: "fetch" },
  { callee: String.raw`\bSocket\.connect(?=\s*\()`, effect: "connect" },
  { callee: String.raw`\bPlatform\.environment\b(?!\s*\[)`, effect: "environment" },
];

/** S-Lang (slsh). */
const SLANG: CallSpec[] = [
  { callee: String.raw`\bsystem(?=\s*\()`, effect: "shell" },
  { callee: String.raw`\bremove(?=\s*\()`, effect: "delete" },
];

/** Nim (and NimScript): osproc's and os's calls; staticExec and gorge run at compile time, exec in a .nims script. */
const NIM: CallSpec[] = [
  { callee: String.raw`\b(?:execShellCmd|execCmdEx|execCmd|execProcess|staticExec|gorgeEx|gorge)(?=\s*[("])|(?<![\w.])exec(?=\s*[("])`, effect: "shell" },
  { callee: String.raw`\bstartProcess(?=\s*\()`, effect: "argv" },
  { callee: String.raw`\bremoveDir(?=\s*[("])`, effect: "delete-tree" },
  { callee: String.raw`\bremoveFile(?=\s*[("])`, effect: "delete" },
  { callee: String.raw`\bwriteFile(?=\s*[("])`, effect: "write" },
  { callee: String.raw`\breadFile(?=\s*[("])`, effect: "read" },
];

export const TOOL_CALLS: Readonly<Record<string, readonly CallSpec[]>> = {
  vim: VIM,
  c: C,
  haskell: HASKELL,
  julia: JULIA,
  go: GO,
  swift: SWIFT,
  java: JAVA,
  groovy: GROOVY,
  scala: SCALA,
  kotlin: KOTLIN,
  elixir: ELIXIR,
  erlang: ERLANG,
  lisp: LISP,
  scheme: SCHEME,
  octave: OCTAVE,
  gnuplot: GNUPLOT,
  bpftrace: BPFTRACE,
  slang: SLANG,
  rust: RUST,
  csharp: CSHARP,
  ocaml: OCAML,
  dart: DART,
  nim: NIM,
};
