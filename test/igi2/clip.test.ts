import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  bindClip,
  createPose,
  DecodeError,
  IFPReader,
  IGI2ClipReader,
  IGI2ModelReader,
  readIGI2Skeleton,
  sampleClip,
  writeIGI2Clip,
  type IGI2ClipDoc,
} from '../../src/index.js';
import * as specs from '../../scripts/fixture-specs.mjs';
import { decodeErrorOf } from '../helpers/errors.js';
import { bits, fixture, sample, samplesPresent, SAMPLES_SKIP_MESSAGE, SAMPLES } from '../helpers/files.js';
import { itWith } from '../helpers/needs.js';

const spec = specs.igi2Clip as unknown as IGI2ClipDoc;

describe('IGI2ClipReader on the writer-made fixture', () => {
  const clip = new IGI2ClipReader(fixture('igi2-3bone.iff'));

  it('reads header, hierarchy, tracks with tangents, root motion, attachments, triggers and wrap keys', () => {
    expect(clip.warnings).toEqual([]);
    expect([clip.name, clip.looping, clip.durationTicks, clip.duration, clip.ticksPerSecond, clip.boneCount]).toEqual([
      'fixture_clip',
      true,
      960,
      0.2,
      4800,
      3,
    ]);
    expect(Array.from(clip.skeleton.parents)).toEqual([-1, 0, 0]);
    expect(clip.skeleton.names).toEqual(['bone0', 'bone1', 'bone2']);
    expect(Array.from(clip.skeleton.restTranslations)).toEqual([0, 0, 0, 100, 0, 0, -100, 0, 0]);
    const root = clip.tracks[0]!;
    expect(Array.from(root.rotationTicks)).toEqual([0, 480, 960]);
    expect(Array.from(root.rotationTimes)).toEqual([0, 0.10000000149011612, 0.20000000298023224]);
    expect(bits(root.rotations)).toEqual(bits(spec.tracks[0]!.rotations));
    expect(bits(root.inTangents)).toEqual(bits(spec.tracks[0]!.inTangents!));
    expect(bits(root.outTangents)).toEqual(bits(spec.tracks[0]!.outTangents!));
    expect(Array.from(root.positionTicks!)).toEqual([0, 480, 960]);
    expect(Array.from(root.positions!)).toEqual([0, 0, 4096, 30, 0, 4096, 60, 0, 4096]);
    expect(clip.tracks[1]!.positions).toBeNull();
    expect(clip.attachments).toHaveLength(1);
    expect(clip.attachments[0]).toMatchObject({ name: 'weapon', bone: 1, unknown: 0.5 });
    expect(
      clip.attachments[0]!.keys.map((k) => [k.ticks, k.bone, k.rotation && Array.from(k.rotation), k.matrix && Array.from(k.matrix)]),
    ).toEqual([
      [0, null, [0, 0, 0, 1], null],
      [480, 2, null, [1, 0, 0, 0, 1, 0, 0, 0, 1]],
    ]);
    expect(clip.triggers.map((t) => [t.ticks, t.bone, t.event, Array.from(t.position)])).toEqual([[320, -1, 7, [10, 20, 30]]]);
    expect(Array.from(clip.wrapKeys.tracks[0]!.rotationTicks)).toEqual([1120]);
    expect(clip.wrapKeys.tracks[2]!.rotationTicks.length).toBe(0);
  });

  it('round-trips byte for byte through writeIGI2Clip', () => {
    expect(Buffer.from(writeIGI2Clip(clip)).equals(Buffer.from(fixture('igi2-3bone.iff')))).toBe(true);
  });

  it('ticksPerSecond can be overridden; seconds follow, ticks do not change', () => {
    const other = new IGI2ClipReader(fixture('igi2-3bone.iff'), { ticksPerSecond: 2400 });
    expect(other.duration).toBe(0.4);
    expect(Array.from(other.tracks[0]!.rotationTicks)).toEqual([0, 480, 960]);
    expect(() => new IGI2ClipReader(fixture('igi2-3bone.iff'), { ticksPerSecond: 0 })).toThrow(RangeError);
  });
});

