import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { IMGArchive, IMGEditor, writeIMG } from '../../src/index.js';
import { fixture, sample, SAMPLES } from '../helpers/files.js';
import { forgeVer2 } from '../helpers/img.js';
import { itWith } from '../helpers/needs.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const gameanim = (...args: string[]) =>
  spawnSync(process.execPath, [join(root, 'packages/cli/dist/src/cli/main.js'), ...args], { cwd: root, encoding: 'utf8' });
const bytesOf = (archive: IMGArchive) => new Map(archive.entries.map((e) => [e.name, Buffer.from(archive.read(e))]));
const scratch = mkdtempSync(join(tmpdir(), 'gameanim-img-edit-'));

describe('IMGEditor', () => {
  const original = writeIMG([
    { name: 'walk.ifp', data: fixture('anp3-all-types.ifp') },
    { name: 'run.ifp', data: fixture('anpk-all-keys.ifp') },
    { name: 'note.txt', data: new TextEncoder().encode('a note') },
  ]);

  it('VER2: add, replace, delete, rename; untouched entries keep their bytes and their place until a rebuild', () => {
    const before = new IMGArchive(original);
    const editor = IMGEditor.from(before)
      .add('new.ifp', fixture('anp2-basic.ifp'))
      .replace('NOTE.TXT', new TextEncoder().encode('a longer note'))
      .delete('run.ifp')
      .rename('walk.ifp', 'walk2.ifp');
    const after = new IMGArchive(editor.write().img);
    expect(after.entries.map((e) => e.name)).toEqual(['walk2.ifp', 'note.txt', 'new.ifp']);
    expect(after.find('walk2.ifp')!.offset).toBe(before.find('walk.ifp')!.offset);
    expect(Buffer.from(after.get('walk2.ifp')!).equals(Buffer.from(before.get('walk.ifp')!))).toBe(true);
    expect(new TextDecoder().decode(after.get('note.txt')!).startsWith('a longer note')).toBe(true);
    expect(after.warnings).toEqual([]);
    const packed = new IMGArchive(IMGEditor.from(after).rebuild().write().img);
    expect(packed.dataLength).toBeLessThan(after.dataLength);
    for (const [name, data] of bytesOf(after)) expect(Buffer.from(packed.get(name)!).equals(data)).toBe(true);
    expect(() => IMGEditor.from(before).add('WALK.IFP', new Uint8Array(1))).toThrow(/already has an entry/);
  });

  itWith([SAMPLES])('the real VER2 archive: add, replace, rename, delete and rebuild; every other entry byte for byte', () => {
    const archive = new IMGArchive(sample('img/sa_script_ver2.img'));
    const [first, second, third] = archive.entries.map((e) => e.name);
    const added = fixture('anp3-all-types.ifp');
    const replacement = new Uint8Array(5000).fill(7); // larger than a small entry: it moves to the end
    const edited = new IMGArchive(
      IMGEditor.from(archive).delete(first!).replace(second!, replacement).rename(third!, 'renamed.scm').add('walk.ifp', added).write().img,
    );
    expect(edited.warnings).toEqual([]);
    expect(edited.entries.length).toBe(archive.entries.length);
    expect(Buffer.from(edited.get('walk.ifp')!).subarray(0, added.length).equals(Buffer.from(added))).toBe(true);
    expect(Buffer.from(edited.get(second!)!).subarray(0, 5000).equals(Buffer.from(replacement))).toBe(true);
    expect(Buffer.from(edited.get('renamed.scm')!).equals(Buffer.from(archive.get(third!)!))).toBe(true);
    for (const [name, data] of bytesOf(archive))
      if (![first, second, third].includes(name)) expect(Buffer.from(edited.get(name)!).equals(data), name).toBe(true);
    const packed = new IMGArchive(IMGEditor.from(edited).rebuild().write().img);
    for (const [name, data] of bytesOf(edited)) expect(Buffer.from(packed.get(name)!).equals(data), name).toBe(true);
  });

  it('v1 (.dir + .img): written as both, read back as the same entries', () => {
    const v1 = IMGArchive.fromDir(
      ...(() => {
        const { img } = IMGEditor.from(new IMGArchive(original)).write();
        // A v1 directory of the same entries: offset and size in sectors, then a 24-byte name.
        const archive = new IMGArchive(img);
        const dir = new Uint8Array(32 * archive.entries.length);
        archive.entries.forEach((e, i) => {
          new DataView(dir.buffer).setUint32(32 * i, e.offset / 2048, true);
          new DataView(dir.buffer).setUint32(32 * i + 4, Math.ceil(e.size / 2048), true);
          dir.set(new TextEncoder().encode(e.name), 32 * i + 8);
        });
        return [dir, img] as const;
      })(),
    );
    const { img, dir } = IMGEditor.from(v1).add('extra.ifp', fixture('anp2-basic.ifp')).write();
    expect(dir).not.toBeNull();
    const back = IMGArchive.fromDir(dir!, img);
    expect(back.entries.map((e) => e.name)).toEqual([...v1.entries.map((e) => e.name), 'extra.ifp']);
    for (const [name, data] of bytesOf(v1)) expect(Buffer.from(back.get(name)!).equals(data)).toBe(true);
  });

  it('gameanim img add -o and --in-place (temporary file renamed over the archive), under the write rule', () => {
    const archive = join(scratch, 'anim.img');
    writeFileSync(archive, original);
    const added = join(scratch, 'extra.ifp');
    writeFileSync(added, fixture('anp2-basic.ifp'));
    const out = join(scratch, 'out.img');
    expect(gameanim('img', 'add', archive, added, '-o', out).status).toBe(0);
    expect(new IMGArchive(new Uint8Array(readFileSync(out))).find('extra.ifp')).toBeDefined();
    expect(gameanim('img', 'add', archive, added, '-o', out).status).toBe(1); // exists: --force needed
    expect(gameanim('img', 'delete', archive, 'note.txt').status).toBe(2); // neither -o nor --in-place
    expect(gameanim('img', 'delete', archive, 'note.txt', '--in-place').status).toBe(0);
    expect(new IMGArchive(new Uint8Array(readFileSync(archive))).find('note.txt')).toBeUndefined();
    expect(readdirSync(scratch).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    const failed = gameanim('img', 'rename', archive, 'nope.ifp', 'x.ifp', '--in-place');
    expect(failed.status).toBe(1);
    expect(existsSync(archive)).toBe(true);
  });
});

describe('IMGEditor over entries that share sectors', () => {
  // "outer" spans sectors 1 and 2; "inner" reads sector 2 alone. Real archives never do this; a
  // hostile directory can, and an edit of one must not change the bytes the other reads.
  const outer = { name: 'outer.dat', sector: 1, sectors: 2 };
  const inner = { name: 'inner.dat', sector: 2, sectors: 1 };
  it.each([
    ['outer', [outer, inner]],
    ['outer', [inner, outer]],
    ['inner', [outer, inner]],
    ['inner', [inner, outer]],
  ] as const)("replacing %s (directory %#) keeps the other entry's bytes, and its own new ones", (replaced, records) => {
    const before = new IMGArchive(forgeVer2(records, 3));
    const data = new Uint8Array((replaced === 'outer' ? 2 : 1) * 2048).fill(0xee); // fits in place
    const after = new IMGArchive(IMGEditor.from(before).replace(`${replaced}.dat`, data).write().img);
    const untouched = replaced === 'outer' ? 'inner.dat' : 'outer.dat';
    expect(Buffer.from(after.get(untouched)!).equals(Buffer.from(before.get(untouched)!))).toBe(true);
    expect(Buffer.from(after.get(`${replaced}.dat`)!).equals(Buffer.from(data))).toBe(true);
  });

  it('an entry that shares no sector is still replaced in place', () => {
    const before = new IMGArchive(forgeVer2([outer, inner, { name: 'alone.dat', sector: 3, sectors: 1 }], 4));
    const after = new IMGArchive(IMGEditor.from(before).replace('alone.dat', new Uint8Array(10)).write().img);
    expect(after.find('alone.dat')!.offset).toBe(3 * 2048);
    expect(after.dataLength).toBe(before.dataLength);
  });

  it('write() over 200,000 entries: no spread of every entry into Math.max (the stack held about 125,000)', () => {
    const many = new IMGArchive(writeIMG(Array.from({ length: 200_000 }, (_, i) => ({ name: `e${i}`, data: new Uint8Array(0) }))));
    const archive = new IMGArchive(IMGEditor.from(many).add('last.dat', new Uint8Array(1)).write().img);
    expect(archive.entries.length).toBe(200_001);
  });
});

describe('gameanim edit, diff and lint', () => {
  it('edit applies the steps in order; diff exits 1 and names them; lint exits 1 on an error', () => {
    const input = join(root, 'fixtures/anp3-all-types.ifp');
    const out = join(scratch, 'edited.ifp');
    const edit = gameanim('edit', input, '-o', out, '--speed', 'Odd_Times=2', '--rename', 'odd_times=odd2', '--json');
    expect(edit.status, edit.stderr).toBe(0);
    expect(JSON.parse(edit.stdout)).toMatchObject({ written: [out], steps: ['Odd_Times at 2x speed', 'renamed odd_times to odd2'] });
    const diff = gameanim('diff', input, out, '--json');
    expect(diff.status).toBe(1);
    expect(JSON.parse(diff.stdout)).toMatchObject({ added: ['odd2'], removed: ['Odd_Times'], changed: [] });
    expect(gameanim('diff', input, input).status).toBe(0);
    const lint = gameanim('lint', input, '--json');
    const findings = JSON.parse(lint.stdout).files[0].findings as Array<{ severity: string }>;
    expect(lint.status).toBe(findings.some((f) => f.severity === 'error') ? 1 : 0);
    expect(gameanim('edit', input, '-o', out, '--delete', 'WEAPON_start_throw').status).toBe(1); // out exists: --force
  });
});
