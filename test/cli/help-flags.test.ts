// The help cannot lose a flag: every flag the parser takes for a command is in that command's help,
// and the overview names every command that takes --json.
import { describe, expect, it } from 'vitest';
import { COMMAND_FLAGS, FLAGS, JSON_COMMANDS, parseCommand } from '../../src/cli/flags.js';
import { HELP, UsageError } from '../../src/cli/usage.js';

describe('the help and the parser agree', () => {
  it('each command help names every flag its parser takes', () => {
    for (const [command, flags] of Object.entries(COMMAND_FLAGS)) {
      for (const flag of flags) {
        const short = (FLAGS[flag] as { short?: string }).short;
        const spelled = short ? `(--${flag}|-${short})\\b` : `--${flag}\\b`; // -o for --out
        expect(HELP[command], `${command} --${flag}`).toMatch(new RegExp(spelled));
      }
    }
  });
  it('the overview lists the --json commands and where the schemas are', () => {
    expect(JSON_COMMANDS).toEqual(expect.arrayContaining(['lint', 'diff', 'edit', 'retarget', 'img', 'txd']));
    const overview = HELP['main']!.replace(/\n/g, ' ');
    for (const command of JSON_COMMANDS) expect(overview).toContain(command);
    expect(overview).toContain('docs/guides/cli.md#json-output');
  });
  it("the overview's line of every command that takes --json shows it (img ls and img extract too)", () => {
    const overview = HELP['main']!;
    for (const line of [
      '  img ls ARCHIVE [--json]',
      '  img extract ARCHIVE [NAME...] [-o DIR] [--force] [--json]',
      '  img create OUT [FILE|NAME=FILE...] [--format VER2|V1] [--force] [--json]',
    ]) {
      expect(overview.split('\n').some((l) => l.startsWith(line))).toBe(true);
    }
  });
  it('an unknown flag is one line naming the command and the nearest flag', () => {
    let error: unknown;
    try {
      parseCommand('lint', ['x.ifp', '--severty', 'note']);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).message).toBe('unknown option --severty; did you mean --severity? (see gameanim lint --help)');
    expect((error as UsageError).command).toBe('lint');
    expect((error as UsageError).help).toBeUndefined();
  });
});
