import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffIFP, IFPEditor, IFPReader, writeIFP, type AnimationData, type TrackData } from '../../src/index.js';
import { scanIFP } from '../../src/ifp/scan.js';
import { fixture, sample, samplesPresent, SAMPLES_SKIP_MESSAGE } from '../helpers/files.js';

/** Each animation's stored bytes in a file, by name. */
function animationBytes(bytes: Uint8Array): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  for (const pkg of scanIFP(bytes, false).packages)
    for (const a of pkg.animations) out.set(a.name, bytes.slice(a.byteOffset!, a.byteOffset! + a.byteLength!));
  return out;
}

const track = (boneId: number, keys: number, compressed = true, translated = boneId === 0): TrackData => ({
  boneName: `bone${boneId}`,
  boneId,
  keyframeType: translated ? 'KRT0' : 'KR00',
  compressed,
  times: Float32Array.from({ length: keys }, (_, k) => k / 30),
  rotations: Float32Array.from({ length: 4 * keys }, (_, i) =>
    i % 4 === 3 ? Math.fround(Math.cos(i / 40)) : Math.fround(Math.sin(i / 40) / 2),
  ),
  translations: translated ? Float32Array.from({ length: 3 * keys }, (_, i) => Math.fround(i / 1024)) : null,
  scales: null,
});
const clip = (name: string, bones: number, keys: number): AnimationData => ({
  name,
  bones: Array.from({ length: bones }, (_, b) => track(b, keys + b)),
});

