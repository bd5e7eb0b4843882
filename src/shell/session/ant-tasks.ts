// Ant's tasks as the shell commands they amount to. A target does its work
// through tasks, most of them Ant's own Java, not a program it starts:
// `<delete dir="${user.home}/work"/>` is `rm -rf ~/work` though no `rm`
// runs, `<get>` a download, `<sshexec>` a command on another machine,
// `<echo file=… append="true">` a line added to a file. `<exec>` and
// `<apply>` start the program they name. Properties the build file sets
// (`<property name= value|location=>`) and Ant's own (`${user.home}`,
// `${basedir}`, `${env.X}`) are put in; one set elsewhere (a
// build.properties file) stays its own name, a word inside the project.
import { MAX_ANT_NESTING } from "../../limits.ts";
import { shellWord } from "./snippet.ts";

function xmlText(value: string): string {
  return value
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, "&");
}

export function xmlAttribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`(?<![\\w.-])${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(attributes);
  return match ? xmlText(match[1] ?? match[2] ?? "") : undefined;
}

/** The properties a build file sets itself, by name (the first setting wins, as in Ant). */
export function antProperties(text: string): ReadonlyMap<string, string> {
  const properties = new Map<string, string>();
  for (const match of text.matchAll(/<property\b([^>]*?)\/?>/g)) {
    const name = xmlAttribute(match[1]!, "name");
    const value = xmlAttribute(match[1]!, "value") ?? xmlAttribute(match[1]!, "location");
    if (name !== undefined && value !== undefined && !properties.has(name)) properties.set(name, value);
  }
  return properties;
}

/** Ant's own properties, as the shell names them. */
const BUILT_IN: Readonly<Record<string, string>> = { "user.home": "$HOME", basedir: ".", "user.dir": ".", "java.io.tmpdir": "/tmp" };

/** A value with its `${…}` put in, as one double-quoted shell word (only what Ant puts in is expanded by the shell). */
function antWord(value: string, properties: ReadonlyMap<string, string>, depth = 0): string {
  const inner = value.replace(/\$\{([^}]+)\}|([\\"`$])/g, (_whole, name: string | undefined, special: string | undefined) => {
    if (special !== undefined) return `\\${special}`;
    const key = name!;
    if (BUILT_IN[key] !== undefined) return BUILT_IN[key]!;
    if (key.startsWith("env.") && /^[A-Za-z_]\w*$/.test(key.slice(4))) return `$${key.slice(4)}`;
    const set = properties.get(key);
    if (set !== undefined && depth < 4) return antWord(set, properties, depth + 1).slice(1, -1);
    return key.replace(/[\\"`$]/g, "");
  });
  return `"${inner}"`;
}

type Task = { name: string; attributes: string; body: string };
type Word = (attribute: string) => string | undefined;

/** The directories of a task's nested `<fileset dir=…>` (and dirset), as words. */
function filesets(body: string, properties: ReadonlyMap<string, string>): string[] {
  return [...body.matchAll(/<(?:fileset|dirset)\b([^>]*)>/g)].flatMap((set) => {
    const dir = xmlAttribute(set[1]!, "dir");
    return dir === undefined ? [] : [antWord(dir, properties)];
  });
}

