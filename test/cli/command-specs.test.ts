// Each command is declared once, as a spec (src/cli/command-spec.ts) listed in src/cli/commands/index.ts:
// its help names every flag it takes, the overview and the flag tables are derived from the specs, main.ts
// holds no command of its own, and a spec the command line has never seen runs through the same
// dispatcher end to end, which is what makes adding a command one file and a line in the list.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { defineCommand, type AnyCommand, type FlagSpec } from '../../src/cli/command-spec.js';
import { jsonFlag, switchFlag } from '../../src/cli/common-flags.js';
import { COMMANDS } from '../../src/cli/commands/index.js';
import { dispatch, parseArguments, type CommandLine } from '../../src/cli/dispatch.js';
import { flagError } from '../../src/cli/flag-parser.js';
import { COMMAND_FLAGS, FLAGS, JSON_COMMANDS } from '../../src/cli/flags.js';
import { HELP, overviewHelp } from '../../src/cli/usage.js';
import { UsageError, UsageErrorWithHelp } from '../../src/cli/usage-error.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The flag as a help may write it: --name, or its one-letter form (-o). */
const mentions = (help: string, name: string, flag: FlagSpec) =>
  new RegExp(`--${name}(?![\\w-])`).test(help) ||
  (flag.short !== undefined && new RegExp(`(^|[\\s\\[(])-${flag.short}(?![\\w-])`).test(help));

/** What a usage error says, or the thrown value itself when it is none (so a wrong throw fails the comparison). */
async function refusal(run: () => unknown): Promise<{ message: string; help?: string; command?: string } | unknown> {
  try {
    await run();
  } catch (error) {
    if (error instanceof UsageError) return { message: error.message, help: error.help, command: error.command };
    return error;
  }
  return 'no error';
}

/** --times N: a count from 1 to 9; the spec's own validator, run before its parse. */
function times(text: string, command: string): number {
  if (!/^[1-9]$/.test(text)) throw flagError(command, `--times takes a count from 1 to 9, not ${text}`);
  return Number(text);
}

/** A command the command line does not have: it repeats its WORDs, and says so in JSON with --json. */
const echoSpec = defineCommand({
  name: 'echo',
  help: 'usage: gameanim echo WORD... [--times N] [--loud] [--json]\n\nPrints the WORDs, --times N times, in capitals with --loud.',
  overview: [{ usage: 'echo WORD... [--json]', summary: 'the words given' }],
  flags: { times: { type: 'string', value: times }, loud: switchFlag, json: jsonFlag },
  parse(values, positionals, context) {
    if (!positionals.length) throw new UsageError('echo takes at least one WORD', context.help);
    // Typed by the flags: a number from the validator, booleans from the switches, no cast.
    const count: number = values.times ?? 1;
    const loud: boolean = values.loud ?? false;
    return { words: [...positionals], count, loud, json: Boolean(values.json) };
  },
  run({ words, count, loud, json }, print) {
    if (words.includes('help')) throw new UsageErrorWithHelp('echo will not say help');
    const line = loud ? words.join(' ').toUpperCase() : words.join(' ');
    const lines = Array.from({ length: count }, () => line);
    if (!json) lines.forEach((l) => print(l));
    return { inputErrors: [], json: json ? { lines } : undefined };
  },
});

/** The command line with the made-up command added at the end of the list, as commands/index.ts would. */
function withEcho(printed: string[]): CommandLine {
  const commands: AnyCommand[] = [...COMMANDS, echoSpec];
  return { commands, overview: overviewHelp(commands), version: '0.0.0-test', print: (line) => printed.push(line) };
}

