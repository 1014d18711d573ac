// Rounds five and six (issue #44, docs/robustness.md): work linear in the input, shown by counted work
// (src/core/work-count.ts), never by a clock. Four times the input must give four times the count.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { imgCreate } from '../../src/cli/commands/img-create.js';
import { IMGArchive, IMGEditor } from '../../src/index.js';
import { counted } from '../helpers/work-count.js';

const quiet = () => {};

describe('img create and the IMG editor find names in constant work', () => {
  it('img create of 2,000 and 8,000 entries: one name lookup per entry added', () => {
    const folder = mkdtempSync(join(tmpdir(), 'gameanim-img-create-'));
    const data = join(folder, 'data.bin');
    writeFileSync(data, new Uint8Array(10));
    const created = (count: number) => {
      const out = join(folder, `many${count}.img`);
      const args = Array.from({ length: count }, (_, i) => `e${i}.ifp=${data}`);
      const compared = counted('imgEditorEntriesCompared', () =>
        expect(imgCreate(out, args, { force: false, json: false }, quiet).inputErrors).toEqual([]),
      );
      return compared;
    };
    // Before: each add compared the new name with every name held, 1,999,000 for 2,000 entries.
    expect(created(2_000)).toBe(2_000);
    expect(created(8_000)).toBe(8_000);
  });

  it('renames, replaces and deletes of every entry: one lookup each, and the archive written is right', () => {
    const count = 4_000;
    const editor = IMGEditor.create('VER2');
    for (let i = 0; i < count; i++) editor.add(`e${i}`, Uint8Array.of(i & 0xff));
    const compared = counted('imgEditorEntriesCompared', () => {
      for (let i = 0; i < count; i += 2) editor.delete(`E${i}`);
      for (let i = 1; i < count; i += 2) editor.rename(`e${i}`, `r${i}`);
      for (let i = 1; i < count; i += 2) editor.replace(`R${i}`, Uint8Array.of(i & 0xff, 7));
    });
    // delete: one; rename: the old name and the new; replace: one.
    expect(compared).toBe(count / 2 + 2 * (count / 2) + count / 2);
    const archive = new IMGArchive(editor.write().img);
    expect(archive.entries.map((entry) => entry.name)).toEqual(Array.from({ length: count / 2 }, (_, i) => `r${2 * i + 1}`));
    expect([...archive.read(archive.entries[100]!).subarray(0, 3)]).toEqual([201, 7, 0]);
  });

  it('a name taken in another case is still refused after deletes and renames', () => {
    const editor = IMGEditor.create('v1').add('walk.ifp', Uint8Array.of(1)).add('run.ifp', Uint8Array.of(2));
    editor.delete('WALK.IFP');
    editor.add('Walk.ifp', Uint8Array.of(3));
    editor.rename('run.ifp', 'jog.ifp');
    expect(() => editor.add('JOG.ifp', Uint8Array.of(4))).toThrow(expect.objectContaining({ code: 'name-taken' }));
    expect(() => editor.rename('jog.ifp', 'walk.IFP')).toThrow(expect.objectContaining({ code: 'name-taken' }));
    editor.rename('jog.ifp', 'JOG.ifp');
    expect(editor.names).toEqual(['JOG.ifp', 'Walk.ifp']);
  });
});
