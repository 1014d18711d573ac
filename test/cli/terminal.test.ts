// The CLI on a real terminal: tmux gives it one, and capture-pane reads the final screen.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { writeIMG } from '../../src/index.js';
import { fixture } from '../helpers/files.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const haveTmux = spawnSync('tmux', ['-V']).status === 0;
const socket = `gameanim-test-${process.pid}`;
const tmux = (...args: string[]) => spawnSync('tmux', ['-L', socket, ...args], { encoding: 'utf8' });

/** Runs a shell command in a 160x50 tmux terminal and returns the screen once it has finished. */
function onTerminal(command: string): string[] {
  tmux('new-session', '-d', '-x', '160', '-y', '50', `cd ${root} && ${command}; echo "exit $?"; sleep 60`);
  try {
    for (let tries = 0; tries < 200; tries++) {
      const screen = tmux('capture-pane', '-p').stdout;
      if (/^exit \d+$/m.test(screen)) return screen.split('\n');
      spawnSync('sleep', ['0.1']);
    }
    throw new Error('the command did not finish on the terminal');
  } finally {
    tmux('kill-server');
  }
}

describe('the CLI on a terminal', () => {
  if (!haveTmux) {
    it.skip('tmux not found: skipping the pseudo-terminal test (.ci/run installs it)', () => {});
    return;
  }
  const scratch = mkdtempSync(join(tmpdir(), 'gameanim-tty-'));
  const archive = join(scratch, 'anim.img');
  writeFileSync(archive, writeIMG(Array.from({ length: 12 }, (_, i) => ({ name: `clip${i}.ifp`, data: fixture('anp2-basic.ifp') }))));
  const files = [
    'fixtures/anp2-basic.ifp',
    'fixtures/anp3-all-types.ifp',
    'fixtures/anpk-gta3.ifp',
    archive,
    'fixtures/dff-ped-5bone.dff',
    'fixtures/anm2-2bone.iff',
  ];

  it('info over many files: every result line is on the final screen, and no bar is left', () => {
    const piped = spawnSync(process.execPath, ['packages/cli/dist/src/cli/main.js', 'info', ...files], { cwd: root, encoding: 'utf8' });
    const expected = piped.stdout.trimEnd().split('\n');
    const screen = onTerminal(`node packages/cli/dist/src/cli/main.js info ${files.join(' ')}`);
    const shown = screen
      .slice(
        0,
        screen.findIndex((line) => /^exit \d+$/.test(line)),
      )
      .map((line) => line.trimEnd());
    expect(shown).toEqual(expected);
    expect(screen.join('\n')).not.toMatch(/files \[|entries \[/);
  });

  it('img extract: every written file is listed, and no bar is left', () => {
    const out = join(scratch, 'out');
    const screen = onTerminal(`node packages/cli/dist/src/cli/main.js img extract ${archive} -o ${out}`).join('\n');
    for (let i = 0; i < 12; i++) expect(screen).toContain(`${join(out, `clip${i}.ifp`)} (2048 bytes)`);
    expect(screen).toMatch(/^exit 0$/m);
    expect(screen).not.toMatch(/extracting \[/);
  });
});