describe('every command is one spec', () => {
  it('lists each command once, under the name its help gives', () => {
    const names = COMMANDS.map((command) => command.name);
    expect(new Set(names).size).toBe(names.length);
    // Not pinned here (test/cli/help.test.ts pins the --json ones): a new command is a new file and a line in the list.
    expect(names).toEqual(
      expect.arrayContaining([
        'info',
        'list',
        'dump',
        'bind',
        'export',
        'import',
        'retarget',
        'view',
        'img',
        'edit',
        'diff',
        'lint',
        'txd',
        'bench',
      ]),
    );
    for (const command of COMMANDS) expect(command.help.startsWith(`usage: gameanim ${command.name}`), command.name).toBe(true);
  });

  it("each command's help names every flag it takes", () => {
    const missing = COMMANDS.flatMap((command) =>
      Object.entries(command.flags).flatMap(([name, flag]) => (mentions(command.help, name, flag) ? [] : [`${command.name} --${name}`])),
    );
    expect(missing).toEqual([]);
  });

  it('one flag name is one flag: the same type, repetition and one-letter form in every command', () => {
    const shape = (flag: FlagSpec) => ({ type: flag.type, multiple: flag.multiple ?? false, short: flag.short });
    const differing = COMMANDS.flatMap((command) =>
      Object.entries(command.flags).flatMap(([name, flag]) =>
        JSON.stringify(shape(flag)) === JSON.stringify(shape(FLAGS[name]!)) ? [] : [`${command.name} --${name}`],
      ),
    );
    expect(differing).toEqual([]);
    // -h is --help's, in every command.
    expect(Object.values(FLAGS).filter((flag) => flag.short === 'h')).toEqual([]);
  });
});

describe('the help and the flag tables are derived from the specs', () => {
  it("HELP holds each spec's help, and the flag tables its flags, in its order", () => {
    for (const command of COMMANDS) {
      expect(HELP[command.name]).toBe(command.help);
      expect(COMMAND_FLAGS[command.name]).toEqual(Object.keys(command.flags));
      for (const [name, flag] of Object.entries(command.flags)) {
        expect(FLAGS[name]).toBeDefined();
        expect(mentions(HELP[command.name]!, name, flag), `${command.name} --${name}`).toBe(true);
      }
    }
    expect(Object.keys(HELP).sort()).toEqual(['main', ...COMMANDS.map((command) => command.name)].sort());
    expect(JSON_COMMANDS).toEqual(COMMANDS.filter((command) => 'json' in command.flags).map((command) => command.name));
  });

  it("the overview lists every spec's usage lines, each placed after a command that exists", () => {
    const overview = HELP['main']!;
    expect(overview).toBe(overviewHelp(COMMANDS));
    for (const command of COMMANDS)
      for (const entry of command.overview) {
        for (const usage of typeof entry.usage === 'string' ? [entry.usage] : entry.usage) expect(overview).toContain(`\n  ${usage}`);
        expect(overview).toContain(entry.summary);
        if (entry.after !== undefined) expect(COMMANDS.map((other) => other.name)).toContain(entry.after);
      }
    // img's writing actions follow lint's line, as they always have.
    const lines = overview.split('\n');
    expect(lines.findIndex((line) => line.startsWith('  img create'))).toBe(lines.findIndex((line) => line.startsWith('  lint ')) + 2);
  });

  it('a new spec is in the overview, with its --json named, without editing the overview', () => {
    const commands = [...COMMANDS, echoSpec];
    const overview = overviewHelp(commands);
    expect(overview).toContain('\n  echo WORD... [--json]         the words given\n');
    expect(overview.replace(/\s+/g, ' ')).toContain(`--json (${[...JSON_COMMANDS, 'echo'].join(', ')}) prints one JSON document`);
    expect(overviewHelp(COMMANDS)).not.toContain('echo');
  });
});