describe('IGI 2 sampling', () => {
  const clip = new IGI2ClipReader(fixture('igi2-3bone.iff'));

  it('passes through every key, with squad and with slerp', () => {
    const pose = createPose(clip);
    for (const interpolation of ['squad', 'slerp'] as const) {
      clip.tracks.forEach((track, bone) => {
        for (let k = 0; k < track.rotationTimes.length; k++) {
          expect(sampleClip(clip, track.rotationTimes[k]!, pose, { interpolation })).toBe('js');
          for (let c = 0; c < 4; c++) expect(pose.rotations[4 * bone + c]).toBeCloseTo(track.rotations[4 * k + c]!, 6);
        }
      });
    }
  });

  it('is exactly slerp where the tangents equal the keys, and differs where they do not', () => {
    const flat: IGI2ClipDoc = { ...spec, tracks: spec.tracks.map((t) => ({ ...t, inTangents: t.rotations, outTangents: t.rotations })) };
    const same = new IGI2ClipReader(writeIGI2Clip(flat));
    const squad = createPose(same);
    const slerp = createPose(same);
    for (const time of [0.03, 0.05, 0.09, 0.14, 0.19]) {
      sampleClip(same, time, squad);
      sampleClip(same, time, slerp, { interpolation: 'slerp' });
      expect(Array.from(squad.rotations)).toEqual(Array.from(slerp.rotations));
    }
    const curved = createPose(clip);
    const straight = createPose(clip);
    // Bone 1's second key (at 320 ticks) has tangents off the key: the segment after it curves.
    sampleClip(clip, 0.1, curved);
    sampleClip(clip, 0.1, straight, { interpolation: 'slerp' });
    expect(Math.max(...Array.from(curved.rotations.subarray(4, 8), (v, i) => Math.abs(v - straight.rotations[4 + i]!)))).toBeGreaterThan(
      1e-4,
    );
  });

  it('a looping clip past its last key interpolates toward the wrap keys', () => {
    const pose = createPose(clip);
    const last = createPose(clip);
    sampleClip(clip, 0.2, last); // bone 0's last key, at the duration
    sampleClip(clip, 0.2 + (0.25 * (1120 - 960)) / 4800, pose); // a quarter of the way to the wrap key
    const wrapKey = clip.wrapKeys.tracks[0]!.rotations;
    const lastKey = clip.tracks[0]!.rotations.subarray(8, 12);
    // Between the last key and the wrap key, nearer the last.
    const toLast = Math.hypot(...Array.from(pose.rotations.subarray(0, 4), (v, i) => v - lastKey[i]!));
    const toWrap = Math.hypot(...Array.from(pose.rotations.subarray(0, 4), (v, i) => v - wrapKey[i]!));
    expect(toLast).toBeGreaterThan(1e-4);
    expect(toLast).toBeLessThan(toWrap);
    // Positions have their own key times: at the first wrap key's time the root is at the wrap position.
    sampleClip(clip, 1120 / 4800, pose);
    expect(Array.from(pose.translations.subarray(0, 3))).toEqual(Array.from(clip.wrapKeys.tracks[0]!.positions!));
  });
});

describe('writeIGI2Clip from scratch', () => {
  it('a clip converted from an IFP animation gets valid links and counts', () => {
    const walk = new IFPReader(fixture('anp3-all-types.ifp')).animations[0]!;
    const bones = walk.bones.length;
    const doc: IGI2ClipDoc = {
      name: 'from_ifp',
      looping: false,
      durationTicks: Math.round(walk.duration * 4800),
      skeleton: { parents: Array.from({ length: bones }, (_, i) => (i === 0 ? -1 : 0)), restTranslations: new Float32Array(3 * bones) },
      tracks: walk.bones.map((bone) => ({
        rotationTicks: Array.from(bone.times, (t) => Math.max(0, Math.round(t * 4800))),
        rotations: bone.rotations,
      })),
    };
    const clip = new IGI2ClipReader(writeIGI2Clip(doc), { strict: true });
    expect(clip.warnings).toEqual([]);
    expect(clip.tracks.map((t) => t.rotationTicks.length)).toEqual(walk.bones.map((b) => b.frameCount));
    expect(clip.attachments).toEqual([]);
  });
});

/** The TNVE entries of a clip as (type, index, ticks, word offset), read straight from the bytes. */
function tnveEntries(bytes: Uint8Array): { type: number; index: number; ticks: number; word: number }[] {
  const at = Buffer.from(bytes).indexOf('TNVE');
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  const size = view.getUint32(at + 4, true);
  const entries = [];
  for (let offset = 0; offset < size; ) {
    const words = view.getUint16(at + 16 + offset + 2, true);
    entries.push({
      type: bytes[at + 16 + offset]!,
      index: bytes[at + 16 + offset + 1]!,
      ticks: view.getUint32(at + 16 + offset + 4, true),
      word: offset / 4,
    });
    offset += 4 * words;
  }
  return entries;
}

