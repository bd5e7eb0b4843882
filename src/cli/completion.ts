// `synaps-policy completion bash|zsh|fish`: a completion script for the
// shell, made from the commands and the options their usage text lists (one
// source: what --help says is what completes).
import { BUILTIN_TOOL_NAMES } from "../policy/checks/tools.ts";
import { NAME } from "../version.ts";
import { UsageError } from "./args.ts";
import type { CliIo } from "./io.ts";
import { COMMANDS, USAGE } from "./usage.ts";

const SHELLS = ["bash", "zsh", "fish"] as const;

export function runCompletion(argv: string[], io: CliIo): number {
  const [shell, ...extra] = argv;
  if (shell === undefined || extra.length > 0) throw new UsageError(`completion needs one shell: ${SHELLS.join(", ")}`);
  if (!(SHELLS as readonly string[]).includes(shell)) throw new UsageError(`completion for ${JSON.stringify(shell)}: expected one of ${SHELLS.join(", ")}`);
  const script = shell === "bash" ? bashScript() : shell === "zsh" ? zshScript() : fishScript();
  io.out(script);
  return 0;
}

/** The options a command's usage text names (`--policy`, `--json`, …). */
function optionsOf(command: string): string[] {
  return [...new Set((USAGE[command] ?? "").match(/--[a-z][a-z-]*/g) ?? [])].filter((option) => option !== "--help").concat("--help");
}

const id = NAME.replace(/-/g, "_");

function bashScript(): string {
  const cases = COMMANDS.map((command) => `    ${command}) opts="${optionsOf(command).join(" ")}" ;;`).join("\n");
  return `# bash completion for ${NAME}: eval "$(${NAME} completion bash)"
_${id}() {
  local cur=\${COMP_WORDS[COMP_CWORD]} opts
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=( $(compgen -W "${COMMANDS.join(" ")} --help --version" -- "$cur") )
    return
  fi
  case "\${COMP_WORDS[1]}" in
${cases}
  esac
  if [ "\${COMP_WORDS[1]}" = check ] && [ "$COMP_CWORD" -eq 2 ] && [[ "$cur" != -* ]]; then
    COMPREPLY=( $(compgen -W "${BUILTIN_TOOL_NAMES.join(" ")}" -- "$cur") )
    return
  fi
  if [[ "$cur" == -* ]]; then COMPREPLY=( $(compgen -W "$opts" -- "$cur") ); else COMPREPLY=( $(compgen -f -- "$cur") ); fi
}
complete -F _${id} ${NAME}
`;
}

function zshScript(): string {
  const cases = COMMANDS.map(
    (command) =>
      `    ${command}) _arguments '*:file:_files' ${optionsOf(command)
        .map((option) => `'${option}'`)
        .join(" ")} ;;`,
  ).join("\n");
  return `#compdef ${NAME}
# zsh completion for ${NAME}: ${NAME} completion zsh > "\${fpath[1]}/_${NAME}"
_${id}() {
  if (( CURRENT == 2 )); then
    compadd -- ${COMMANDS.join(" ")} --help --version
    return
  fi
  case "$words[2]" in
${cases}
  esac
}
compdef _${id} ${NAME}
`;
}

function fishScript(): string {
  const lines = [`# fish completion for ${NAME}: ${NAME} completion fish > ~/.config/fish/completions/${NAME}.fish`];
  lines.push(`complete -c ${NAME} -f -n "__fish_use_subcommand" -a "${COMMANDS.join(" ")}"`);
  for (const command of COMMANDS) {
    for (const option of optionsOf(command)) lines.push(`complete -c ${NAME} -n "__fish_seen_subcommand_from ${command}" -l ${option.slice(2)}`);
  }
  lines.push(`complete -c ${NAME} -f -n "__fish_seen_subcommand_from check" -a "${BUILTIN_TOOL_NAMES.join(" ")}"`);
  return `${lines.join("\n")}\n`;
}
