// Entry names an IMG directory cannot hold (issue #30, items 13 and 19): refused wherever a name is
// set, as one typed line naming the entry, never a stack trace or a path written into the archive.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { IFPEditor, IMGArchive, IMGEditor, writeIMG } from '../../src/index.js';
import { encodeErrorOf } from '../helpers/errors.js';
import { fixture } from '../helpers/files.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const gameanim = (...args: string[]) =>
  spawnSync(process.execPath, [join(root, 'packages/cli/dist/src/cli/main.js'), ...args], { cwd: root, encoding: 'utf8' });
const archive = () => new IMGArchive(writeIMG([{ name: 'walk.ifp', data: fixture('anp2-basic.ifp') }]));

const refused = [
  '../../evil.scm',
  '/etc/cron.d/x',
  '..',
  '.',
  'a\\b',
  'a/b',
  'del\u007f.ifp',
  'csi\u009b.ifp',
  'nel\u0085.ifp',
  'tab\t.ifp',
  'nul\u0000.ifp',
  'жест.ifp',
  'emoji\u{1f600}.ifp',
  '',
  'a'.repeat(24),
];
const accepted = ['walk2.ifp', 'with space.dff', 'café.txd', '.hidden', '...', 'a'.repeat(23), '~!@#$%^&()[]{};,=+'];

describe('IMG entry names', () => {
  it.each(refused)('%j is refused by add, rename and writeIMG, as one line naming it', (name) => {
    for (const run of [
      () => IMGEditor.from(archive()).add(name, new Uint8Array(1)),
      () => IMGEditor.from(archive()).rename('walk.ifp', name),
      () => writeIMG([{ name, data: new Uint8Array(1) }]),
    ]) {
      const error = encodeErrorOf(run);
      expect(error).toBeInstanceOf(RangeError); // callers that catch the library's refusals keep working
      expect([error.format, error.code]).toEqual(['IMG', 'bad-name']);
      expect(error.message).not.toMatch(/[\n\r\u0000-\u001f\u007f-\u009f]/);
    }
  });

  it.each(accepted)('%j is taken, and reads back the same', (name) => {
    const written = new IMGArchive(IMGEditor.from(archive()).rename('walk.ifp', name).write().img);
    expect(written.entries.map((e) => e.name)).toEqual([name]);
    expect(new IMGArchive(writeIMG([{ name, data: new Uint8Array(1) }])).entries[0]!.name).toBe(name);
  });

  it('an IFP animation or package renamed outside Latin-1: refused when renamed, not an uncaught RangeError in write()', () => {
    const editor = IFPEditor.read(fixture('anp3-all-types.ifp'));
    const first = editor.animations[0]!.name;
    expect([encodeErrorOf(() => editor.rename(first, 'шаг')).code, encodeErrorOf(() => editor.renamePackage('пакет')).code]).toEqual([
      'bad-name',
      'bad-name',
    ]);
    expect(() => editor.write()).not.toThrow(); // the refused renames changed nothing
  });

  it('gameanim img add, rename: exit 1 and one line naming the entry; the archive unchanged', () => {
    const scratch = mkdtempSync(join(tmpdir(), 'gameanim-img-names-'));
    const path = join(scratch, 'anim.img');
    const bytes = writeIMG([{ name: 'walk.ifp', data: fixture('anp2-basic.ifp') }]);
    writeFileSync(path, bytes);
    const files = ['жест.ifp', 'back\\slash.ifp', 'del\u007f.ifp'].map((name, i) => {
      mkdirSync(join(scratch, String(i)));
      writeFileSync(join(scratch, String(i), name), new Uint8Array(3));
      return join(scratch, String(i), name);
    });
    for (const run of [
      ...files.map((file) => gameanim('img', 'add', path, file, '--in-place')),
      gameanim('img', 'rename', path, 'walk.ifp', '../../evil.scm', '--in-place'),
      gameanim('img', 'rename', path, 'walk.ifp', 'имя', '--in-place'),
    ]) {
      expect(run.status, run.stderr).toBe(1);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(/IMG: entry name ".*" (has|names)/);
      expect(run.stderr).not.toMatch(/at .*\.js:\d+/);
    }
    expect(Buffer.from(readFileSync(path)).equals(Buffer.from(bytes))).toBe(true);
  });
});