/** Each task Ant runs itself, as the line that does the same; undefined: it changes nothing the policy weighs. */
const TASKS: Readonly<Record<string, (word: Word, task: Task, properties: ReadonlyMap<string, string>) => string[]>> = {
  delete: (word, task, properties) => [
    ...[word("dir")].flatMap((dir) => (dir ? [`rm -rf -- ${dir}`] : [])),
    ...[word("file")].flatMap((file) => (file ? [`rm -f -- ${file}`] : [])),
    ...filesets(task.body, properties).map((dir) => `rm -rf -- ${dir}/*`),
  ],
  move: (word, task, properties) => transfer("mv --", word, task, properties),
  rename: (word) => (word("src") && word("dest") ? [`mv -- ${word("src")} ${word("dest")}`] : []),
  copy: (word, task, properties) => transfer("cp -r --", word, task, properties),
  get: (word) => (word("src") && word("dest") ? [`curl -fsSL -o ${word("dest")} ${word("src")}`] : []),
  chmod: (word, task, properties) => {
    const perm = word("perm");
    const targets = [word("file"), word("dir"), ...filesets(task.body, properties)].filter((target) => target !== undefined);
    return perm && targets.length > 0 ? [`chmod -R ${perm} ${targets.join(" ")}`] : [];
  },
  symlink: (word) => (word("link") && word("resource") ? [`ln -sf ${word("resource")} ${word("link")}`] : []),
  sshexec: (word) => {
    const host = word("host");
    const command = word("command");
    const user = word("username");
    return host && command ? [`ssh ${user ? `${user}@${host}` : host} ${command}`] : [];
  },
  scp: (word) => (word("file") && word("todir") ? [`scp ${word("file")} ${word("todir")}`] : []),
  untar: (word) => (word("src") && word("dest") ? [`tar -xf ${word("src")} -C ${word("dest")}`] : []),
  unzip: (word) => (word("src") && word("dest") ? [`unzip -o ${word("src")} -d ${word("dest")}`] : []),
  // `<echo file=… message=…>` writes (appends, with append="true") the message to a file.
  echo: (word, task, properties) => {
    const file = word("file");
    if (!file) return [];
    const message = word("message") ?? antWord(xmlText(task.body.replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, "$1")), properties);
    return [`printf '%s\\n' ${message} ${xmlAttribute(task.attributes, "append") === "true" ? ">>" : ">"} ${file}`];
  },
};

/** `<move file|todir>`, `<copy>`: the file or the filesets, to tofile or todir. */
function transfer(program: string, word: Word, task: Task, properties: ReadonlyMap<string, string>): string[] {
  const sources = [word("file"), ...filesets(task.body, properties).map((dir) => `${dir}/*`)].filter((source) => source !== undefined);
  const destination = word("tofile") ?? word("todir");
  return sources.length > 0 && destination ? [`${program} ${sources.join(" ")} ${destination}`] : [];
}

/** `<exec executable=…>` (with its `<arg>`s) and `<apply>`: the program started; `command=` is a whole line. */
function execLine(task: Task, properties: ReadonlyMap<string, string>): string | undefined {
  const executable = xmlAttribute(task.attributes, "executable");
  const command = xmlAttribute(task.attributes, "command");
  if (executable === undefined) return command;
  const words = [shellWord(executable)];
  for (const arg of task.body.matchAll(/<arg\b([^>]*)>/g)) {
    const value = xmlAttribute(arg[1]!, "value") ?? xmlAttribute(arg[1]!, "file") ?? xmlAttribute(arg[1]!, "path");
    const line = xmlAttribute(arg[1]!, "line");
    if (value !== undefined) words.push(antWord(value, properties));
    else if (line !== undefined) words.push(line);
  }
  return words.join(" ");
}

/** A target's body, each task in order as the shell lines it amounts to. */
export function antTaskLines(body: string, properties: ReadonlyMap<string, string>, depth = 0): string[] {
  const lines: string[] = [];
  for (const match of body.matchAll(/<([\w:-]+)\b([^>]*?)(?:\/>|>([\s\S]*?)<\/\1>)/g)) {
    const task: Task = { name: match[1]!, attributes: match[2]!, body: match[3] ?? "" };
    if (task.name === "exec" || task.name === "apply") {
      const line = execLine(task, properties);
      if (line !== undefined) lines.push(line);
      continue;
    }
    const word: Word = (attribute) => {
      const value = xmlAttribute(task.attributes, attribute);
      return value === undefined ? undefined : antWord(value, properties);
    };
    const reading = TASKS[task.name];
    // A container (`<sequential>`, `<parallel>`, `<retry>`, a macro's body) runs the tasks inside it.
    if (reading) lines.push(...reading(word, task, properties));
    else if (task.body !== "" && depth < MAX_ANT_NESTING) lines.push(...antTaskLines(task.body, properties, depth + 1));
  }
  return lines;
}
