// What interpreter code does, as data: for each language, the library calls
// that run a process, delete, move, read or write a file, fetch from the
// network, open a connection, run fetched code, or read the environment. Each
// is translated into the shell command that does the same, so the rules
// written for shell commands judge `shutil.rmtree("/x")` as `rm -r /x`.
import type { CallSpec } from "./call-spec.ts";
import { TOOL_CALLS } from "./tool-calls.ts";

const PYTHON: CallSpec[] = [
  { callee: String.raw`\bos\.(?:system|popen)`, effect: "shell" },
  { callee: String.raw`\b(?:subprocess\.)?(?:getoutput|getstatusoutput)`, effect: "shell" },
  { callee: String.raw`\bsubprocess\.(?:run|call|check_call|check_output|Popen)`, effect: "argv" },
  { callee: String.raw`\bpty\.spawn`, effect: "argv" },
  { callee: String.raw`\basyncio\.create_subprocess_exec|\.subprocess_exec`, effect: "argv" },
  { callee: String.raw`\basyncio\.create_subprocess_shell|\.subprocess_shell`, effect: "shell" },
  { callee: String.raw`\bos\.exec[lv]p?e?|\bos\.posix_spawnp?`, effect: "exec-file" },
  { callee: String.raw`\bos\.spawn[lv]p?e?`, effect: "spawn-file" },
  { callee: String.raw`\brunpy\.run_path`, effect: "run-file" },
  // Formats that run code while they are read: pickle and its kin, PyTorch's and joblib's loaders built on it.
  { callee: String.raw`\b(?:pickle|cPickle|_pickle|dill|cloudpickle|joblib|torch|shelve)\.(?:load|open)(?=\s*\()|\b(?:pd|pandas)\.read_pickle(?=\s*\()`, effect: "load-file" },
  { callee: String.raw`\bshutil\.rmtree`, effect: "delete-tree" },
  { callee: String.raw`\bos\.(?:remove|unlink|rmdir|removedirs)`, effect: "delete" },
  { callee: String.raw`\bshutil\.move|\bos\.(?:rename|replace)`, effect: "move" },
  { callee: String.raw`\bshutil\.copy(?:file|2|tree)?`, effect: "copy" },
  { callee: String.raw`\bos\.chmod`, effect: "chmod" },
  { callee: String.raw`\burllib\.request\.urlretrieve|\burlretrieve`, effect: "download" },
  {
    callee: String.raw`\b(?:urllib\.request\.)?urlopen|\brequests\.(?:get|post|put|patch|delete|head|request)|\bhttpx\.(?:get|post|put|patch|delete|stream)|\burllib2\.urlopen`,
    effect: "fetch",
  },
  { callee: String.raw`\.connect(?=\s*\(\s*\()`, effect: "connect" },
  { callee: String.raw`\bsocket\.create_connection`, effect: "connect" },
  { callee: String.raw`\.bind(?=\s*\(\s*\()|\bsocket\.create_server`, effect: "listen" },
  // Not a method (`model.eval()`, `df.eval(…)`): the builtins that run code.
  { callee: String.raw`(?<![\w.])(?:(?:__builtins__|builtins)\.)?(?:exec|eval)(?=\s*\()`, effect: "run-code" },
  { callee: String.raw`(?<![\w.])(?:__import__|importlib\.import_module|import_module)(?=\s*\()|\boperator\.(?:methodcaller|attrgetter)(?=\s*\()`, effect: "lookup" },
  { callee: String.raw`(?<![\w.])getattr(?=\s*\()`, effect: "attribute" },
  {
    callee: String.raw`\bsys\.modules(?=\s*\[)|(?<![\w.])(?:globals|locals|vars)\s*\([^()]*\)(?=\s*\[)|\b__builtins__(?:\.__dict__)?(?=\s*\[)|\.__dict__(?=\s*\[)`,
    effect: "member",
  },
  { callee: String.raw`\.__(?:subclasses|globals|builtins)__`, effect: "reflection" },
  { callee: String.raw`\bopen(?=\s*\([^)]*['"][wax]b?\+?['"])`, effect: "write" },
  { callee: String.raw`\b(?:open|io\.open)`, effect: "read" },
  { callee: String.raw`\.write_(?:text|bytes)`, effect: "write" },
  // A pathlib path read by its own method (`Path.home().joinpath(".pgpass").read_bytes()`): the receiver is the file.
  // The callee is the empty text just before the method, after the path.
  {
    callee: String.raw`(?=\.\s*(?:read_text|read_bytes|open)\s*\()(?<=(?<![\w.])\(?\s*(?:pathlib\.)?Path(?:\.home)?\s*\([^()]*\)(?:\s*\.\s*(?:joinpath\s*\([^()]*\)|expanduser\s*\(\s*\)|resolve\s*\(\s*\)|absolute\s*\(\s*\))|\s*\/\s*(?:"[^"]*"|'[^']*'))*\s*\)?\s*)`,
    effect: "read",
  },

  { callee: String.raw`\bos\.environ(?![\s.]*(?:\[|get\b))|\bos\.getenv\s*\(\s*\)`, effect: "environment" },
  // Hosted ML platforms' SDKs, as the CLI commands that do the same (the system and publish packs judge those).
  // Hugging Face Hub: repositories deleted, made public, files, branches and tags deleted, history squashed.
  { callee: String.raw`\.delete_repo`, effect: "service-call", command: "hf repo delete" },
  { callee: String.raw`\.(?:update_repo_visibility|update_repo_settings)(?=\s*\([^)]*\bprivate\s*=\s*False)`, effect: "service-call", command: "hf repo settings --private false" },
  { callee: String.raw`\.(?:delete_file|delete_folder|delete_files)`, effect: "service-call", command: "hf repo-files delete" },
  {
    callee: String.raw`\.(?:delete_branch|delete_tag|super_squash_history|delete_inference_endpoint|delete_space_storage|delete_collection)`,
    effect: "service-call",
    command: "hf repo delete",
  },
  // MLflow's tracking client: experiments, runs and registered models deleted.
  { callee: String.raw`\.delete_experiment`, effect: "service-call", command: "mlflow experiments delete --experiment-id" },
  { callee: String.raw`\.(?:delete_run|delete_runs)`, effect: "service-call", command: "mlflow runs delete --run-id" },
  { callee: String.raw`\.(?:delete_registered_model|delete_model_version|delete_prompt)`, effect: "service-call", command: "mlflow models delete" },
  // Weights & Biases: runs, artifacts, sweeps and projects deleted through wandb.Api() objects (`run.delete()`).
  { callee: String.raw`(?<=\bwandb\b[\s\S]*)\.delete(?=\s*\()`, effect: "service-call", command: "wandb delete" },
  { callee: String.raw`\bos\.symlink\b`, effect: "symlink" },
];

