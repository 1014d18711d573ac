// IMGEditor.create: a new archive from nothing, laid out as the games read it. VER2: "VER2", the entry
// count, 32-byte records (u32 first sector, u16 sectors, u16 0, 24-byte NUL-padded name), the
// directory padded to whole 2048-byte sectors, then each entry from a sector boundary, zero-padded.
// v1 (III/VC): the .dir is the records alone (u32 first sector, u32 sectors, 24-byte name), the .img
// the data alone from sector 0.
import { describe, expect, it } from 'vitest';
import { EditError, IMGArchive, IMGEditor } from '../../src/index.js';
import { encodeErrorOf } from '../helpers/errors.js';
import { sample, SAMPLES } from '../helpers/files.js';
import { itWith } from '../helpers/needs.js';

const SECTOR = 2048;
const filled = (length: number, value: number) => new Uint8Array(length).fill(value);
const u32 = (bytes: Uint8Array, at: number) => new DataView(bytes.buffer, bytes.byteOffset).getUint32(at, true);
const u16 = (bytes: Uint8Array, at: number) => new DataView(bytes.buffer, bytes.byteOffset).getUint16(at, true);
const nameField = (name: string) => Buffer.concat([Buffer.from(name, 'latin1'), Buffer.alloc(24 - name.length)]);
const allZero = (bytes: Uint8Array) => bytes.every((b) => b === 0);