describe('writeIGI2Clip orders entries and writes ATTA from the rule, not from what it read', () => {
  itWith([SAMPLES])('both retail samples come back byte for byte with the ATTA words dropped before writing', () => {
    for (const name of ['igi2/push_button_1st_pers.iff', 'igi2/fire_pullpin_flashbang_1st.iff']) {
      const bytes = sample(name);
      const clip = new IGI2ClipReader(bytes);
      const attachments = clip.attachments.map(({ recordIndex: _index, firstPoseWord: _word, ...rest }) => rest);
      expect(
        Buffer.from(
          writeIGI2Clip({
            name: clip.name,
            looping: clip.looping,
            durationTicks: clip.durationTicks,
            version: clip.version,
            skeleton: clip.skeleton,
            tracks: clip.tracks,
            triggers: clip.triggers,
            wrapKeys: clip.wrapKeys,
            attachments,
          }),
        ).equals(Buffer.from(bytes)),
        name,
      ).toBe(true);
    }
    const fire = new IGI2ClipReader(sample('igi2/fire_pullpin_flashbang_1st.iff'));
    expect(fire.attachments.map((a) => [a.recordIndex, a.firstPoseWord])).toEqual([
      [0, 0],
      [1, 869],
    ]);
  });

  it('a clip built from scratch, with a trigger and attachment poses at shared times, reads back equal in the spec order', () => {
    const key = (ticks: number, x: number) => ({
      ticks,
      time: ticks / 4800,
      position: Float32Array.of(x, 0, 0),
      rotation: Float32Array.of(0, 0, 0, 1),
      bone: null,
      matrix: null,
    });
    const doc: IGI2ClipDoc = {
      name: 'scratch',
      looping: false,
      durationTicks: 320,
      skeleton: { parents: [-1, 0], restTranslations: new Float32Array(6) },
      tracks: [0, 1].map(() => ({ rotationTicks: [0, 160, 320], rotations: Float32Array.of(0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1) })),
      attachments: ['pin', 'grenade'].map((name, a) => ({
        name,
        position: new Float32Array(3),
        orientation: Float32Array.of(0, 0, 0, 1),
        rotation2: Float32Array.of(0, 0, 0, 1),
        unknown: 0,
        bone: 1,
        keys: a === 0 ? [] : [key(160, 1), key(320, 2)],
      })),
      triggers: [{ ticks: 160, time: 160 / 4800, bone: -1, event: 3, position: new Float32Array(3) }],
    };
    const bytes = writeIGI2Clip(doc);
    const clip = new IGI2ClipReader(bytes, { strict: true });
    expect(clip.warnings).toEqual([]);
    expect(clip.triggers.map((t) => t.ticks)).toEqual([160]);
    expect(clip.attachments[1]!.keys.map((k) => k.ticks)).toEqual([160, 320]);
    const entries = tnveEntries(bytes);
    const order = entries.map((e) => [e.ticks, e.type, e.index]);
    expect(order).toEqual([...order].sort((p, q) => p[0]! - q[0]! || p[1]! - q[1]! || p[2]! - q[2]!));
    const at160 = entries.filter((e) => e.ticks === 160).map((e) => e.type);
    expect(at160).toEqual([4, 4, 6, 7]); // the trigger before the attachment pose
    const firstPose = entries.find((e) => e.type === 7 && e.index === 1)!.word;
    expect(clip.attachments.map((a) => [a.recordIndex, a.firstPoseWord])).toEqual([
      [0, 0],
      [1, firstPose],
    ]);
  });
});

