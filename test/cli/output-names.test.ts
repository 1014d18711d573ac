// File names a command writes never keep a control character (issue #30, item 19): C0, DEL and C1
// (U+009B is a CSI on some terminals) are dropped, for every command that writes into a folder.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { outputNames } from '../../src/cli/outputs.js';
import { writeTXD } from '../../src/index.js';
import { dictionaryOf, plainTexture } from '../helpers/txd-textures.js';

const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/;
const root = fileURLToPath(new URL('../../', import.meta.url));
const bin = join(root, 'packages/cli/dist/src/cli/main.js');

describe('output file names', () => {
  it('drop C0 and C1 controls and DEL; path and reserved characters are still replaced', () => {
    const names = [
      'note\u009btxt',
      'bell\u0007.ifp',
      'del\u007f.ifp',
      'c1\u0080\u009f.png',
      'csi\u001b[2J.ifp',
      '\u0085\u009b',
      'a/b:c.ifp',
      'caf\u00e9.png',
    ];
    const { files, renamed } = outputNames(names);
    expect(files).toEqual(['notetxt', 'bell.ifp', 'del.ifp', 'c1.png', 'csi[2J.ifp', 'unnamed', 'a_b_c.ifp', 'caf\u00e9.png']);
    expect(renamed.map((r) => r.from)).toEqual(names.slice(0, 7));
  });

  it('txd extract: a texture named with U+009B is written without it, and the rename reported', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gameanim-names-'));
    const txd = join(dir, 'evil.txd');
    writeFileSync(txd, writeTXD(dictionaryOf({ ...plainTexture(), name: 'skin\u009b31m' })));
    const run = spawnSync(process.execPath, [bin, 'txd', 'extract', txd, '-o', join(dir, 'out'), '--json'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    expect(readdirSync(join(dir, 'out'))).toEqual(['skin31m.png']);
    expect(JSON.parse(run.stdout).renamed).toEqual([{ from: 'skin\u009b31m.png', to: 'skin31m.png' }]);
    expect(readdirSync(join(dir, 'out')).some((file) => CONTROLS.test(file))).toBe(false);
  });
});