describe('IMGEditor.create', () => {
  it('an empty VER2 archive is one sector: "VER2", 0 entries, zeros; it reads back with no entries and no warnings', () => {
    const { img, dir } = IMGEditor.create('VER2').write();
    expect(dir).toBeNull();
    expect(img.length).toBe(SECTOR);
    expect(Buffer.from(img.subarray(0, 4)).toString('latin1')).toBe('VER2');
    expect(u32(img, 4)).toBe(0);
    expect(allZero(img.subarray(8))).toBe(true);
    const archive = new IMGArchive(img);
    expect([archive.version, archive.entries, archive.warnings]).toEqual(['VER2', [], []]);
  });

  it('an empty v1 archive is an empty .dir and an empty .img, read back as no entries', () => {
    const { img, dir } = IMGEditor.create('v1').write();
    expect([img.length, dir!.length]).toEqual([0, 0]);
    const archive = IMGArchive.fromDir(dir!, img);
    expect([archive.version, archive.entries, archive.warnings]).toEqual(['v1', [], []]);
  });

  it('VER2: each record and each byte of data where the layout puts it', () => {
    const { img } = IMGEditor.create('VER2')
      .add('walk.ifp', filled(3000, 0xa1))
      .add('Note.TXT', filled(5, 0xb2))
      .add('empty.dat', new Uint8Array(0))
      .write();
    // Sector 0: the directory; walk.ifp: sectors 1-2 (3000 bytes); Note.TXT: sector 3; empty.dat: 0 sectors at 4.
    expect(img.length).toBe(4 * SECTOR);
    expect(u32(img, 4)).toBe(3);
    const records = [8, 40, 72].map((at) => [u32(img, at), u16(img, at + 4), u16(img, at + 6), Buffer.from(img.subarray(at + 8, at + 32))]);
    expect(records).toEqual([
      [1, 2, 0, nameField('walk.ifp')],
      [3, 1, 0, nameField('Note.TXT')],
      [4, 0, 0, nameField('empty.dat')],
    ]);
    expect(allZero(img.subarray(104, SECTOR))).toBe(true);
    expect(img.subarray(SECTOR, SECTOR + 3000).every((b) => b === 0xa1)).toBe(true);
    expect(allZero(img.subarray(SECTOR + 3000, 3 * SECTOR))).toBe(true);
    expect(img.subarray(3 * SECTOR, 3 * SECTOR + 5).every((b) => b === 0xb2)).toBe(true);
    expect(allZero(img.subarray(3 * SECTOR + 5))).toBe(true);
    const archive = new IMGArchive(img);
    expect(archive.warnings).toEqual([]);
    expect(archive.entries).toEqual([
      { name: 'walk.ifp', offset: SECTOR, size: 2 * SECTOR },
      { name: 'Note.TXT', offset: 3 * SECTOR, size: SECTOR },
      { name: 'empty.dat', offset: 4 * SECTOR, size: 0 },
    ]);
    expect(Buffer.from(archive.get('note.txt')!.subarray(0, 5)).equals(Buffer.from(filled(5, 0xb2)))).toBe(true);
  });

  it('VER2: 63 entries keep the directory in one sector (8 + 63 x 32 = 2024 bytes); 64 take two (2056)', () => {
    const firstSector = (count: number) => {
      const editor = IMGEditor.create('VER2');
      for (let i = 0; i < count; i++) editor.add(`e${i}`, new Uint8Array(1));
      return u32(editor.write().img, 8);
    };
    expect([firstSector(63), firstSector(64)]).toEqual([1, 2]);
  });

  it('v1: the .dir holds the records alone (u32 sectors each), the .img the data from sector 0', () => {
    const { img, dir } = IMGEditor.create('v1').add('walk.ifp', filled(3000, 0xa1)).add('note.txt', filled(5, 0xb2)).write();
    expect(dir!.length).toBe(64);
    expect([u32(dir!, 0), u32(dir!, 4), Buffer.from(dir!.subarray(8, 32))]).toEqual([0, 2, nameField('walk.ifp')]);
    expect([u32(dir!, 32), u32(dir!, 36), Buffer.from(dir!.subarray(40, 64))]).toEqual([2, 1, nameField('note.txt')]);
    expect(img.length).toBe(3 * SECTOR);
    expect(img.subarray(0, 3000).every((b) => b === 0xa1)).toBe(true);
    expect(allZero(img.subarray(3000, 2 * SECTOR))).toBe(true);
    expect(img.subarray(2 * SECTOR, 2 * SECTOR + 5).every((b) => b === 0xb2)).toBe(true);
    const archive = IMGArchive.fromDir(dir!, img);
    expect(archive.warnings).toEqual([]);
    expect(archive.entries).toEqual([
      { name: 'walk.ifp', offset: 0, size: 2 * SECTOR },
      { name: 'note.txt', offset: 2 * SECTOR, size: SECTOR },
    ]);
  });

  it('a name given twice, in any case, is EditError name-taken naming both spellings; a 24-character name is bad-name', () => {
    const twice = encodeErrorOf(() => IMGEditor.create('v1').add('walk.ifp', new Uint8Array(1)).add('WALK.IFP', new Uint8Array(1)));
    expect(twice).toBeInstanceOf(EditError);
    expect([twice.format, twice.code]).toEqual(['IMG', 'name-taken']);
    expect(twice.message).toBe(
      'IMG: the archive already has an entry named "walk.ifp", and the games ignore case: "WALK.IFP" is the same name (replace it, or choose another name)',
    );
    const long = encodeErrorOf(() => IMGEditor.create().add('a'.repeat(24), new Uint8Array(1)));
    expect([long.code, long.message]).toEqual([
      'bad-name',
      expect.stringContaining(`"${'a'.repeat(24)}" has 24 characters; the directory holds 23`),
    ]);
  });

  // The games' own archives are packed in directory order: made again from their entries, the bytes must be theirs.
  itWith([SAMPLES])("SA's script archive made again from its 79 entries, in order, is the retail file byte for byte", () => {
    const retail = sample('img/sa_script_ver2.img');
    const archive = new IMGArchive(retail);
    const editor = IMGEditor.create('VER2');
    for (const entry of archive.entries) editor.add(entry.name, archive.read(entry));
    expect(archive.entries.length).toBe(79);
    expect(Buffer.from(editor.write().img).equals(Buffer.from(retail))).toBe(true);
  });

  itWith([SAMPLES])("III's cuts.dir made again from its 283 entries' names and sizes is the retail .dir byte for byte", () => {
    const retail = sample('img/iii_cuts_v1.dir');
    const archive = IMGArchive.fromDir(retail, new Uint8Array(0)); // the .img is not among the samples: sizes only
    const editor = IMGEditor.create('v1');
    for (const entry of archive.entries) editor.add(entry.name, new Uint8Array(entry.size));
    expect(archive.entries.length).toBe(283);
    expect(Buffer.from(editor.write().dir!).equals(Buffer.from(retail))).toBe(true);
  });
});