const NODE: CallSpec[] = [
  { callee: String.raw`\b(?:execSync|exec)\b(?!File)`, effect: "shell" },
  { callee: String.raw`\b(?:spawnSync|spawn|execFileSync|execFile|fork)\b`, effect: "argv" },
  { callee: String.raw`\bBun\.(?:spawnSync|spawn)\b`, effect: "argv" },
  { callee: String.raw`\bBun\.\$`, effect: "shell" },
  { callee: String.raw`\bDeno\.(?:Command|run)\b|\bexeca(?:Sync)?(?=\s*\()`, effect: "argv" },
  // Deno's own file system calls: remove with `recursive: true` deletes a tree.
  { callee: String.raw`\bDeno\.(?:removeSync|remove)\b(?=\s*\([^;]*recursive\s*:\s*true)`, effect: "delete-tree" },
  { callee: String.raw`\bDeno\.(?:removeSync|remove)\b(?!\s*\([^;]*recursive\s*:\s*true)`, effect: "delete" },
  { callee: String.raw`\bDeno\.(?:renameSync|rename)\b`, effect: "move" },
  { callee: String.raw`\bDeno\.(?:writeTextFileSync|writeTextFile|writeFileSync|writeFile)\b`, effect: "write" },
  { callee: String.raw`\bDeno\.(?:readTextFileSync|readTextFile|readFileSync|readFile)\b`, effect: "read" },
  { callee: String.raw`\bexecaCommand(?:Sync)?(?=\s*\()|(?<![\w.$])\$(?=\`)`, effect: "shell" },
  { callee: String.raw`(?:\bfs|\bfsp|\bfsPromises|\))(?:\.promises)?\.(?:rmSync|rmdirSync|rmdir|rm)\b|\brimraf(?:\.sync)?`, effect: "delete-tree" },
  { callee: String.raw`(?:\bfs|\bfsp|\bfsPromises|\))(?:\.promises)?\.(?:unlinkSync|unlink)\b`, effect: "delete" },
  { callee: String.raw`(?:\bfs|\bfsp|\bfsPromises|\))(?:\.promises)?\.(?:renameSync|rename)\b`, effect: "move" },
  { callee: String.raw`(?:\bfs|\bfsp|\bfsPromises|\))(?:\.promises)?\.(?:copyFileSync|copyFile|cpSync|cp)\b`, effect: "copy" },
  { callee: String.raw`(?:\bfs|\bfsp|\bfsPromises|\))(?:\.promises)?\.(?:writeFileSync|writeFile|appendFileSync|appendFile|createWriteStream)\b|\bBun\.write`, effect: "write" },
  { callee: String.raw`(?:\bfs|\bfsp|\bfsPromises|\))(?:\.promises)?\.(?:readFileSync|readFile|createReadStream)\b|\bBun\.file`, effect: "read" },
  { callee: String.raw`(?:\bfs|\bfsp|\bfsPromises|\))(?:\.promises)?\.(?:chmodSync|chmod)\b`, effect: "chmod" },
  { callee: String.raw`\bfetch|\bhttps?\.(?:get|request)|\baxios(?:\.(?:get|post|put|patch|delete|request))?`, effect: "fetch" },
  { callee: String.raw`\bnet\.(?:connect|createConnection)|\.connect(?=\s*\(\s*\d)`, effect: "connect" },
  { callee: String.raw`\.listen(?=\s*\(\s*\d)`, effect: "listen" },
  { callee: String.raw`(?<![\w.$])(?:eval|Function)(?=\s*\()|\bvm\.(?:runIn\w*Context|compileFunction|Script|SourceTextModule)(?=\s*\()`, effect: "run-code" },
  // `fetch(url).then(r => r.text()).then(eval)`: eval handed over as the callback runs what the promise holds.
  { callee: String.raw`(?<=\.then\s*\(\s*)(?:eval|Function)(?=\s*\))`, effect: "eval" },
  // `import("https://…")` (Deno, node with network imports): the module at that address is fetched and run.
  { callee: String.raw`(?<![\w.$])import(?=\s*\(\s*['"\x60]https?:)`, effect: "fetch" },
  { callee: String.raw`(?<![\w.$])import(?=\s*\(\s*['"\x60]https?:)`, effect: "eval" },
  { callee: String.raw`(?<![\w.$])(?:require|import)(?=\s*\()`, effect: "lookup" },
  // `child_process[…]` after aliases and `require("…")` are resolved to the module's name.
  {
    callee: String.raw`(?<![\w.$])(?:child_process|process|globalThis|global|module|Bun|Deno|vm|fs|fsPromises|worker_threads|cluster)(?=\s*\[)`,
    effect: "member",
  },
  { callee: String.raw`\bprocess\.(?:binding|_linkedBinding|dlopen)\b`, effect: "reflection" },
  { callee: String.raw`\bReflect\.get(?=\s*\()`, effect: "attribute" },
  { callee: String.raw`\bprocess\.env(?![\s.]*(?:\[|\.\w))`, effect: "environment" },
  { callee: String.raw`(?:\bfs|\bfsp|\bfsPromises|\))(?:\.promises)?\.(?:symlinkSync|symlink)\b|\bDeno\.(?:symlinkSync|symlink)\b`, effect: "symlink" },
];

