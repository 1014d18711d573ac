import { describe, expect, it } from 'vitest';
import { DecodeError, IFPReader, IMGArchive, writeIMG } from '../../src/index.js';
import { fixture, sample, samplesPresent, SAMPLES_SKIP_MESSAGE, SAMPLES } from '../helpers/files.js';
import { describeWith } from '../helpers/needs.js';

const text = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));

describe('writeIMG and IMGArchive (VER2)', () => {
  const entries = [
    { name: 'walk.ifp', data: fixture('anp3-all-types.ifp') },
    { name: 'EMPTY.txt', data: new Uint8Array(0) },
    { name: 'run.ifp', data: fixture('anpk-all-keys.ifp') },
    { name: 'exactly2048.bin', data: new Uint8Array(2048).fill(7) },
  ];

  it('lays entries out on 2048-byte sectors with zero padding', () => {
    const bytes = writeIMG(entries);
    const archive = new IMGArchive(bytes);
    expect(archive.version).toBe('VER2');
    expect(archive.entries).toEqual([
      { name: 'walk.ifp', offset: 2048, size: 2048 },
      { name: 'EMPTY.txt', offset: 4096, size: 0 },
      { name: 'run.ifp', offset: 4096, size: 2048 },
      { name: 'exactly2048.bin', offset: 6144, size: 2048 },
    ]);
    expect(bytes.length).toBe(8192);
    expect(archive.warnings).toEqual([]);
    const walk = archive.get('WALK.IFP')!;
    expect(Array.from(walk.subarray(0, entries[0]!.data.length))).toEqual(Array.from(entries[0]!.data));
    expect(walk.subarray(entries[0]!.data.length).every((b) => b === 0)).toBe(true);
  });

  it('hands out zero-copy views of the archive', () => {
    const bytes = writeIMG(entries);
    const view = new IMGArchive(bytes).get('walk.ifp')!;
    expect(view.buffer).toBe(bytes.buffer);
    expect(view.byteOffset).toBe(2048);
  });

  it('round-trips: archive -> writer -> identical bytes, and entries decode as IFP', () => {
    const bytes = writeIMG(entries);
    const archive = new IMGArchive(bytes);
    const again = writeIMG(archive.entries.map((e) => ({ name: e.name, data: archive.read(e) })));
    expect(Buffer.from(again).equals(Buffer.from(bytes))).toBe(true);
    const reader = new IFPReader(archive.get('run.ifp')!);
    expect(reader.packageName).toBe('vc_style');
    expect(reader.warnings).toEqual([]); // the sector padding is zeros: expected, not reported
  });

  it('fails only the entry that points past the end of the archive', () => {
    const bytes = writeIMG(entries);
    const view = new DataView(bytes.buffer);
    view.setUint32(8 + 32 * 2, 99, true); // run.ifp now starts at sector 99
    const archive = new IMGArchive(bytes);
    expect(archive.warnings).toEqual([{ code: 'entry-out-of-range', offset: 8 + 64, message: expect.stringContaining('"run.ifp"') }]);
    let error: unknown;
    try {
      archive.get('run.ifp');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DecodeError);
    expect(error).toMatchObject({ format: 'IMG', code: 'entry-out-of-range', offset: 72 });
    expect(new IFPReader(archive.get('walk.ifp')!).packageName).toBe('fixture');
    expect(archive.get('exactly2048.bin')!.every((b) => b === 7)).toBe(true);
    expect(archive.get('missing')).toBeUndefined();
  });

  it('lets a non-zero sizeInArchive win over streamingSize', () => {
    const bytes = writeIMG(entries);
    new DataView(bytes.buffer).setUint16(8 + 6, 2, true);
    expect(new IMGArchive(bytes).entries[0]!.size).toBe(4096);
  });

  it('rejects bad magic and counts the data cannot hold, before allocating', () => {
    expect(() => new IMGArchive(text('VER3\0\0\0\0'))).toThrow(DecodeError);
    const huge = writeIMG(entries);
    new DataView(huge.buffer).setUint32(4, 0x7fffffff, true);
    expect(() => new IMGArchive(huge)).toThrow(/count-exceeds-data|directory entry count/);
    expect(() => new IMGArchive(new Uint8Array(2))).toThrow(DecodeError);
  });

  it('reports duplicate names and refuses names the format cannot store', () => {
    const archive = new IMGArchive(writeIMG([entries[0]!, { name: 'WALK.ifp', data: new Uint8Array(1) }]));
    expect(archive.warnings.map((w) => w.code)).toEqual(['duplicate-name']);
    expect(archive.find('walk.IFP')).toBe(archive.entries[0]);
    expect(() => writeIMG([{ name: 'a_name_of_twenty_four_ch', data: new Uint8Array(1) }])).toThrow(RangeError);
  });
});

describe('IMGArchive.fromDir (III/VC v1)', () => {
  it('reads 32-byte directory entries against a header-less .img', () => {
    const dir = new Uint8Array(64);
    const view = new DataView(dir.buffer);
    view.setUint32(0, 0, true);
    view.setUint32(4, 1, true);
    dir.set(text('a.ifp'), 8);
    view.setUint32(32, 1, true);
    view.setUint32(36, 2, true);
    dir.set(text('B.DAT'), 40);
    const img = new Uint8Array(3 * 2048).fill(1, 2048);
    const archive = IMGArchive.fromDir(dir, img);
    expect(archive.version).toBe('v1');
    expect(archive.entries).toEqual([
      { name: 'a.ifp', offset: 0, size: 2048 },
      { name: 'B.DAT', offset: 2048, size: 4096 },
    ]);
    expect(archive.get('b.dat')!.every((b) => b === 1)).toBe(true);
    const ragged = IMGArchive.fromDir(new Uint8Array([...dir, 1, 2, 3]), img);
    expect(ragged.warnings).toEqual([{ code: 'trailing-bytes', offset: 64, message: expect.stringContaining('3 bytes') }]);
  });
});

describeWith([SAMPLES], 'real archives', () => {
  it('SA script.img: 79 VER2 entries, first data at sector 2', () => {
    const archive = new IMGArchive(sample('img/sa_script_ver2.img'));
    expect(archive.entries.length).toBe(79);
    expect(Math.min(...archive.entries.map((e) => e.offset))).toBe(2 * 2048);
    expect(archive.entries[0]!.name).toBe('aaa.scm');
    expect(archive.warnings).toEqual([]);
    expect(archive.entries.every((e) => e.name.endsWith('.scm'))).toBe(true);
    expect(archive.get('AAA.SCM')!.length).toBe(2048);
  });

  it('GTA III cuts.dir: 283 entries; without its .img every entry is out of range on its own', () => {
    const archive = IMGArchive.fromDir(sample('img/iii_cuts_v1.dir'), new Uint8Array(0));
    expect(archive.entries.length).toBe(283);
    expect(archive.entries[1]).toEqual({ name: 'A1_ss0.ifp', offset: 4096, size: 577536 });
    // One warning for all of them (with the count), not 283.
    expect(archive.warnings).toEqual([
      { code: 'entry-out-of-range', offset: 0, message: expect.stringContaining('and 282 more entries like it') },
    ]);
    expect(() => archive.get('a1_ss0.ifp')).toThrow(DecodeError);
  });
});
if (!samplesPresent) describe.skip(SAMPLES_SKIP_MESSAGE, () => it('skipped', () => {}));
