// The overview (`gameanim --help`) and every command's help, derived from the command specs
// (commands/index.ts): a new command is listed, and its --json named, without editing this file.
import type { AnyCommand, OverviewEntry } from './command-spec.js';
import { takesJson } from './command-spec.js';
import { COMMANDS } from './commands/index.js';
import { FORMAT_LINES } from './help-text.js';
import { CLI_REPOSITORY_URL } from './package-dir.js';

export { UsageError } from './usage-error.js';

/** Words filled into lines of at most `width` columns. */
const wrapped = (text: string, width = 100) =>
  text
    .split(' ')
    .reduce<string[]>((lines, word) => {
      const last = lines.at(-1);
      if (last !== undefined && last.length + 1 + word.length <= width) lines[lines.length - 1] = `${last} ${word}`;
      else lines.push(word);
      return lines;
    }, [])
    .join('\n');

/**
 * The command-line guide's schemas, on the web: the package ships the README but not docs/, so a
 * path would name a file an installed package does not have.
 */
export const JSON_GUIDE_URL = `${CLI_REPOSITORY_URL}/blob/HEAD/docs/guides/cli.md#json-output`;

/** The overview's column where what a command does starts. */
const SUMMARY_COLUMN = 32;

/**
 * One entry of the command list: its usage lines indented by two, and its summary beside the last
 * one when that line starts a usage (a continuation never shares its line) and leaves two spaces
 * before the column, else on a line of its own.
 */
function overviewLines({ usage, summary }: OverviewEntry): string[] {
  const lines = (typeof usage === 'string' ? [usage] : [...usage]).map((line) => `  ${line}`);
  const last = lines.pop()!;
  const beside = !last.startsWith('   ') && last.length <= SUMMARY_COLUMN - 2;
  return beside ? [...lines, last.padEnd(SUMMARY_COLUMN) + summary] : [...lines, last, ' '.repeat(SUMMARY_COLUMN) + summary];
}

/**
 * The command list: each command's entries in the list's order, followed by the entries of other commands
 * that name it as `after` (an `after` that names no command listed leaves the entry in its own place).
 */
function commandList(commands: readonly AnyCommand[]): string {
  const names = new Set(commands.map((command) => command.name));
  const placedAfter = (entry: OverviewEntry) => entry.after !== undefined && names.has(entry.after);
  const all = commands.flatMap((command) => command.overview);
  return commands
    .flatMap((command) => [
      ...command.overview.filter((entry) => !placedAfter(entry)),
      ...all.filter((entry) => entry.after === command.name),
    ])
    .flatMap(overviewLines)
    .join('\n');
}

/** `gameanim --help`: what gameanim reads, its commands, the formats, --json, the exit codes and the write rule. */
export function overviewHelp(commands: readonly AnyCommand[]): string {
  // Which commands take --json, from their specs, and where their schemas are.
  const jsonLines = wrapped(
    `gameanim <command> --help shows a command's options. --json (${commands
      .filter(takesJson)
      .map((command) => command.name)
      .join(', ')}) prints one JSON document instead of text; its schema is in the command-line guide's "JSON output": ${JSON_GUIDE_URL}`,
  );
  return `gameanim: read, play and convert game animation files: GTA III/VC/SA IFP packages and IMG
archives, RenderWare DFF models (skeletons and skins) and TXD texture dictionaries, IGI 2 clips (ILFF
.iff, FORM/ANM2 .iff) and models (.mef), ANIM sprite scripts, and cutscene camera paths (.dat)

usage: gameanim <command> [options]
       gameanim --version

commands:
${commandList(commands)}

formats (by magic, else by extension):
${FORMAT_LINES}

${jsonLines}
exit codes: 0 ok; 1 a problem with an input (missing, unreadable, a directory, undecodable, no such
animation, an output that exists), reported after every other input is processed; 2 a usage error;
3 an optional peer dependency the command needs is not installed

Commands that write never replace an existing file unless --force is given, never write through a
symbolic link or over their own input, and say when a name had to be changed.`;
}

/** Every help by name: `main` is the overview, the others each command's own (from its spec). */
export const HELP: Readonly<Record<string, string>> = {
  main: overviewHelp(COMMANDS),
  ...Object.fromEntries(COMMANDS.map((command) => [command.name, command.help])),
};
