// fast-check arbitraries: valid documents for every format, and the mutations applied to their bytes.
import fc from 'fast-check';
import {
  OPCODES,
  type DFFDoc,
  type IGI2ClipDoc,
  type IFFClip,
  type PackageData,
  type SpriteAnimDoc,
  type TrackData,
} from '../../src/index.js';

/** Latin-1 names without NUL (a NUL ends a name on read), up to `max` characters. */
const name = (max: number) =>
  fc.string({ unit: fc.integer({ min: 1, max: 255 }).map((c) => String.fromCharCode(c)), minLength: 0, maxLength: max });
const f32 = fc.float(); // includes NaN, infinities and -0: bit patterns must survive

function track(kind: 'anp' | 'anpk'): fc.Arbitrary<TrackData> {
  const types = kind === 'anp' ? (['KR00', 'KRT0'] as const) : (['KR00', 'KRT0', 'KRTS'] as const);
  return fc
    .record({
      boneName: name(23),
      boneId: fc.integer({ min: -1, max: 1000 }),
      keyframeType: fc.constantFrom(...types),
      compressed: kind === 'anp' ? fc.boolean() : fc.constant(false),
      frames: fc.integer({ min: 0, max: 6 }),
    })
    .chain(({ frames, compressed, keyframeType, ...rest }) => {
      // Compressed values sit on the int16 grid, so they survive quantisation exactly.
      const grid = (scale: number) => fc.integer({ min: -32768, max: 32767 }).map((raw) => raw / scale);
      const value = (scale: number) => (compressed ? grid(scale) : f32);
      const list = (n: number, scale: number) => fc.array(value(scale), { minLength: n, maxLength: n }).map((v) => Float32Array.from(v));
      return fc
        .record({
          times: list(frames, 60).map((t) => (compressed ? Float32Array.from(t, (x) => Math.fround(Math.round(x * 60) / 60)) : t)),
          rotations: list(4 * frames, 4096),
          translations: keyframeType === 'KR00' ? fc.constant(null) : list(3 * frames, 1024),
          scales: keyframeType === 'KRTS' ? list(3 * frames, 1) : fc.constant(null),
        })
        .map((arrays) => ({ ...rest, keyframeType, compressed, ...arrays }));
    });
}

export function ifpPackages(kind: 'anp' | 'anpk'): fc.Arbitrary<PackageData[]> {
  const animation = fc.record({ name: name(23), bones: fc.array(track(kind), { maxLength: 5 }) });
  return fc.array(fc.record({ name: name(23), animations: fc.array(animation, { maxLength: 4 }) }), { minLength: 1, maxLength: 3 });
}

export const imgEntries = fc.uniqueArray(
  fc.record({ name: fc.stringMatching(/^[a-z0-9_]{1,19}\.ifp$/), data: fc.uint8Array({ maxLength: 5000 }) }),
  { maxLength: 6, selector: (e) => e.name },
);

// Built once: a regex arbitrary is costly to construct, and chain() would build it for every case.
const unknownChunks = fc.uniqueArray(fc.record({ id: fc.stringMatching(/^X[A-Z0-9]{3}$/), data: fc.uint8Array({ maxLength: 9 }) }), {
  maxLength: 2,
  selector: (c) => c.id,
});

export const iffClips: fc.Arbitrary<IFFClip> = fc
  .record({
    boneCount: fc.integer({ min: 0, max: 6 }),
    frameCount: fc.integer({ min: 1, max: 8 }),
    sampleRate: fc.integer({ min: 1, max: 120 }),
    withTran: fc.boolean(),
  })
  .chain(({ boneCount, frameCount, sampleRate, withTran }) => {
    const floats = (n: number) => fc.float32Array({ minLength: n, maxLength: n });
    return fc
      .record({
        parentSeeds: fc.array(fc.nat(), { minLength: boneCount, maxLength: boneCount }),
        inverseBindMatrices: floats(16 * boneCount),
        rotations: floats(4 * boneCount * frameCount),
        rootMotion: withTran ? floats(3 * frameCount) : fc.constant(null),
        unknownChunks,
      })
      .map(({ parentSeeds, rotations, ...rest }) => ({
        ...rest,
        duration: Math.fround((frameCount - 1) / sampleRate),
        sampleRate,
        frameCount,
        // Each parent comes before its child (-1 to i - 1), so there is never a cycle.
        parents: parentSeeds.map((seed, i) => (seed % (i + 1)) - 1),
        tracks: Array.from({ length: boneCount }, (_, b) => ({ rotations: rotations.slice(4 * frameCount * b, 4 * frameCount * (b + 1)) })),
      }));
  });