/** A Perl file handle as open takes it: a bareword, `$fh`, or `my $fh`. */
const PERL_HANDLE = String.raw`(?:my\s+)?\$?[A-Za-z_]\w*`;

const PERL: CallSpec[] = [
  { callee: String.raw`\b(?:system|exec)`, effect: "argv" },
  { callee: String.raw`\bqx`, effect: "shell" },
  { callee: String.raw`\b(?:rmtree|remove_tree)`, effect: "delete-tree" },
  { callee: String.raw`\b(?:unlink|rmdir)`, effect: "delete" },
  { callee: String.raw`\b(?:rename|move)`, effect: "move" },
  { callee: String.raw`\bcopy`, effect: "copy" },
  { callee: String.raw`\bchmod`, effect: "chmod" },
  { callee: String.raw`\bgetstore|\bmirror`, effect: "download" },
  // open(FH, MODE, PATH) and open(FH, PATH): the callee takes in the handle (and the mode), so the path is read as
  // the call's argument. A 2-argument path with its mode glued on (`">x"`, `"cmd |"`) is left to the rest of the code.
  { callee: String.raw`\bopen\s*\(?\s*${PERL_HANDLE}\s*,\s*["'](?:>|>>|\+<|\+>|\+>>)(?::[\w()-]+)?["']\s*,(?=\s*["'])`, effect: "write" },
  { callee: String.raw`\bopen\s*\(?\s*${PERL_HANDLE}\s*,\s*["']<(?::[\w()-]+)?["']\s*,(?=\s*["'])`, effect: "read" },
  // open(FH, "-|", PROGRAM, ARGS…) and "|-": a pipe from or to a program run with those words.
  { callee: String.raw`\bopen\s*\(?\s*${PERL_HANDLE}\s*,\s*["'](?:-\||\|-)["']\s*,(?=\s*["'])`, effect: "argv" },
  { callee: String.raw`\bopen\s*\(?\s*${PERL_HANDLE}\s*,(?=\s*["'][^<>|+"'\s][^"'|]*["']\s*\)?\s*(?:;|or\b|\|\||\)|$))`, effect: "read" },
  {
    callee: String.raw`\bget(?=\s*\(\s*['"]https?:)|\bLWP::Simple::get|\bHTTP::Tiny->new->(?:get|post|post_form|put|request)|->(?:get|post|post_form|put|request)(?=\s*\(\s*['"](?:GET|POST|PUT)?['"]?\s*,?\s*['"]?https?:)`,
    effect: "fetch",
  },
  { callee: String.raw`\bIO::Socket::INET->new|\bsocket`, effect: "connect" },
  // `eval { … }` is a block of code written out, read with the rest; `eval $code` runs a string.
  { callee: String.raw`\beval\b(?!\s*\{)`, effect: "run-code" },
  // `&{"sys" . "tem"}(…)`: a function called by a name built from strings.
  { callee: String.raw`(?<![&\w])&\s*\{(?=[^{}]*['"])`, effect: "reflection" },
  { callee: String.raw`%ENV\b(?!\s*\{)`, effect: "environment" },
  { callee: String.raw`(?<![\w:$>])symlink\b`, effect: "symlink" },
];

