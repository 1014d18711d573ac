// No reader writes to its input. A Node Buffer is the input most users have, and its slice() is a view:
// every reader gets one, twice, and the bytes must be as they were.
import { describe, expect, it } from 'vitest';
import {
  DFFReader,
  IFFReader,
  IFPDecoder,
  IFPReader,
  IGI2ClipReader,
  IGI2Decoder,
  IGI2ModelReader,
  IMGArchive,
  readIGI2Skeleton,
  SpriteAnimReader,
  writeIMG,
} from '../../src/index.js';
import { fixture, sample, SAMPLES } from '../helpers/files.js';
import { itWith } from '../helpers/needs.js';

const readers: Array<[string, string, (bytes: Buffer) => unknown]> = [
  ['IFPReader', 'anp3-all-types.ifp', (b) => new IFPReader(b).animations.map((a) => a.bones.length)],
  ['IFPDecoder', 'anpk-all-keys.ifp', (b) => new IFPDecoder().decode(b).animations.length],
  ['IFFReader', 'anm2-2bone.iff', (b) => new IFFReader(b).tracks.length],
  ['IGI2ClipReader', 'igi2-3bone.iff', (b) => new IGI2ClipReader(b).tracks.length],
  ['IGI2Decoder', 'igi2-3bone.iff', (b) => new IGI2Decoder().decode(b).tracks.length],
  ['DFFReader', 'dff-ped-5bone.dff', (b) => new DFFReader(b).skeleton!.boneCount],
  ['SpriteAnimReader', 'sprites-all-opcodes.anim', (b) => new SpriteAnimReader(b).scripts.length],
];

describe('every reader leaves a Buffer input as it was, and reads it the same way twice', () => {
  it.each(readers)('%s', (_name, file, read) => {
    const bytes = Buffer.from(fixture(file));
    const before = Buffer.from(bytes);
    const first = read(bytes);
    expect(bytes.equals(before)).toBe(true);
    expect(read(bytes)).toEqual(first);
    expect(bytes.equals(before)).toBe(true);
  });

  it('IMGArchive', () => {
    const bytes = Buffer.from(fixture('anp2-basic.ifp'));
    const img = Buffer.from(writeIMG([{ name: 'a.ifp', data: bytes }]));
    const before = Buffer.from(img);
    new IMGArchive(img).read(new IMGArchive(img).entries[0]!);
    expect(img.equals(before)).toBe(true);
  });

  itWith([SAMPLES])('the real IGI 2 clips and model: IGI2ClipReader, IGI2Decoder, IGI2ModelReader, readIGI2Skeleton', () => {
    for (const [file, read] of [
      ['igi2/fire_pullpin_flashbang_1st.iff', (b: Buffer) => new IGI2ClipReader(b).attachments.length],
      ['igi2/push_button_1st_pers.iff', (b: Buffer) => new IGI2Decoder().decode(b).boneCount],
      ['igi2/005_01_1.mef', (b: Buffer) => new IGI2ModelReader(b).skeleton!.boneCount],
      ['igi2/005_01_1.mef', (b: Buffer) => readIGI2Skeleton(b)!.names.length],
      ['dff/sa_skin_plain.dff', (b: Buffer) => new DFFReader(b).geometries.length],
    ] as const) {
      const bytes = Buffer.from(sample(file));
      const before = Buffer.from(bytes);
      expect(read(bytes), file).toEqual(read(bytes));
      expect(bytes.equals(before), file).toBe(true);
    }
  });
});

describe('a clip sampled before its decoder was reset throws when sampled again', () => {
  it('IFPDecoder and IGI2Decoder clips, bare, bound and in a batch, on every backend', async () => {
    const { bindClip, createPose, createPoseBatch, sampleBatch, sampleClip } = await import('../../src/index.js');
    const ifp = new IFPDecoder();
    const animation = ifp.decode(fixture('anp3-all-types.ifp')).animations[0]!;
    const igi2 = new IGI2Decoder();
    const clip = igi2.decode(fixture('igi2-3bone.iff'));
    const skeleton = new DFFReader(fixture('dff-ped-5bone.dff')).skeleton!;
    const bound = bindClip(animation, skeleton);
    const cases = [
      () => sampleClip(animation, 0.1, createPose(animation), { backend: 'js' }),
      () => sampleClip(animation, 0.1, createPose(animation)),
      () => sampleClip(bound, 0.1, createPose(skeleton)),
      () => sampleClip(clip, 0.1, createPose(clip)),
    ];
    const batch = createPoseBatch([animation, bound]);
    const batchCase = () => sampleBatch(batch, [0.1, 0.1]);
    for (const run of [...cases, batchCase]) run(); // fine before the reset
    ifp.reset();
    igi2.reset();
    for (const run of [...cases, batchCase]) expect(run).toThrow(/decoder\.reset\(\)/);
  });
});