describe('main.ts only dispatches', () => {
  const main = readFileSync(join(root, 'src/cli/main.ts'), 'utf8');
  const dispatcher = readFileSync(join(root, 'src/cli/dispatch.ts'), 'utf8');

  it('names no command, reads no flag, and imports no command but the list', () => {
    for (const source of [main, dispatcher]) {
      expect(source).not.toMatch(/\bcase '/);
      // No command's flag read by name (--help is every command's).
      expect(source).not.toMatch(/values\[['"](?!help['"])/);
      expect(source).not.toMatch(/ as (unknown|string)\b/);
      for (const command of COMMANDS) expect(source.includes(`'${command.name}'`), command.name).toBe(false);
    }
    expect(main.match(/from '\.\/commands\/[^']*'/g)).toEqual(["from './commands/index.js'"]);
    expect(dispatcher).not.toMatch(/from '\.\/commands\/(?!result\.js)/);
    expect(main.split('\n').length).toBeLessThan(60);
  });
});

describe('a spec the command line has never seen, through the dispatcher', () => {
  it('parses its flags into typed options and runs, with --json', async () => {
    const printed: string[] = [];
    const cli = withEcho(printed);
    expect(parseArguments(echoSpec, ['a', 'b', '--times', '2', '--loud'])).toEqual({
      options: { words: ['a', 'b'], count: 2, loud: true, json: false },
    });
    expect(await dispatch(['echo', 'a', 'b', '--times=2', '--loud'], cli)).toEqual({ inputErrors: [], json: undefined });
    expect(printed).toEqual(['A B', 'A B']);
    expect(await dispatch(['echo', 'hi', '--json', '--times', '3'], cli)).toEqual({ inputErrors: [], json: { lines: ['hi', 'hi', 'hi'] } });
    expect(printed).toHaveLength(2);
  });

  it('prints its help, and refuses as every command does', async () => {
    const printed: string[] = [];
    const cli = withEcho(printed);
    expect(await dispatch(['echo', '--help'], cli)).toBe('help');
    expect(printed).toEqual([echoSpec.help]);
    // Its parse's usage error, with its help.
    expect(await refusal(() => dispatch(['echo'], cli))).toEqual({
      message: 'echo takes at least one WORD',
      help: echoSpec.help,
      command: undefined,
    });
    // Its flag's validator: one line naming the command.
    expect(await refusal(() => dispatch(['echo', 'a', '--times', '0'], cli))).toEqual({
      message: '--times takes a count from 1 to 9, not 0 (see gameanim echo --help)',
      help: undefined,
      command: 'echo',
    });
    // A mistyped flag is suggested from its own flags.
    expect(await refusal(() => dispatch(['echo', 'a', '--lodu'], cli))).toEqual({
      message: 'unknown option --lodu; did you mean --loud? (see gameanim echo --help)',
      help: undefined,
      command: 'echo',
    });
    expect(await refusal(() => dispatch(['echo', 'a', '--port', '80'], cli))).toEqual({
      message: 'unknown option --port (see gameanim echo --help)',
      help: undefined,
      command: 'echo',
    });
    // Its action's usage error gets its help from the dispatcher.
    expect(await refusal(() => dispatch(['echo', 'help'], cli))).toEqual({
      message: 'echo will not say help',
      help: echoSpec.help,
      command: undefined,
    });
  });

  it('leaves the real commands as they were beside it', async () => {
    const printed: string[] = [];
    const cli = withEcho(printed);
    expect(await refusal(() => dispatch(['ech'], cli))).toEqual({
      message: 'unknown command "ech" (gameanim --help lists the commands)',
      help: undefined,
      command: undefined,
    });
    expect(await refusal(() => dispatch(['diff', 'a.ifp'], cli))).toEqual({
      message: 'diff takes two IFP files',
      help: HELP['diff'],
      command: undefined,
    });
    // --fps is checked before anything the command checks itself, --scene's refusal of it included.
    expect(await refusal(() => dispatch(['export', '--scene', 's.ifp', 'm.dff', '-o', 'x.glb', '--fps', '0'], cli))).toEqual({
      message: '--fps takes a rate in frames per second, above 0 and at most 1000, not 0 (see gameanim export --help)',
      help: undefined,
      command: 'export',
    });
    expect(await dispatch(['--version'], cli)).toBe('help');
    expect(await dispatch(['--help'], cli)).toBe('help');
    expect(printed).toEqual(['0.0.0-test', cli.overview]);
  });
});
