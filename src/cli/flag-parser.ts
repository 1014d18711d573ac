// The command line's flags parsed with node's parseArgs, for one command's flags only. An unknown flag,
// a flag without its value, or a value given to a flag that takes none is a one-line usage error (with
// the nearest flag, when one is close), never Node's message and the whole help.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { FlagSpecs, GivenFlag } from './command-spec.js';
import { UsageError } from './usage-error.js';

type Option = NonNullable<ParseArgsConfig['options']>[string];

/** --help (-h), which every command takes. */
const HELP_FLAG = { type: 'boolean', short: 'h' } as const;

/** How far apart two words are: insertions, deletions and substitutions (Levenshtein). */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[b.length]!;
}

/** The command's flag nearest to a mistyped one (at most 2 edits, and fewer than the word's length), if any. */
export function nearestFlag(typed: string, flags: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.min(2, typed.length - 1);
  for (const flag of flags) {
    const d = distance(typed, flag);
    if (d <= bestDistance && (best === undefined || d < bestDistance)) {
      best = flag;
      bestDistance = d;
    }
  }
  return best;
}

/** A usage error about the command's flags: one line, naming the command and where its help is. */
export const flagError = (command: string, what: string) => new UsageError(`${what} (see gameanim ${command} --help)`, undefined, command);

/** The parsed arguments: the values by flag name, the positionals, and the flags with values in the order given. */
export interface ParsedFlags {
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
  flags: GivenFlag[];
}

/** The command's arguments parsed with its flags (and --help) only. */
export function parseFlags(command: string, flags: FlagSpecs, args: string[]): ParsedFlags {
  const options: Record<string, Option> = {};
  for (const [name, flag] of Object.entries(flags))
    options[name] = {
      type: flag.type,
      ...(flag.multiple ? { multiple: true } : {}),
      ...(flag.short ? { short: flag.short } : {}),
    } as Option;
  options['help'] = HELP_FLAG;
  const names = Object.keys(options);
  const { tokens } = parseArgs({ args, allowPositionals: true, strict: false, tokens: true, options });
  for (const token of tokens) {
    if (token.kind !== 'option') continue;
    const option = options[token.name];
    if (!option) {
      const typed = token.rawName.startsWith('--') ? token.name : token.rawName.slice(1);
      const near = token.rawName.startsWith('--') ? nearestFlag(typed, names) : undefined;
      throw flagError(command, `unknown option ${token.rawName}${near ? `; did you mean --${near}?` : ''}`);
    }
    if (option.type === 'boolean' && token.value !== undefined) throw flagError(command, `--${token.name} takes no value`);
    if (option.type === 'string' && token.value === undefined) throw flagError(command, `${token.rawName} takes a value`);
    // "--out --force": Node refuses a value that looks like a flag; one can still be given as --out=-X.
    if (option.type === 'string' && !token.inlineValue && token.value!.startsWith('-'))
      throw flagError(
        command,
        `${token.rawName} takes a value, not the flag ${token.value}; for a value that starts with -, write --${token.name}=VALUE`,
      );
  }
  try {
    const parsed = parseArgs({ args, allowPositionals: true, strict: true, tokens: true, options });
    const given = parsed.tokens.flatMap((token) => (token.kind === 'option' ? [{ name: token.name, value: token.value }] : []));
    return { values: parsed.values as ParsedFlags['values'], positionals: parsed.positionals, flags: given };
  } catch (error) {
    // Whatever the checks above did not foresee: still one line.
    throw flagError(command, (error as Error).message.split('\n')[0]!);
  }
}