describe('IFPEditor', () => {
  const SAMPLES = ['rwparserng_ped_anp3.ifp', 'sa_python_anp3.ifp', 'sa_grenade_anp3.ifp', 'iii_pcanims_ped_anpk.ifp'];
  if (!samplesPresent) it.skip(SAMPLES_SKIP_MESSAGE, () => {});
  else
    it.each(SAMPLES)('%s: renaming one animation writes every other byte for byte, and the renamed one decodes as before', (name) => {
      const bytes = sample(name);
      const editor = IFPEditor.read(bytes);
      const first = editor.animations[0]!.name;
      const out = editor.rename(first, 'renamed').write();
      const before = animationBytes(bytes);
      const after = animationBytes(out);
      for (const [animation, stored] of before)
        if (animation !== first) expect(Buffer.from(after.get(animation)!).equals(Buffer.from(stored)), animation).toBe(true);
      const original = new IFPReader(bytes).getAnimation(first)!;
      const renamed = new IFPReader(out).getAnimation('renamed')!;
      expect(renamed.bones.map((b) => [b.boneName, b.boneId, Array.from(b.times), Array.from(b.rotations)])).toEqual(
        original.bones.map((b) => [b.boneName, b.boneId, Array.from(b.times), Array.from(b.rotations)]),
      );
      expect(diffIFP(IFPEditor.read(bytes).animations, IFPEditor.read(out).animations)).toMatchObject({
        added: ['renamed'],
        removed: [first],
        changed: [],
      });
      expect(diffIFP(IFPEditor.read(bytes).animations, IFPEditor.read(bytes).animations)).toEqual({
        added: [],
        removed: [],
        changed: [],
        shadowed: expect.any(Array),
      });
    });

  it('speed, trim, delete, reorder, put, package name and conversion: each what it says', () => {
    const bytes = writeIFP([{ name: 'pkg', animations: [clip('a', 3, 6), clip('B', 2, 5), clip('c', 1, 4)] }], { format: 'ANP3' });
    const editor = IFPEditor.read(bytes)
      .speed('A', 2)
      .trim('b', 1 / 30, 3 / 30)
      .delete('c')
      .reorder(['b'])
      .renamePackage('new');
    expect(editor.put(clip('C', 1, 3))).toBe(false);
    expect(editor.put(clip('a', 1, 2))).toBe(true); // replaced, in its place
    const reader = new IFPReader(editor.write('ANPK'));
    expect(reader.packageName).toBe('new');
    expect(reader.animations.map((a) => [a.name, a.bones.length])).toEqual([
      ['B', 2],
      ['a', 1],
      ['C', 1],
    ]);
    const trimmed = reader.getAnimation('b')!;
    expect(Math.fround(trimmed.duration)).toBe(Math.fround(2 / 30));
    // The trimmed clip plays what the original played over the kept range.
    const original = new IFPReader(bytes).getAnimation('B')!;
    expect(Array.from(trimmed.bones[0]!.rotations.subarray(0, 4)).map((v) => v.toFixed(3))).toEqual(
      Array.from(original.bones[0]!.rotations.subarray(4, 8)).map((v) => v.toFixed(3)),
    );
    const sped = IFPEditor.read(bytes).speed('a', 2).find('a')!;
    expect(Array.from(sped.bones[0]!.times)).toEqual(Array.from(track(0, 6).times, (t) => Math.fround(Math.fround(t) / 2)));
    expect(() => IFPEditor.read(bytes).rename('nope', 'x')).toThrow(/no animation named "nope"/);
  });

  it('random edit sequences on random packages give what a plain model of the package predicts', () => {
    const op = fc.oneof(
      fc.record({ op: fc.constant('rename' as const), at: fc.nat(), to: fc.stringMatching(/^[a-z]{1,8}$/) }),
      fc.record({ op: fc.constant('delete' as const), at: fc.nat() }),
      fc.record({ op: fc.constant('speed' as const), at: fc.nat(), factor: fc.constantFrom(0.5, 2, 3) }),
      fc.record({ op: fc.constant('append' as const), bones: fc.integer({ min: 1, max: 3 }) }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.array(op, { maxLength: 8 }), (count, ops) => {
        const names = Array.from({ length: count }, (_, i) => `anim${i}`);
        const bytes = writeIFP([{ name: 'p', animations: names.map((n, i) => clip(n, 1 + (i % 3), 3 + i)) }], { format: 'ANP3' });
        const editor = IFPEditor.read(bytes);
        // The model: names, bone counts, the factor each animation's times were divided by, and whether it was touched.
        let model = names.map((name, i) => ({ name, bones: 1 + (i % 3), keys: 3 + i, factor: 1, touched: false, original: name }));
        let appended = 0;
        for (const step of ops) {
          if (step.op === 'append') {
            const name = `new${appended++}`;
            if (model.some((m) => m.name.toLowerCase() === name)) continue;
            editor.append(clip(name, step.bones, 4));
            model.push({ name, bones: step.bones, keys: 4, factor: 1, touched: true, original: '' });
            continue;
          }
          if (!model.length) continue;
          const target = model[step.at % model.length]!;
          if (step.op === 'rename') {
            if (model.some((m) => m !== target && m.name.toLowerCase() === step.to.toLowerCase())) continue;
            editor.rename(target.name, step.to);
            target.name = step.to;
            target.touched = true;
          } else if (step.op === 'delete') {
            editor.delete(target.name);
            model = model.filter((m) => m !== target);
          } else {
            editor.speed(target.name, step.factor);
            target.factor *= step.factor;
            target.touched = true;
          }
        }
        const out = editor.write();
        const reader = new IFPReader(out);
        expect(reader.animations.map((a) => [a.name, a.bones.length, a.bones[0]!.frameCount])).toEqual(
          model.map((m) => [m.name, m.bones, m.keys]),
        );
        const stored = animationBytes(bytes);
        const written = animationBytes(out);
        for (const m of model) {
          if (!m.touched) expect(Buffer.from(written.get(m.name)!).equals(Buffer.from(stored.get(m.original)!))).toBe(true);
          const times = reader.getAnimation(m.name)!.bones[0]!.times;
          expect(Math.abs(times[times.length - 1]! - (m.keys - 1) / 30 / m.factor)).toBeLessThan(1 / 60);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('diff names exactly the edited animations, with how much each bone changed', () => {
    const bytes = writeIFP([{ name: 'p', animations: [clip('a', 3, 6), clip('b', 2, 5), clip('c', 1, 4)] }], { format: 'ANP3' });
    const edited = IFPEditor.read(bytes).speed('b', 2);
    const result = diffIFP(IFPEditor.read(bytes).animations, IFPEditor.read(edited.write()).animations);
    expect(result.added).toEqual([]);
    expect(result.removed).toEqual([]);
    expect(result.changed.map((c) => c.name)).toEqual(['b']);
    expect(result.changed[0]!.duration[1]).toBeCloseTo(result.changed[0]!.duration[0] / 2, 5);
    expect(result.changed[0]!.bones.some((bone) => bone.maxAngleDeg > 0.1)).toBe(true);
  });

  it('diff compares rotations, not quaternion lengths: a key off unit length equals its normalised copy', () => {
    // A retail finger key of length 0.9 (SA's int16 keys drift from unit length): the same rotation.
    const long = {
      ...track(25, 3),
      rotations: Float32Array.of(0, 0, 0.9 * Math.sin(0.3), 0.9 * Math.cos(0.3), 0, 0, 0, 0.9, 0, 0, 0.9, 0),
    };
    const unit = { ...long, rotations: long.rotations.map((v) => Math.fround(v / 0.9)) };
    const [bone] = diffIFP([{ name: 'a', bones: [long] }], [{ name: 'a', bones: [unit] }]).changed[0]!.bones;
    expect(bone!.maxAngleDeg).toBeLessThan(1e-3);
  });

  it('diff pairs a track without a bone id with its namesake, as the game binds it by name', () => {
    const named = { ...track(2, 4), boneName: ' Spine', boneId: -1 };
    const withId = { ...named, boneName: 'Spine', boneId: 2 };
    const result = diffIFP([{ name: 'a', bones: [named, track(0, 4)] }], [{ name: 'a', bones: [track(0, 4), withId] }]);
    expect(result.changed[0]!.bones.map((b) => [b.boneName, b.maxAngleDeg < 1e-3, b.keys])).toEqual([
      [' Spine', true, [4, 4]],
      ['bone0', true, [4, 4]],
    ]);
  });

  it('diff compares the animation of a name the game plays (the first, case ignored) and warns of the copies it shadows', () => {
    const walk = clip('Walk', 2, 6);
    const edited = { ...walk, bones: walk.bones.map((bone) => ({ ...bone, rotations: bone.rotations.map((v) => -v) })) };
    const copy = clip('WALK', 1, 3);
    // The played copy changed, the shadowed one did not: a difference.
    const played = diffIFP([walk, copy], [edited, copy]);
    expect(played.changed.map((c) => c.name)).toEqual(['Walk']);
    expect(played.shadowed).toEqual([
      { side: 'a', name: 'WALK', index: 1, played: 'Walk' },
      { side: 'b', name: 'WALK', index: 1, played: 'Walk' },
    ]);
    // Only the shadowed copy changed: the game plays the same thing.
    const unplayed = diffIFP([walk, copy], [walk, clip('walk', 3, 9)]);
    expect(unplayed).toMatchObject({ added: [], removed: [], changed: [] });
    expect(unplayed.shadowed.map((s) => [s.side, s.name])).toEqual([
      ['a', 'WALK'],
      ['b', 'walk'],
    ]);
  });

  it('keeps a fixture package as it was when nothing changes', () => {
    const bytes = fixture('anp3-all-types.ifp');
    expect(Buffer.from(IFPEditor.read(bytes).write()).equals(Buffer.from(bytes))).toBe(true);
  });
});

describe('IFPEditor on the real samples: every operation, untouched animations byte for byte', () => {
  if (!samplesPresent) {
    it.skip(SAMPLES_SKIP_MESSAGE, () => {});
    return;
  }
  const bytes = () => sample('sa_python_anp3.ifp');
  const names = new IFPReader(sample('sa_python_anp3.ifp')).animations.map((a) => a.name);
  const untouchedKept = (out: Uint8Array, touched: string[]) => {
    const before = animationBytes(bytes());
    const after = animationBytes(out);
    for (const [name, stored] of before)
      if (!touched.includes(name) && after.has(name)) expect(Buffer.from(after.get(name)!).equals(Buffer.from(stored)), name).toBe(true);
  };
  it.each([
    ['delete', (e: IFPEditor) => e.delete(names[1]!), [names[1]!]],
    ['speed', (e: IFPEditor) => e.speed(names[2]!, 1.5), [names[2]!]],
    ['trim', (e: IFPEditor) => e.trim(names[0]!, 0.1, 0.3), [names[0]!]],
    ['reorder', (e: IFPEditor) => e.reorder([names[3]!, names[0]!]), []],
    [
      'put (replace by name)',
      (e: IFPEditor) => (e.put({ ...e.find(names[1]!)!, name: names[1]!, stored: undefined, bones: e.find(names[0]!)!.bones }), e),
      [names[1]!],
    ],
    ['package name', (e: IFPEditor) => e.renamePackage('PYTHON2'), []],
  ] as const)('%s', (_name, operate, touched) => {
    const out = operate(IFPEditor.read(bytes())).write();
    untouchedKept(out, [...touched]);
    const diffed = diffIFP(IFPEditor.read(bytes()).animations, IFPEditor.read(out).animations);
    expect([...diffed.changed.map((c) => c.name), ...diffed.removed].sort()).toEqual([...touched].sort());
  });

  it('converts between ANP3, ANP2 and ANPK with the same keys', () => {
    const original = new IFPReader(bytes());
    for (const format of ['ANP2', 'ANPK', 'ANP3'] as const) {
      const converted = new IFPReader(IFPEditor.read(bytes()).write(format));
      expect(converted.packages[0]!.format).toBe(format);
      converted.animations.forEach((a, i) =>
        expect(Array.from(a.bones[0]!.rotations)).toEqual(Array.from(original.animations[i]!.bones[0]!.rotations)),
      );
    }
  });
});