const ARG = {
  s32: fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
  u32: fc.nat({ max: 2 ** 32 - 1 }),
  f32: fc.float({ noNaN: true }),
  u8: fc.nat({ max: 255 }),
};

/** A script of random instructions ending in STOP; JUMPs land on instruction starts (offset mode). */
export const scriptInstructions = fc
  .array(
    fc.tuple(
      fc.nat({ max: 200 }),
      fc.integer({ min: 0, max: OPCODES.length - 1 }).filter((op) => OPCODES[op]!.name !== 'STOP'),
    ),
    { maxLength: 12 },
  )
  .chain((heads) => {
    const sizes = heads.map(([, op]) => 4 + OPCODES[op]!.size);
    const offsets = sizes.map((_, i) => sizes.slice(0, i).reduce((a, b) => a + b, 0));
    const all = [...offsets, offsets.length ? offsets[offsets.length - 1]! + sizes[sizes.length - 1]! : 0];
    return fc
      .tuple(
        ...heads.map(([time, op]) => {
          const info = OPCODES[op]!;
          const args = info.args.map(([argName, type], i) => {
            if (info.name === 'JUMP') return fc.constantFrom(...all);
            if (i === info.args.length - 1 && argName === 'mode') return fc.nat({ max: 30 });
            if (argName === 'duration') return fc.constantFrom(0, 1, 60, 2 ** 32 - 1);
            return ARG[type];
          });
          return fc.tuple(...args).map((values) => ({ time, opcode: op, args: values }));
        }),
      )
      .map((instructions) => [...instructions, { time: 0, opcode: OPCODES.findIndex((o) => o.name === 'STOP'), args: [] }]);
  });

export const spriteDocs: fc.Arbitrary<SpriteAnimDoc> = fc.record({
  width: fc.nat({ max: 4096 }),
  height: fc.nat({ max: 4096 }),
  texturePath: fc.option(name(40), { nil: null }),
  alphaPath: fc.option(name(40), { nil: null }),
  sprites: fc.uniqueArray(
    fc.record({
      id: fc.integer({ min: -5, max: 50 }),
      x: fc.float({ noNaN: true }),
      y: fc.float({ noNaN: true }),
      width: fc.float({ noNaN: true }),
      height: fc.float({ noNaN: true }),
    }),
    { maxLength: 5, selector: (s) => s.id },
  ),
  scripts: fc.uniqueArray(fc.record({ id: fc.integer({ min: 0, max: 20 }), instructions: scriptInstructions }), {
    minLength: 1,
    maxLength: 4,
    selector: (s) => s.id,
  }),
});

/**
 * A skeleton-only DFF: a clump root frame, then `n` bones in depth-first order whose PUSH/POP flags
 * and frame parents agree, with rotations about random axes and inverse binds (any 16 floats; the
 * reader keeps 12 and sets the padding column).
 */
