// The help names every flag the parser takes (read from the parser's own table, so neither can drift),
// it points to the guide that has the JSON schemas, and a flag mistake is one line with exit code 2.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COMMAND_FLAGS, FLAGS, JSON_COMMANDS, nearestFlag, parseCommand } from '../../src/cli/flags.js';
import { editSteps } from '../../src/cli/commands/edit.js';
import { HELP, JSON_GUIDE_URL } from '../../src/cli/usage.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const gameanim = (...args: string[]) => {
  const run = spawnSync(process.execPath, [join(root, 'packages/cli/dist/src/cli/main.js'), ...args], { cwd: root, encoding: 'utf8' });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
};

/** The flag as the help may write it: --name, or its one-letter form (-o). */
function mentioned(help: string, flag: keyof typeof FLAGS): boolean {
  const short = (FLAGS[flag] as { short?: string }).short;
  return new RegExp(`--${flag}(?![\\w-])`).test(help) || (short !== undefined && new RegExp(`(^|[\\s\\[(])-${short}(?![\\w-])`).test(help));
}

describe('help', () => {
  it('every command has help, and every flag its parser takes is in it', () => {
    expect(Object.keys(COMMAND_FLAGS).sort()).toEqual(
      Object.keys(HELP)
        .filter((command) => command !== 'main')
        .sort(),
    );
    const missing = Object.entries(COMMAND_FLAGS).flatMap(([command, flags]) =>
      flags.filter((flag) => !mentioned(HELP[command]!, flag)).map((flag) => `${command} --${flag}`),
    );
    expect(missing).toEqual([]);
  });

  it('the overview names every command that takes --json, and the guide section that has their schemas', () => {
    expect(JSON_COMMANDS).toEqual([
      'info',
      'list',
      'dump',
      'bind',
      'export',
      'import',
      'retarget',
      'img',
      'edit',
      'diff',
      'lint',
      'txd',
      'bench',
    ]);
    const overview = HELP['main']!.replace(/\s+/g, ' ');
    expect(overview).toContain(
      `--json (${JSON_COMMANDS.join(', ')}) prints one JSON document instead of text; its schema is in the command-line guide's "JSON output": ${JSON_GUIDE_URL}`,
    );
    // The address is the package's repository, and the section is there (GitHub's anchor of "### JSON output").
    const repository = (JSON.parse(readFileSync(join(root, 'packages/cli/package.json'), 'utf8')) as { repository: { url: string } })
      .repository.url;
    expect(`git+${JSON_GUIDE_URL.replace(/\/blob\/HEAD\/.*/, '')}.git`).toBe(repository);
    expect(JSON_GUIDE_URL.endsWith('/docs/guides/cli.md#json-output')).toBe(true);
    expect(readFileSync(join(root, 'docs/guides/cli.md'), 'utf8')).toMatch(/^### JSON output$/m);
    for (const help of Object.values(HELP)) expect(help).not.toMatch(/README/);
  });
});

describe('flag mistakes', () => {
  it('an unknown flag is one line naming the command and its help, exit 2', () => {
    const run = gameanim('lint', 'fixtures/anp2-basic.ifp', '--foo');
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('gameanim lint: unknown option --foo (see gameanim lint --help)\n');
    expect(run.stdout).toBe('');
  });

  it('a near miss suggests the flag; a missing value or a value to a switch says so', () => {
    const line = (...args: string[]) => gameanim(...args).stderr;
    expect(line('lint', 'x.ifp', '--jsno')).toBe('gameanim lint: unknown option --jsno; did you mean --json? (see gameanim lint --help)\n');
    expect(line('export', 'x.ifp', '--ouf', 'y.glb')).toBe(
      'gameanim export: unknown option --ouf; did you mean --out? (see gameanim export --help)\n',
    );
    expect(line('diff', 'a.ifp', 'b.ifp', '-x')).toBe('gameanim diff: unknown option -x (see gameanim diff --help)\n');
    expect(line('export', 'x.ifp', '-o')).toBe('gameanim export: -o takes a value (see gameanim export --help)\n');
    expect(line('export', 'x.ifp', '--out', '--force')).toBe(
      'gameanim export: --out takes a value, not the flag --force; for a value that starts with -, write --out=VALUE (see gameanim export --help)\n',
    );
    expect(line('list', 'x.ifp', '--json=yes')).toBe('gameanim list: --json takes no value (see gameanim list --help)\n');
    // A flag of another command is unknown to this one.
    expect(line('view', '--json')).toBe('gameanim view: unknown option --json (see gameanim view --help)\n');
    expect(gameanim('view', '--json').code).toBe(2);
  });

  it('suggestions: within two edits, never for a word that short', () => {
    expect(nearestFlag('jsno', ['json', 'skeleton', 'help'])).toBe('json');
    expect(nearestFlag('skeletn', ['json', 'skeleton', 'help'])).toBe('skeleton');
    expect(nearestFlag('colour', ['json', 'skeleton', 'help'])).toBeUndefined();
    expect(nearestFlag('x', ['out', 'help'])).toBeUndefined(); // one letter is within 2 edits of many words
    expect(nearestFlag('tx', ['to', 'txd'])).toBe('to'); // the first of equals wins
  });

  it('values parse as before: repeated flags, --flag=value, -oVALUE, and -- for a file that starts with -', () => {
    const { values, positionals, flags } = parseCommand('edit', [
      'in.ifp',
      '-oout.ifp',
      '--rename',
      'a=b',
      '--force',
      '--delete=x',
      '--rename=c=d',
      '--',
      '--odd.ifp',
    ]);
    expect(values).toEqual({ out: 'out.ifp', rename: ['a=b', 'c=d'], delete: ['x'], force: true });
    expect(positionals).toEqual(['in.ifp', '--odd.ifp']);
    expect(editSteps(flags)).toEqual([
      { op: 'rename', from: 'a', to: 'b' },
      { op: 'delete', name: 'x' },
      { op: 'rename', from: 'c', to: 'd' },
    ]);
  });
});