const RUBY: CallSpec[] = [
  { callee: String.raw`\b(?:system|exec|spawn|IO\.popen|Open3\.(?:capture2e?|capture3|popen[23]e?|pipeline))`, effect: "argv" },
  // Copies a stream (a download, a file) into the file it names.
  { callee: String.raw`\bIO\.copy_stream`, effect: "copy" },
  { callee: String.raw`%x`, effect: "shell" },
  // Rake's and fastlane's `sh "make"`, `sh("make")`: a shell command line (a method of the task, not a receiver's).
  { callee: String.raw`(?<![\w.:])sh(?=\s*[("'])`, effect: "shell" },
  { callee: String.raw`\bFileUtils\.(?:rm_rf|rm_r|remove_dir|remove_entry(?:_secure)?|rmtree)`, effect: "delete-tree" },
  { callee: String.raw`\bFileUtils\.(?:rm|rm_f|remove)|\bFile\.(?:delete|unlink)|\bDir\.(?:delete|rmdir|unlink)`, effect: "delete" },
  { callee: String.raw`\bFileUtils\.(?:mv|move)|\bFile\.rename`, effect: "move" },
  { callee: String.raw`\bFileUtils\.(?:cp|cp_r|copy)`, effect: "copy" },
  { callee: String.raw`\bFile\.(?:write|open(?=\s*\([^)]*['"][wa]))`, effect: "write" },
  { callee: String.raw`\bFile\.(?:read|open|readlines)|\bIO\.read`, effect: "read" },
  { callee: String.raw`\bFile\.chmod|\bFileUtils\.chmod`, effect: "chmod" },
  {
    callee: String.raw`\bNet::HTTP\.(?:get|post_form|get_response|post|put|patch|start|new)|\bURI\.open|\bopen(?=\s*\(?\s*['"]https?:)|\bHTTParty\.(?:get|post|put|patch)|\bRestClient\.(?:get|post|put|patch)|\bFaraday\.(?:get|post|put|new)|\bExcon\.(?:get|post|put|new)|\bHTTP\.(?:get|post|put)`,
    effect: "fetch",
  },
  { callee: String.raw`\bTCPSocket\.(?:new|open)|\bSocket\.tcp`, effect: "connect" },
  // The block forms (`instance_eval { … }`, `class_eval do … end`) are code written out, read with the rest.
  { callee: String.raw`\b(?:eval|instance_eval|class_eval|module_eval)\b(?!\s*(?:\{|do\b))`, effect: "run-code" },
  // Every Ruby object has Kernel's private methods, so `1.send(name, …)` can reach `system` whatever the receiver.
  {
    callee: String.raw`(?<!\bdef\s+(?:self\.)?)\b(?:send|public_send|__send__|method|public_method|instance_method|const_get|singleton_method)\b(?=\s*\(|\s+[^\s=])`,
    effect: "lookup",
  },
  // ENV as a whole (ENV.to_h, ENV.each, ENV passed along), not one variable (ENV["HOME"], ENV.fetch("X")).
  { callee: String.raw`\bENV\b(?!\s*\[|\.(?:fetch|key\?|has_key\?|include\?|delete|store)\b)`, effect: "environment" },
  { callee: String.raw`\bFile\.symlink\b|\bFileUtils\.(?:ln_s|ln_sf|symlink)\b`, effect: "symlink" },
];