describe('IGI 2 bad input (docs/formats/igi2.md)', () => {
  const bad = (name: string) => fixture(`igi2-bad/${name}.iff`);
  it('has a fixture for every rule', () => {
    const names = readdirSync(fileURLToPath(new URL('../../fixtures/igi2-bad/', import.meta.url)))
      .map((f) => f.replace('.iff', ''))
      .sort();
    expect(names).toEqual([
      'bad-link',
      'bone-out-of-range',
      'child-count-sum',
      'chunk-past-end',
      'entry-count',
      'entry-past-end',
      'entry-size-zero',
      'entry-wrong-size',
      'next-not-forward',
      'orphan-bone',
      'size-mismatch',
      'unknown-entry-type',
    ]);
  });
  it.each([
    ['chunk-past-end', 'truncated'],
    ['next-not-forward', 'bad-chunk-link'],
    ['child-count-sum', 'bad-hierarchy'],
    ['orphan-bone', 'bad-hierarchy'],
  ])('%s: always a DecodeError (%s)', (name, code) => {
    expect(decodeErrorOf(() => new IGI2ClipReader(bad(name)))).toMatchObject({ format: 'ILFF', code });
  });
  it.each([
    ['entry-size-zero', 'bad-entry'],
    ['entry-past-end', 'bad-entry'],
    ['entry-wrong-size', 'bad-entry'],
    ['unknown-entry-type', 'unknown-entry-type'],
    ['bone-out-of-range', 'bad-index'],
    ['bad-link', 'bad-entry'],
  ])('%s: strict throws %s; lenient keeps what precedes it, with a warning', (name, code) => {
    const error = decodeErrorOf(() => new IGI2ClipReader(bad(name), { strict: true }));
    expect(error).toMatchObject({ format: 'ILFF', code });
    const lenient = new IGI2ClipReader(bad(name));
    expect(lenient.warnings.map((w) => w.code)).toContain(code);
    // A broken entry stops the walk after the first entry (the root's position at tick 0); an unknown
    // type is skipped and a bad link only reported, so those keep every entry.
    expect(lenient.tracks[0]!.positionTicks ?? []).toHaveLength(name === 'unknown-entry-type' || name === 'bad-link' ? 3 : 1);
  });
  it.each([
    ['size-mismatch', 'size-mismatch'],
    ['entry-count', 'entry-count-mismatch'],
  ])('%s: a warning (%s), the clip reads', (name, code) => {
    const clip = new IGI2ClipReader(bad(name), { strict: true });
    expect(clip.warnings.map((w) => w.code)).toEqual([code]);
  });
  it('truncated at every byte: a DecodeError naming ILFF, never anything else', () => {
    const bytes = fixture('igi2-3bone.iff');
    for (let cut = 0; cut < bytes.length; cut++) {
      for (const strict of [false, true]) {
        try {
          new IGI2ClipReader(bytes.subarray(0, cut), { strict });
        } catch (error) {
          expect(error).toBeInstanceOf(DecodeError);
          expect((error as DecodeError).format).toBe('ILFF');
        }
      }
    }
  });
  it('a model is not a clip, and a clip is not a model', () => {
    expect(decodeErrorOf(() => new IGI2ModelReader(fixture('igi2-3bone.iff')))).toMatchObject({ code: 'wrong-content-type', offset: 16 });
  });
});

describe('the retail IGI 2 samples', () => {
  if (!samplesPresent) {
    it.skip(SAMPLES_SKIP_MESSAGE, () => {});
    return;
  }
  const model = readIGI2Skeleton(sample('igi2/005_01_1.mef'))!;

  it('read: two 47-bone clips (one looping, one with 2 attachments) and the 47-bone model', () => {
    const push = new IGI2ClipReader(sample('igi2/push_button_1st_pers.iff'));
    const fire = new IGI2ClipReader(sample('igi2/fire_pullpin_flashbang_1st.iff'));
    expect([push.name, push.looping, push.durationTicks, push.boneCount, push.attachments.length, push.warnings]).toEqual([
      'push_button_1st_pers',
      true,
      5440,
      47,
      0,
      [],
    ]);
    expect([fire.name, fire.looping, fire.durationTicks, fire.boneCount, fire.attachments.map((a) => a.name), fire.warnings]).toEqual([
      'fire_pullpin_flashbang_1st',
      false,
      4640,
      47,
      ['weapon', '135_02_1'],
      [],
    ]);
    expect(fire.triggers.length).toBe(1);
    expect(push.wrapKeys.tracks.every((t) => t.rotationTicks.length === 1 && t.rotationTicks[0] === 5600)).toBe(true);
    expect(model.boneCount).toBe(47);
    expect(model.names.slice(0, 3)).toEqual(['center shoulders', 'upper left arm', 'upper right arm']);
    expect(Array.from(model.parents)).toEqual(Array.from(push.skeleton.parents));
  });

  it('round-trip byte for byte', () => {
    for (const name of ['igi2/push_button_1st_pers.iff', 'igi2/fire_pullpin_flashbang_1st.iff']) {
      const bytes = sample(name);
      expect(Buffer.from(writeIGI2Clip(new IGI2ClipReader(bytes))).equals(Buffer.from(bytes)), name).toBe(true);
    }
  });

  it("the model's 47 names bind to both clips, by index", () => {
    for (const name of ['igi2/push_button_1st_pers.iff', 'igi2/fire_pullpin_flashbang_1st.iff']) {
      const bound = bindClip(new IGI2ClipReader(sample(name)), model);
      expect(bound.restBones).toEqual([]);
      expect(bound.unmatchedTracks).toEqual([]);
    }
  });

  it('sampling the first clip at its key times returns its keys, within 1e-6', () => {
    const clip = new IGI2ClipReader(sample('igi2/push_button_1st_pers.iff'));
    const pose = createPose(clip);
    let largest = 0;
    clip.tracks.forEach((track, bone) => {
      for (let k = 0; k < track.rotationTimes.length; k++) {
        sampleClip(clip, track.rotationTimes[k]!, pose);
        for (let c = 0; c < 4; c++) largest = Math.max(largest, Math.abs(pose.rotations[4 * bone + c]! - track.rotations[4 * k + c]!));
      }
    });
    expect(largest).toBeLessThan(1e-6);
  });
});
