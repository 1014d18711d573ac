// Inputs of more rows than a call has room for arguments (about 125,000): every table, list and edit
// works through them with loops, never a spread into Math.max or push (issue #30, item 12).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { append } from '../../src/cli/append.js';
import { textTable } from '../../src/cli/text.js';
import { writeIMG } from '../../src/index.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const gameanim = (...args: string[]) =>
  spawnSync(process.execPath, [join(root, 'packages/cli/dist/src/cli/main.js'), ...args], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
const ROWS = 200_000;

describe('200,000 rows', () => {
  it('textTable and append', () => {
    const rows = Array.from({ length: ROWS }, (_, i) => [`e${i}`, String(i)]);
    expect(textTable(['name', 'n'], rows).split('\n')).toHaveLength(ROWS + 1);
    const target = [0];
    append(
      target,
      Array.from({ length: ROWS }, () => 1),
    );
    expect(target).toHaveLength(ROWS + 1);
  });

  it('gameanim img ls and img delete on an archive of 200,000 entries', () => {
    const scratch = mkdtempSync(join(tmpdir(), 'gameanim-rows-'));
    const archive = join(scratch, 'many.img');
    writeFileSync(archive, writeIMG(Array.from({ length: ROWS }, (_, i) => ({ name: `e${i}`, data: new Uint8Array(0) }))));
    const ls = gameanim('img', 'ls', archive);
    expect(ls.status, ls.stderr).toBe(0);
    expect(ls.stdout.trimEnd().split('\n')).toHaveLength(ROWS + 1);
    const deleted = gameanim('img', 'delete', archive, 'e0', '-o', join(scratch, 'fewer.img'));
    expect(deleted.status, deleted.stderr).toBe(0);
  });
});