export const dffDocs = fc
  .record({
    parents: fc.array(fc.nat(), { minLength: 1, maxLength: 40 }),
    angles: fc.array(fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }), { minLength: 40, maxLength: 40 }),
    ids: fc.uniqueArray(fc.integer({ min: 0, max: 500 }), { minLength: 40, maxLength: 40 }),
    names: fc.array(fc.string({ maxLength: 20, unit: fc.constantFrom(...' abcdefghijKLMNOP0123456789_'.split('')) }), {
      minLength: 40,
      maxLength: 40,
    }),
    binds: fc.float32Array({ minLength: 640, maxLength: 640, noNaN: true }),
    layout: fc.constantFrom('plain' as const, 'deaddead' as const),
    withSkin: fc.boolean(),
  })
  .map(({ parents: picks, angles, ids, names, binds, layout, withSkin }): DFFDoc => {
    const count = picks.length;
    // Bone i's parent is one of the bones on the current depth-first path, which keeps the order valid.
    const parents: number[] = [];
    const path: number[] = [];
    for (let i = 0; i < count; i++) {
      if (i === 0) parents.push(-1);
      else {
        const keep = (picks[i]! % path.length) + 1;
        path.length = keep;
        parents.push(path[keep - 1]!);
      }
      path.push(i);
    }
    // Flags from the tree: PUSH when a later sibling follows, POP at a leaf.
    const nodes = parents.map((parent, i) => ({
      id: ids[i]!,
      flags: (parents.includes(i) ? 0 : 1) | (parents.slice(i + 1).includes(parent) ? 2 : 0),
    }));
    const rotation = (angle: number) => [Math.cos(angle), Math.sin(angle), 0, -Math.sin(angle), Math.cos(angle), 0, 0, 0, 1];
    const frames = [
      { name: '', parent: -1, rotation: rotation(0), position: [0, 0, 0] },
      ...parents.map((p, i) => ({
        name: names[i]!,
        parent: p + 1,
        rotation: rotation(angles[i]!),
        position: [i, -i, 0.5],
        hanimId: ids[i]!,
      })),
    ];
    return {
      frames,
      hierarchy: { frame: 1, nodes },
      inverseBindMatrices: withSkin ? binds.subarray(0, 16 * count) : null,
      skinLayout: layout,
    };
  });

const f32s = (n: number) => fc.float32Array({ minLength: n, maxLength: n });
const ticksArb = (max: number) =>
  fc.uniqueArray(fc.integer({ min: 0, max }), { maxLength: 6 }).map((t) => Uint32Array.from(t.sort((a, b) => a - b)));

/**
 * A retail-shaped IGI 2 clip: a breadth-first tree of 1 to 48 bones, rotation keys with tangents
 * (any float bits), root motion on bone 0, up to two attachments with pose and re-parenting keys,
 * triggers, and wrap keys past the duration.
 */
