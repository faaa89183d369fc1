import type { Command } from 'commander';
import { usageError } from './errors.js';
import type { Output } from './output.js';

/** Each command with its subcommands and long options, from the program itself (nothing listed twice). */
function commandTree(program: Command): Map<string, string[]> {
  const tree = new Map<string, string[]>();
  const longs = (c: Command) => c.options.map((o) => o.long).filter((l): l is string => Boolean(l));
  tree.set('', [...program.commands.map((c) => c.name()), ...longs(program)]);
  for (const command of program.commands) {
    tree.set(command.name(), [...command.commands.map((c) => c.name()), ...longs(command)]);
    for (const sub of command.commands) tree.set(`${command.name()} ${sub.name()}`, longs(sub));
  }
  return tree;
}

function bashScript(tree: Map<string, string[]>): string {
  const cases = (entries: [string, string[]][]) => entries.map(([key, words]) => `    "${key}") words="${words.join(' ')}" ;;`).join('\n');
  const entries = [...tree];
  return `# sso bash completion: eval "$(sso completion bash)"
_sso() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" words="" a
  local plain=()
  for a in "\${COMP_WORDS[@]:1:COMP_CWORD-1}"; do [[ "$a" != -* ]] && plain+=("$a"); done
  case "\${plain[*]:0:2}" in
${cases(entries.filter(([k]) => k.includes(' ')))}
  esac
  if [[ -z "$words" ]]; then
    case "\${plain[0]}" in
${cases(entries.filter(([k]) => !k.includes(' ')))}
    esac
  fi
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -F _sso sso
`;
}

function zshScript(tree: Map<string, string[]>): string {
  return `#compdef sso
# sso zsh completion: eval "$(sso completion zsh)"
autoload -U +X bashcompinit && bashcompinit
${bashScript(tree)}`;
}

export function addCompletionCommand(program: Command, output: Output): void {
  program
    .command('completion <shell>')
    .description('shell completion script (bash or zsh)')
    .addHelpText(
      'after',
      '\nExamples:\n  eval "$(sso completion bash)"   # in ~/.bashrc\n  eval "$(sso completion zsh)"    # in ~/.zshrc\n',
    )
    .action((shell: string) => {
      if (shell !== 'bash' && shell !== 'zsh') throw usageError(`completion: bash or zsh, not "${shell}"`);
      const tree = commandTree(program);
      output.out(shell === 'bash' ? bashScript(tree) : zshScript(tree));
    });
}
