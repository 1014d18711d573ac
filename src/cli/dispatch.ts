// What `gameanim` does with its arguments, for any list of command specs: --version and --help, an
// unknown command, then the command's flags parsed, its options parsed by its spec, and its run. No
// command is named here; commands/index.ts lists them.
import type { AnyCommand, FlagSpecs, FlagValues, Print } from './command-spec.js';
import type { CommandResult } from './commands/result.js';
import { parseFlags } from './flag-parser.js';
import { UsageError, UsageErrorWithHelp } from './usage-error.js';

/** The command line: its commands, the overview (`gameanim --help`), its version, and where it prints. */
export interface CommandLine {
  readonly commands: readonly AnyCommand[];
  readonly overview: string;
  readonly version: string;
  readonly print: Print;
}

/** The command's arguments as its typed options, or 'help' when --help was given. */
export function parseArguments(command: AnyCommand, args: string[]): { options: unknown } | 'help' {
  const { values, positionals, flags } = parseFlags(command.name, command.flags, args);
  if (values['help']) return 'help';
  // The values the flags convert are checked first, in the order the flags are declared.
  const typed: Record<string, unknown> = {};
  for (const [name, flag] of Object.entries(command.flags)) {
    const given = values[name];
    if (given !== undefined) typed[name] = flag.value && typeof given === 'string' ? flag.value(given, command.name) : given;
  }
  return {
    options: command.parse(typed as FlagValues<FlagSpecs>, positionals, { name: command.name, help: command.help, ordered: flags }),
  };
}

/** Runs one command line: the command's result, or 'help' when only help or the version was printed. */
export async function dispatch(argv: readonly string[], cli: CommandLine): Promise<CommandResult | 'help'> {
  const [name, ...args] = argv;
  if (name === '--version' || name === '-v') {
    cli.print(cli.version);
    return 'help';
  }
  if (!name) throw new UsageError('no command given', cli.overview);
  if (name === '--help' || name === '-h' || name === 'help') {
    cli.print(cli.overview);
    return 'help';
  }
  const command = cli.commands.find((spec) => spec.name === name);
  if (!command) throw new UsageError(`unknown command "${name}" (gameanim --help lists the commands)`);
  try {
    const parsed = parseArguments(command, args);
    if (parsed === 'help') {
      cli.print(command.help);
      return 'help';
    }
    return await command.run(parsed.options, cli.print);
  } catch (error) {
    if (error instanceof UsageErrorWithHelp) throw new UsageError(error.message, command.help);
    throw error;
  }
}