export const igi2Docs: fc.Arbitrary<IGI2ClipDoc> = fc
  .record({
    bones: fc.integer({ min: 1, max: 48 }),
    picks: fc.array(fc.nat(), { minLength: 48, maxLength: 48 }),
    duration: fc.integer({ min: 0, max: 20000 }),
    looping: fc.boolean(),
    name: fc.string({ maxLength: 30, unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz_0123456789'.split('')) }),
    attachments: fc.integer({ min: 0, max: 2 }),
    seed: fc.array(fc.tuple(ticksArb(20000), ticksArb(20000)), { minLength: 48, maxLength: 48 }),
    floats: f32s(48 * 6 * 12),
    triggers: fc.array(
      fc.tuple(fc.integer({ min: 0, max: 20000 }), fc.integer({ min: -1, max: 47 }), fc.integer({ min: 0, max: 0xffff })),
      { maxLength: 3 },
    ),
  })
  .map(({ bones, picks, duration, looping, name, attachments, seed, floats, triggers }): IGI2ClipDoc => {
    // Breadth-first: bone i's parent is an earlier bone whose children are still being listed.
    const parents = [-1];
    let front = 0;
    for (let i = 1; i < bones; i++) {
      front = Math.min(i - 1, front + (picks[i]! % 2));
      parents.push(front);
    }
    let f = 0;
    const take = (n: number) => floats.slice(f, (f += n));
    const split = (ticks: Uint32Array) => [ticks.filter((t) => t <= duration), ticks.filter((t) => t > duration)] as const;
    const track = (ticks: Uint32Array, positionTicks: Uint32Array | null) => ({
      rotationTicks: ticks,
      rotations: take(4 * ticks.length),
      inTangents: take(4 * ticks.length),
      outTangents: take(4 * ticks.length),
      positionTicks,
      positions: positionTicks ? take(3 * positionTicks.length) : null,
    });
    const [main, wrap] = [0, 1].map((part) =>
      Array.from({ length: bones }, (_, bone) => {
        const [rot, pos] = seed[bone]!;
        return track(Uint32Array.from(split(rot)[part]!), bone === 0 ? Uint32Array.from(split(pos)[part]!) : null);
      }),
    );
    const key = (ticks: number, k: number) =>
      k % 2
        ? { ticks, time: ticks / 4800, position: take(3), rotation: null, bone: (k % 3) - 1, matrix: take(9) }
        : { ticks, time: ticks / 4800, position: take(3), rotation: take(4), bone: null, matrix: null };
    return {
      name,
      looping,
      durationTicks: duration,
      skeleton: { parents, restTranslations: take(3 * bones) },
      tracks: main!,
      attachments: Array.from({ length: attachments }, (_, a) => ({
        name: `att${a}`,
        position: take(3),
        orientation: take(4),
        rotation2: take(4),
        unknown: 0.25,
        bone: a - 1,
        keys: Array.from(split(seed[a]![0])[0]!, key),
      })),
      triggers: triggers
        .filter(([t]) => t <= duration)
        .sort((a, b) => a[0] - b[0])
        .map(([ticks, bone, event]) => ({ ticks, time: ticks / 4800, bone, event, position: take(3) })),
      wrapKeys: { tracks: wrap!, attachmentKeys: Array.from({ length: attachments }, () => []), triggers: [] },
    };
  });

/** Where a mutation should aim: the format's count, size and offset fields. */
export interface Field {
  at: number;
  bigEndian?: boolean;
}

export type Mutation = (bytes: Uint8Array) => Uint8Array;

/**
 * The mutations of issue 7: bit flips, byte overwrites, truncations, counts and sizes inflated to
 * huge values, offsets pointed at the header or past the end, and sizes nudged so chunks overlap.
 */
export function mutations(fields: Field[]): fc.Arbitrary<Mutation> {
  const position = fc.nat();
  const field = fields.length ? fc.constantFrom(...fields) : fc.constant<Field>({ at: 0 });
  const write = (bytes: Uint8Array, { at, bigEndian }: Field, value: number) => {
    const out = bytes.slice();
    if (at + 4 <= out.length) new DataView(out.buffer).setUint32(at, value >>> 0, !bigEndian);
    return out;
  };
  const read = (bytes: Uint8Array, { at, bigEndian }: Field) =>
    at + 4 <= bytes.length ? new DataView(bytes.buffer, bytes.byteOffset).getUint32(at, !bigEndian) : 0;
  return fc.oneof(
    fc.tuple(position, fc.nat({ max: 7 })).map(
      ([p, bit]): Mutation =>
        (b) => {
          const out = b.slice();
          if (out.length) out[p % out.length]! ^= 1 << bit;
          return out;
        },
    ),
    fc.tuple(position, fc.nat({ max: 255 })).map(
      ([p, value]): Mutation =>
        (b) => {
          const out = b.slice();
          if (out.length) out[p % out.length] = value;
          return out;
        },
    ),
    position.map(
      (p): Mutation =>
        (b) =>
          b.slice(0, p % (b.length + 1)),
    ),
    fc.tuple(field, fc.constantFrom(0xffffffff, 0x7fffffff, 0x80000000, 0x10000000, 0xffff, 1e9)).map(
      ([f, v]): Mutation =>
        (b) =>
          write(b, f, v),
    ),
    fc.tuple(field, fc.integer({ min: -8, max: 16 }), fc.boolean()).map(
      ([f, delta, pastEnd]): Mutation =>
        (b) =>
          write(b, f, pastEnd ? b.length + delta : Math.max(0, delta)),
    ),
    fc.tuple(field, fc.integer({ min: -9, max: 9 })).map(
      ([f, delta]): Mutation =>
        (b) =>
          write(b, f, read(b, f) + delta),
    ),
  );
}

export function applyAll(bytes: Uint8Array, list: Mutation[]): Uint8Array {
  return list.reduce((b, mutate) => mutate(b), bytes);
}

/** One of `files`, with one to three mutations of the fields `fieldsOf` finds in it. */
export function mutatedFiles(files: readonly Uint8Array[], fieldsOf: (bytes: Uint8Array) => Field[]): fc.Arbitrary<Uint8Array> {
  return fc
    .constantFrom(...files)
    .chain((bytes) => fc.array(mutations(fieldsOf(bytes)), { minLength: 1, maxLength: 3 }).map((list) => applyAll(bytes, list)));
}
