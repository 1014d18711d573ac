// One command of the `gameanim` command line, declared once: its name, its help, its line in the
// overview, its flags, how its arguments become typed options, and what it does with them. The help
// listing, the flag table and the dispatch are all derived from these specs (commands/index.ts lists
// them), so a command lives in one file.
import type { CommandResult } from './commands/result.js';
import { UsageError } from './usage-error.js';

export type Print = (line: string) => void;

/** A flag as the parser reads it: a switch, or a flag with a value (repeatable with `multiple`), maybe with a one-letter form. */
export interface FlagSpec {
  readonly type: 'string' | 'boolean';
  readonly multiple?: boolean;
  readonly short?: string;
  /**
   * Checks and converts the value before the command's own parse (in the order the flags are declared),
   * throwing a one-line usage error for a bad one (flagError); the command then reads the converted value.
   */
  readonly value?: (text: string, command: string) => unknown;
}

export type FlagSpecs = Readonly<Record<string, FlagSpec>>;

/** What the command's parse reads for one flag: the converted value, a switch's boolean, a repeated flag's list, or the text. */
type FlagValue<F extends FlagSpec> = F extends { value: (text: string, command: string) => infer T }
  ? T
  : F extends { type: 'boolean' }
    ? boolean
    : F extends { multiple: true }
      ? string[]
      : string;

/** The flags given, typed by their specs; a flag not given is absent. */
export type FlagValues<F extends FlagSpecs> = { readonly [K in keyof F]?: FlagValue<F[K]> };

/** A flag given with its value, in the order given (for the commands whose flags are steps: edit). */
export interface GivenFlag {
  readonly name: string;
  readonly value?: string;
}

/** What a command's parse knows besides the values: its name and help, for its usage errors, and the flags in order. */
export interface ParseContext {
  readonly name: string;
  readonly help: string;
  readonly ordered: readonly GivenFlag[];
}

/**
 * One line group of the overview's command list (`gameanim --help`): the usage lines, and what the
 * command does, beside the last usage line when it fits in the first column, else under it. A group
 * with `after` is listed after that command's groups instead of its own command's place (img's
 * writing actions follow lint, as they always have).
 */
export interface OverviewEntry {
  readonly usage: string | readonly string[];
  readonly summary: string;
  readonly after?: string;
}

export interface CommandSpec<F extends FlagSpecs = FlagSpecs, O = unknown> {
  readonly name: string;
  /** `gameanim NAME --help`. */
  readonly help: string;
  readonly overview: readonly OverviewEntry[];
  /** The flags it takes besides --help, in the order its mistyped flags are suggested from. */
  readonly flags: F;
  /** The arguments as typed options; a mistake in them is a UsageError. */
  parse(values: FlagValues<F>, positionals: readonly string[], context: ParseContext): O;
  /** The work: what it prints through `print`, and the result main turns into JSON and an exit code. */
  run(options: O, print: Print): CommandResult | Promise<CommandResult>;
}

/**
 * A command, typed: the flags' literal types give `parse` its typed values, and `parse`'s result is what
 * `run` takes. (Specs are listed together as `AnyCommand`.)
 */
export function defineCommand<const F extends FlagSpecs, O>(spec: CommandSpec<F, O>): CommandSpec<F, O> {
  return spec;
}

// biome-ignore lint/suspicious/noExplicitAny: a list of commands holds specs of every options type; each spec is typed where it is defined.
export type AnyCommand = CommandSpec<FlagSpecs, any>;

/** The usage error that shows the command's help under its one line. */
export const usageError = (context: ParseContext, message: string) => new UsageError(message, context.help);

/** The positionals, when there is at least one: "info takes at least one FILE" otherwise. */
export function atLeastOne(positionals: readonly string[], what: string, context: ParseContext): string[] {
  if (!positionals.length) throw usageError(context, `${context.name} takes at least one ${what}`);
  return [...positionals];
}

/** Whether the command takes --json (and so prints one JSON document with it). */
export const takesJson = (command: AnyCommand) => Object.hasOwn(command.flags, 'json');
