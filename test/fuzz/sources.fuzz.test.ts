// Rounds five and six (issue #44): the parsers added since, under fuzzing. BVH, FBX and glTF as
// retarget sources (read or a RetargetError, within the source budget and a memory bound, the loaders
// given only what passed the checks) and DFF frame trees (random parent links: loops, self links,
// deep chains, wide fans; read, skeletons built and bound, or a DecodeError).
// `FUZZ_RUNS=5000 npx vitest run test/fuzz/sources.fuzz.test.ts` runs them longer.
import { deflateSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { bindClip, DFFReader, writeDFF } from '../../src/index.js';
import { readSourceRig, RetargetError } from '../../src/retarget/index.js';
import { animationOf, aboutZ } from '../playback/helpers.js';
import { hostileGlb } from '../helpers/hostile-glb.js';
import { fuzzOptions, survives } from './harness.js';
import { arm, disarm } from './watchdog.mjs';

const memory = () => process.memoryUsage().external + process.memoryUsage().heapUsed;

/** readSourceRig on hostile bytes: a rig or a RetargetError, under the hang watchdog and within 16 bytes per input byte plus 96 MB. */
async function sourceSurvives(format: string, bytes: Uint8Array): Promise<void> {
  const before = memory();
  arm(format, bytes, 60_000 + bytes.length / 100);
  let outcome: unknown;
  try {
    outcome = await readSourceRig(bytes, 'take');
  } catch (error) {
    outcome = error;
  } finally {
    disarm();
  }
  if (!(outcome instanceof RetargetError)) {
    const rig = outcome as Awaited<ReturnType<typeof readSourceRig>>;
    expect(Array.isArray(rig?.names), `${format}: ${String(outcome)}`).toBe(true);
    expect(rig.parents.length).toBe(rig.names.length);
  }
  expect(memory() - before).toBeLessThan(16 * bytes.length + (96 << 20));
}

/** Character edits: overwrite, delete a span, or cut the text. */
const textEdits = fc.array(
  fc.tuple(
    fc.constantFrom('set', 'cut', 'drop'),
    fc.nat(),
    fc.nat(20),
    fc.constantFrom('0', '9', '-', ' ', '\n', '{', '}', 'e', '1e9', 'NaN', 'CHANNELS 6', 'JOINT', 'MOTION'),
  ),
  { maxLength: 4 },
);
function editText(text: string, edits: ReadonlyArray<readonly [string, number, number, string]>): string {
  let out = text;
  for (const [kind, at, length, insert] of edits) {
    const i = out.length ? at % out.length : 0;
    if (kind === 'set') out = out.slice(0, i) + insert + out.slice(i + 1);
    else if (kind === 'drop') out = out.slice(0, i) + out.slice(i + length);
    else out = out.slice(0, i);
  }
  return out;
}

interface BvhJoint {
  channels: 0 | 3 | 6;
  children: BvhJoint[];
}
const bvhJointOf = (depth: number): fc.Arbitrary<BvhJoint> =>
  fc.record({
    channels: fc.constantFrom<0 | 3 | 6>(0, 3, 6),
    children: depth > 0 ? fc.array(bvhJointOf(depth - 1), { maxLength: 2 }) : fc.constant([]),
  });
const bvhJoint = bvhJointOf(4);

function bvhText(root: BvhJoint, frames: number, frameTime: string, claimed: string): string {
  const lines = ['HIERARCHY'];
  let channels = 0;
  let n = 0;
  const write = (joint: BvhJoint, depth: number, kind: string) => {
    const pad = '  '.repeat(depth);
    lines.push(`${pad}${kind} j${n++}`, `${pad}{`, `${pad}  OFFSET 0 ${depth} 0`);
    const names =
      joint.channels === 6
        ? 'Xposition Yposition Zposition Zrotation Xrotation Yrotation'
        : joint.channels === 3
          ? 'Zrotation Xrotation Yrotation'
          : '';
    lines.push(`${pad}  CHANNELS ${joint.channels} ${names}`.trimEnd());
    channels += joint.channels;
    if (joint.children.length) for (const child of joint.children) write(child, depth + 1, 'JOINT');
    else lines.push(`${pad}  End Site`, `${pad}  {`, `${pad}    OFFSET 0 1 0`, `${pad}  }`);
    lines.push(`${pad}}`);
  };
  write(root, 0, 'ROOT');
  lines.push('MOTION', `Frames: ${claimed}`, `Frame Time: ${frameTime}`);
  for (let f = 0; f < frames; f++) lines.push(Array.from({ length: channels }, (_, c) => ((f * 7 + c * 3) % 90) - 45).join(' '));
  return `${lines.join('\n')}\n`;
}

/** A binary FBX 7400 (32-bit record headers) of the records given, each its name, properties and children. */
interface FbxRecord {
  name: string;
  properties: Array<
    { type: 'I' | 'D' | 'S'; value: number | string } | { type: 'd' | 'i'; values: number[]; compressed: boolean; declared: number }
  >;
  children: FbxRecord[];
}
const fbxRecordOf = (depth: number): fc.Arbitrary<FbxRecord> =>
  fc.record({
    name: fc.constantFrom(
      'Objects',
      'Model',
      'Geometry',
      'Vertices',
      'AnimationCurve',
      'KeyTime',
      'KeyValueFloat',
      'Connections',
      'C',
      'Properties70',
      'P',
    ),
    properties: fc.array(
      fc.oneof(
        fc.record({ type: fc.constantFrom<'I' | 'D' | 'S'>('I', 'D'), value: fc.oneof(fc.integer(), fc.constantFrom(0, -1, 1e9)) }),
        fc.record({ type: fc.constant<'S'>('S'), value: fc.constantFrom('Model::Hips', 'LimbNode', 'Lcl Rotation', 'OO', '') }),
        fc.record({
          type: fc.constantFrom<'d' | 'i'>('d', 'i'),
          values: fc.array(fc.integer({ min: -1000, max: 1000 }), { maxLength: 16 }),
          compressed: fc.boolean(),
          declared: fc.oneof(fc.constant(-1), fc.nat(64), fc.constantFrom(1 << 20, 0x7fffffff)),
        }),
      ),
      { maxLength: 4 },
    ),
    children: depth > 0 ? fc.array(fbxRecordOf(depth - 1), { maxLength: 3 }) : fc.constant([]),
  });
const fbxRecord = fbxRecordOf(3);

function fbxBytes(records: FbxRecord[]): Uint8Array {
  const chunks: number[] = [];
  const u32 = (value: number) => chunks.push(value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff, (value >>> 24) & 0xff);
  const bytes = (data: ArrayLike<number>) => {
    for (let i = 0; i < data.length; i++) chunks.push(data[i]!);
  };
  bytes(new TextEncoder().encode('Kaydara FBX Binary  \0'));
  chunks.push(0x1a, 0);
  u32(7400);
  const write = (record: FbxRecord) => {
    const start = chunks.length;
    u32(0);
    u32(record.properties.length);
    u32(0);
    chunks.push(record.name.length);
    bytes(new TextEncoder().encode(record.name));
    const propertiesAt = chunks.length;
    for (const property of record.properties) {
      chunks.push(property.type.charCodeAt(0));
      if (property.type === 'I') u32(property.value as number);
      else if (property.type === 'D') bytes(new Uint8Array(Float64Array.of(property.value as number).buffer));
      else if (property.type === 'S') {
        const text = new TextEncoder().encode(property.value as string);
        u32(text.length);
        bytes(text);
      } else if ('values' in property) {
        const raw =
          property.type === 'd'
            ? new Uint8Array(Float64Array.from(property.values).buffer)
            : new Uint8Array(Int32Array.from(property.values).buffer);
        const stored = property.compressed ? deflateSync(raw) : raw;
        u32(property.declared < 0 ? property.values.length : property.declared);
        u32(property.compressed ? 1 : 0);
        u32(stored.length);
        bytes(stored);
      }
    }
    const propertyBytes = chunks.length - propertiesAt;
    for (const child of record.children) write(child);
    if (record.children.length) for (let i = 0; i < 13; i++) chunks.push(0);
    const end = chunks.length;
    const set = (at: number, value: number) => {
      chunks[at] = value & 0xff;
      chunks[at + 1] = (value >>> 8) & 0xff;
      chunks[at + 2] = (value >>> 16) & 0xff;
      chunks[at + 3] = (value >>> 24) & 0xff;
    };
    set(start, end);
    set(start + 8, propertyBytes);
  };
  for (const record of records) write(record);
  for (let i = 0; i < 13 + 16; i++) chunks.push(0);
  return Uint8Array.from(chunks);
}

const byteEdits = fc.array(fc.tuple(fc.nat(), fc.nat(255)), { maxLength: 4 });
const applyEdits = (bytes: Uint8Array, edits: ReadonlyArray<readonly [number, number]>) => {
  const out = bytes.slice();
  for (const [at, value] of edits) if (out.length) out[at % out.length] = value;
  return out;
};

describe('retarget sources under fuzzing', () => {
  it('BVH: generated hierarchies and MOTION headers (hostile frame times and counts), then edited: a rig or a RetargetError (seeded fuzz)', async () => {
    const cases = fc.record({
      root: bvhJoint,
      frames: fc.nat(40),
      frameTime: fc.constantFrom('0.0333333', '0.008333', '1', '1000', '1e9', '0', '-1', 'NaN', 'Infinity', '1e-300', 'abc', ''),
      claim: fc.constantFrom('same', 'more', 'huge', 'negative', 'text'),
      edits: textEdits,
    });
    // BVHLoader reports a broken hierarchy on the console and reads on; what it then does is what is checked.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    await fc.assert(
      fc.asyncProperty(cases, async ({ root, frames, frameTime, claim, edits }) => {
        const claimed =
          claim === 'same'
            ? String(frames)
            : claim === 'more'
              ? String(frames + 5)
              : claim === 'huge'
                ? '25000000'
                : claim === 'negative'
                  ? '-3'
                  : 'many';
        await sourceSurvives('BVH', new TextEncoder().encode(editText(bvhText(root, frames, frameTime, claimed), edits)));
      }),
      fuzzOptions(200),
    );
    quiet.mockRestore();
  }, 600_000);

  it('FBX: generated binary record trees (arrays compressed or not, declared lengths true or lying), then edited: a rig or a RetargetError (seeded fuzz)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fbxRecord, { minLength: 1, maxLength: 3 }), byteEdits, async (records, edits) => {
        await sourceSurvives('FBX', applyEdits(fbxBytes(records), edits));
      }),
      fuzzOptions(200),
    );
  }, 600_000);

  it('glTF as a retarget source: generated samplers (hostile times), then bytes edited: a rig or a RetargetError (seeded fuzz)', async () => {
    const time = fc.oneof(fc.float({ min: -10, max: 100, noNaN: true }), fc.constantFrom(0, NaN, Infinity, -Infinity, 1e6, 1e30, -1e30));
    const sampler = fc.record({
      bone: fc.integer({ min: 0, max: 2 }),
      times: fc.array(time, { minLength: 1, maxLength: 6 }),
      interpolation: fc.constantFrom('LINEAR', 'STEP', 'CUBICSPLINE') as fc.Arbitrary<'LINEAR' | 'STEP' | 'CUBICSPLINE'>,
    });
    const spec = fc.record({
      samplers: fc.array(sampler, { minLength: 1, maxLength: 4 }),
      animations: fc.integer({ min: 1, max: 3 }),
      depth: fc.integer({ min: 0, max: 4 }),
    });
    await fc.assert(
      fc.asyncProperty(spec, byteEdits, async (glbSpec, edits) => {
        const glb = await hostileGlb(glbSpec);
        await sourceSurvives(
          'GLTF',
          edits.length
            ? applyEdits(
                glb,
                edits.map(([at, value]) => [20 + (at % Math.max(1, glb.length - 20)), value] as const),
              )
            : glb,
        );
      }),
      fuzzOptions(200),
    );
  }, 600_000);
});

