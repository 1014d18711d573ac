// The flags of every command, in one table derived from the command specs (commands/index.ts): the
// parser reads only a command's own, and the help tests check each one is in its command's help, so
// the help cannot lose a flag the parser takes.
import { takesJson, type FlagSpec } from './command-spec.js';
import { COMMANDS } from './commands/index.js';
import { parseFlags, type ParsedFlags } from './flag-parser.js';

export { nearestFlag } from './flag-parser.js';

/** Every flag any command takes, by name (one name means one flag: the same type and one-letter form everywhere). */
export const FLAGS: Readonly<Record<string, FlagSpec>> = Object.fromEntries(COMMANDS.flatMap((command) => Object.entries(command.flags)));

/** The flags each command takes besides --help, in its spec's order. Every command that prints results takes --json. */
export const COMMAND_FLAGS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  COMMANDS.map((command) => [command.name, Object.keys(command.flags)]),
);

/** The commands that take --json, in the list's order. */
export const JSON_COMMANDS = COMMANDS.filter(takesJson).map((command) => command.name);

/**
 * A command's arguments parsed with its flags only: the raw values, the positionals, and the flags in
 * the order given. A flag mistake is a one-line usage error (flag-parser.ts).
 */
export function parseCommand(command: string, args: string[]): ParsedFlags {
  const spec = COMMANDS.find((candidate) => candidate.name === command);
  return parseFlags(command, spec?.flags ?? {}, args);
}