const PHP: CallSpec[] = [
  { callee: String.raw`\b(?:system|exec|shell_exec|passthru|popen|proc_open)`, effect: "shell" },
  { callee: String.raw`\bpcntl_exec`, effect: "argv" },
  { callee: String.raw`\b(?:unlink|rmdir)`, effect: "delete" },
  { callee: String.raw`\brename`, effect: "move" },
  { callee: String.raw`\bcopy`, effect: "copy" },
  { callee: String.raw`\bchmod`, effect: "chmod" },
  { callee: String.raw`\bfile_put_contents|\bfopen(?=\s*\([^)]*['"][wax])`, effect: "write" },
  { callee: String.raw`\bfile_get_contents(?=\s*\(\s*['"]https?:)|\bcurl_init`, effect: "fetch" },
  { callee: String.raw`\b(?:file_get_contents|readfile|file|fopen)`, effect: "read" },
  { callee: String.raw`\b(?:fsockopen|stream_socket_client)`, effect: "connect" },
  { callee: String.raw`\b(?:eval|create_function)(?=\s*\()`, effect: "run-code" },
  { callee: String.raw`\b(?:call_user_func(?:_array)?|forward_static_call(?:_array)?)(?=\s*\()`, effect: "lookup" },
  // `$f(…)`, `('sys'.'tem')(…)`: a function called by a name held in a value.
  { callee: String.raw`\$\w+(?=\s*\()|\)(?=\s*\(\s*['"$])`, effect: "reflection" },
  { callee: String.raw`\bgetenv\s*\(\s*\)|\$_ENV\b(?!\s*\[)`, effect: "environment" },
  { callee: String.raw`(?<![\w>$])symlink\b`, effect: "symlink" },
];