describe('DFF frame trees under fuzzing', () => {
  const IDENTITY = [1, 0, 0, 0, 1, 0, 0, 0, 1];
  const names = ['Swaist', 'Smid', 'Storso', 'Shead', 'b0', 'b1'];
  const clip = animationOf([
    { boneName: 'Swaist', boneId: -1, times: [0, 1], rotations: [...aboutZ(0), ...aboutZ(90)] },
    { boneName: 'Shead', boneId: -1, times: [0, 1], rotations: [...aboutZ(0), ...aboutZ(30)], translations: [0, 0, 0, 0, 1, 0] },
  ]);
  it('random parent links (loops, self links, chains, fans, repeated names): read, skeletons built and bound, or a DecodeError (seeded fuzz)', () => {
    const shape = fc.oneof(
      fc
        .array(fc.integer({ min: -1, max: 40 }), { minLength: 1, maxLength: 40 })
        .map((links) => links.map((parent) => Math.min(parent, links.length - 1))),
      fc.integer({ min: 1, max: 3000 }).map((n) => Array.from({ length: n }, (_, i) => i - 1)),
      fc.integer({ min: 2, max: 3000 }).map((n) => Array.from({ length: n }, (_, i) => (i === 0 ? -1 : i === 1 ? 0 : 1))),
      fc.integer({ min: 1, max: 3000 }).map((n) => Array.from({ length: n }, (_, i) => (i + 1) % n)),
    );
    fc.assert(
      fc.property(shape, fc.boolean(), (parents, hanim) => {
        const frames = parents.map((parent, i) => ({
          name: names[i % names.length]!,
          parent,
          rotation: IDENTITY,
          position: [0, i % 3, 0],
          ...(hanim && i > 0 ? { hanimId: i } : {}),
        }));
        const nodes =
          hanim && frames.length > 1 ? frames.slice(1).map((_, i) => ({ id: i + 1, flags: i === frames.length - 2 ? 1 : 0 })) : undefined;
        const bytes = writeDFF({ frames, ...(nodes ? { hierarchy: { frame: 1, nodes } } : {}) });
        survives('DFF', bytes, (input) => {
          const reader = new DFFReader(input);
          const frameSkeleton = reader.frameSkeleton();
          for (const skeleton of [reader.skeleton, frameSkeleton]) {
            if (!skeleton) continue;
            for (let bone = 0; bone < skeleton.boneCount; bone++)
              if (!(skeleton.parents[bone]! < bone)) throw new Error(`bone ${bone}'s parent ${skeleton.parents[bone]} does not come first`);
            const bound = bindClip(clip, skeleton);
            if (bound.restBones.length + (skeleton.boneCount - bound.restBones.length) !== skeleton.boneCount)
              throw new Error('bound bones do not add up');
          }
        });
      }),
      fuzzOptions(300),
    );
  }, 600_000);
});