const LUA: CallSpec[] = [
  { callee: String.raw`\bos\.execute|\bio\.popen`, effect: "shell" },
  { callee: String.raw`\bos\.remove`, effect: "delete" },
  { callee: String.raw`\bos\.rename`, effect: "move" },
  { callee: String.raw`\bio\.open(?=\s*\([^)]*['"][wa])`, effect: "write" },
  { callee: String.raw`\bio\.(?:open|lines)`, effect: "read" },
  { callee: String.raw`\b(?:loadstring|load|dofile)(?=\s*\()`, effect: "run-code" },
  { callee: String.raw`(?<![\w.])(?:_G|_ENV|os|io)(?=\s*\[)`, effect: "member" },
  { callee: String.raw`(?<![\w.])require(?=\s*\()`, effect: "lookup" },
  { callee: String.raw`\bsocket\.connect|\bsocket\.tcp\(\)\s*:\s*connect`, effect: "connect" },
];

const R: CallSpec[] = [
  { callee: String.raw`\bsystem`, effect: "shell" },
  { callee: String.raw`\bsystem2`, effect: "argv" },
  { callee: String.raw`\bunlink(?=\s*\((?:[^()]|\([^()]*\))*recursive\s*=\s*T)`, effect: "delete-tree" },
  { callee: String.raw`\b(?:unlink|file\.remove)`, effect: "delete" },
  { callee: String.raw`\bfile\.rename`, effect: "move" },
  // file.symlink(from, to): a link at `to` to `from`.
  { callee: String.raw`\bfile\.symlink(?=\s*\()`, effect: "symlink" },
  { callee: String.raw`\bdownload\.file`, effect: "download" },
  // source() and sys.source() run the file or connection they are given; eval(parse(…)) runs the text parsed.
  { callee: String.raw`\b(?:source|sys\.source)(?=\s*\()|\beval(?=\s*\(\s*(?:base::)?(?:parse|str2lang|str2expression)\b)`, effect: "eval" },
  // A URL given to source() or to url() is fetched: with the calls above, code fetched and run.
  { callee: String.raw`\b(?:source|url|readLines|readRDS|gzcon)(?=\s*\(\s*['"]https?:)`, effect: "fetch" },
  { callee: String.raw`\b(?:readLines|read\.csv|readRDS)`, effect: "read" },
  // Writes: `cat(…, file = P)`, `write(x, file = P)`, `saveRDS(x, file = P)` name the file by keyword; writeLines the
  // second argument (or `con =`); sink, file.create and file.append the first. The callee runs up to the file.
  { callee: String.raw`\b(?:cat|write|write\.csv|write\.table|saveRDS|save|dput|dump)(?=\s*\()(?:[^;\n"']|"[^"]*"|'[^']*')*?\bfile\s*=\s*`, effect: "write" },
  { callee: String.raw`\bwriteLines\s*\((?:[^(),'"]|'[^']*'|"[^"]*"|\([^()]*\))*,\s*(?:con\s*=\s*)?`, effect: "write" },
  { callee: String.raw`\b(?:sink|file\.create|file\.append)(?=\s*\()`, effect: "write" },
  { callee: String.raw`\bSys\.getenv\s*\(\s*\)`, effect: "environment" },
];

// osascript runs JavaScript for Automation too (`-l JavaScript`): `app.doShellScript(…)` and the C library's
// `$.system(…)` (after `ObjC.import("stdlib")`) run a shell command as `do shell script` does.
const APPLESCRIPT: CallSpec[] = [
  { callee: String.raw`\bdo shell script|\.doShellScript\b|(?<![\w$])\$\.(?:system|popen)\b`, effect: "shell" },
  // JXA through the Objective-C bridge, `$.NSFileManager.defaultManager.removeItemAtPathError($(path), null)`
  // removes a whole tree, as `rm -rf` does.
  { callee: String.raw`\.removeItemAt(?:Path|URL)(?:Error)?(?=\s*\()`, effect: "delete-tree" },
];

const AWK: CallSpec[] = [{ callee: String.raw`\bsystem`, effect: "shell" }];

/** Calls by language name (the `code:<language>` of a program's spec). */
export const CALLS_BY_LANGUAGE: Readonly<Record<string, readonly CallSpec[]>> = {
  ...TOOL_CALLS,
  python: PYTHON,
  node: NODE,
  perl: PERL,
  ruby: RUBY,
  php: PHP,
  lua: LUA,
  r: R,
  applescript: APPLESCRIPT,
  awk: AWK,
};
