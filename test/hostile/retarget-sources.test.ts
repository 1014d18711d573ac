// Round five (issue #44, docs/robustness.md): every retarget source is read under the glTF import's
// work budget, charged before the work, and three.js's loaders are handed only what that budget and
// the file's size justify. Each test failed before its fix: by running minutes, by a RangeError stack,
// or by inflating hundreds of MB.
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readSourceRig, RetargetError } from '../../src/retarget/index.js';
import { keptKeys, MAX_DROPPED_RUN } from '../../src/retarget/keys.js';
import { SOURCE_BASE_SAMPLES, SOURCE_SAMPLES_PER_BYTE } from '../../src/retarget/sources/source-budget.js';
import { checkFbxArrays, FBX_INFLATE_RATIO } from '../../src/retarget/sources/fbx-arrays.js';
import { counted } from '../helpers/work-count.js';
import { editGlbJson, hostileGlb } from '../helpers/hostile-glb.js';

/** A two-joint BVH: `frames` lines of 9 numbers (root position and rotation, one joint's rotation). */
function bvh(frames: number, frameTime: string, claimed = String(frames)): Uint8Array {
  const lines = [
    'HIERARCHY',
    'ROOT Hips',
    '{',
    '  OFFSET 0 0 0',
    '  CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation',
    '  JOINT Spine',
    '  {',
    '    OFFSET 0 10 0',
    '    CHANNELS 3 Zrotation Xrotation Yrotation',
    '    End Site',
    '    {',
    '      OFFSET 0 10 0',
    '    }',
    '  }',
    '}',
    'MOTION',
    `Frames: ${claimed}`,
    `Frame Time: ${frameTime}`,
    ...Array.from({ length: frames }, (_, i) => `0 90 0 ${i % 7} 0 0 0 ${i % 5} 0`),
  ];
  return new TextEncoder().encode(`${lines.join('\n')}\n`);
}

async function refusal(bytes: Uint8Array): Promise<RetargetError> {
  const error = await readSourceRig(bytes, 'take').then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(RetargetError);
  expect((error as RetargetError).code).toBe('bad-source');
  return error as RetargetError;
}

const limitFor = (bytes: number) => SOURCE_BASE_SAMPLES + SOURCE_SAMPLES_PER_BYTE * bytes;

describe('BVH: the frames and their span bounded before the loader and the sampling', () => {
  it('two frames 10,000 s apart: refused by the budget, naming the clip and the ticks', async () => {
    const source = bvh(2, '10000');
    const error = await refusal(source);
    // Charged: 18 numbers read, 4 keys (a position and a rotation track on the root, a rotation on Spine: 2 each, 6 keys), then the ticks.
    expect(error.message).toMatch(
      new RegExp(
        `^BVH: clip "take": 10000 s sampled at 60 Hz \\(600001 ticks\\) on 3 joints: needs 1800003 more samples after \\d+, more than the ${limitFor(source.length)} this input's size allows \\(refused\\) \\(at byte 0\\)$`,
      ),
    );
  });

  it('a frame time of 1e9 s: a typed refusal, not a RangeError', async () => {
    const error = await refusal(bvh(2, '1e9'));
    expect(error.message).toMatch(
      /^BVH: clip "take": 1000000000 s sampled at 60 Hz \(60000000001 ticks\) on 3 joints: needs .* \(refused\)/,
    );
  });

  for (const frameTime of ['0', '-0.1', 'NaN', 'Infinity', 'abc']) {
    it(`Frame Time: ${frameTime} is refused before the loader`, async () => {
      const error = await refusal(bvh(2, frameTime));
      expect(error.message).toMatch(new RegExp(`^BVH: Frame Time: ${frameTime} is not a number of seconds above 0 \\(at byte \\d+\\)$`));
    });
  }

  it('Frames: 25,000,000 over two lines: refused before the loader loops over them', async () => {
    const error = await refusal(bvh(2, '0.0333', '25000000'));
    expect(error.message).toMatch(/^BVH: Frames: 25000000 of 9 channels needs 225000000 numbers; \d+ characters follow/);
  });

  it('a take of 2 minutes at 30 Hz is read, and its reduction is linear in its ticks', async () => {
    const rig = await readSourceRig(bvh(3_600, '0.0333333'), 'take');
    expect(rig.clips[0]!.channels[0]!.times.length).toBe(3_600);
  });
});

describe('retarget key reduction: linear in the ticks', () => {
  const still = (ticks: number) => {
    const times = Float32Array.from({ length: ticks }, (_, k) => k / 60);
    const rotations = new Float32Array(4 * ticks);
    for (let k = 0; k < ticks; k++) rotations[4 * k + 3] = 1;
    return { times, rotations };
  };
  it('a still bone over 1,800 and 7,200 ticks: at most MAX_DROPPED_RUN checks a tick, four times the ticks four times the checks', () => {
    const checks = (ticks: number) => {
      const { times, rotations } = still(ticks);
      let kept: number[] = [];
      const count = counted('retargetKeyChecks', () => (kept = keptKeys(times, rotations, null, { degrees: 0.05, metres: 1e-4 })));
      // A key every MAX_DROPPED_RUN ticks, and the last.
      expect(kept.length).toBe(
        Math.ceil((ticks - 2) / MAX_DROPPED_RUN) + 1 + (ticks - 2 > 0 && (ticks - 2) % MAX_DROPPED_RUN === 0 ? 1 : 0),
      );
      expect(count).toBeLessThanOrEqual(MAX_DROPPED_RUN * ticks);
      return count;
    };
    const small = checks(1_800);
    const large = checks(7_200);
    // Before: 1,619,100 and 25,916,400 checks (n^2 / 2), sixteen times the work for four times the ticks.
    expect(large / small).toBeGreaterThan(3.9);
    expect(large / small).toBeLessThan(4.1);
  });
});

/** A binary FBX 7400 of one top-level record holding one float64 array: `elements` declared, `deflated` its stored bytes. */
function fbxWithArray(elements: number, deflated: Uint8Array): Uint8Array {
  const name = new TextEncoder().encode('Vertices');
  const property = new Uint8Array(1 + 12 + deflated.length);
  property[0] = 'd'.charCodeAt(0);
  const view = new DataView(property.buffer);
  view.setUint32(1, elements, true);
  view.setUint32(5, 1, true);
  view.setUint32(9, deflated.length, true);
  property.set(deflated, 13);
  const header = new Uint8Array(27);
  header.set(new TextEncoder().encode('Kaydara FBX Binary  \0'), 0);
  header[21] = 0x1a;
  new DataView(header.buffer).setUint32(23, 7400, true);
  const recordStart = 27;
  const record = new Uint8Array(13 + name.length + property.length);
  const rv = new DataView(record.buffer);
  rv.setUint32(0, recordStart + record.length, true);
  rv.setUint32(4, 1, true);
  rv.setUint32(8, property.length, true);
  record[12] = name.length;
  record.set(name, 13);
  record.set(property, 13 + name.length);
  const out = new Uint8Array(27 + record.length + 13 + 16);
  out.set(header, 0);
  out.set(record, 27);
  return out;
}

describe('FBX: what the loader inflates is bounded before it runs', () => {
  it('a deflate bomb declared as its true size: refused by the declared total, nothing inflated', () => {
    const inflated = 64 << 20;
    const bomb = deflateSync(new Uint8Array(inflated), { level: 9 });
    const fbx = fbxWithArray(inflated / 8, bomb);
    expect(() => checkFbxArrays(fbx)).toThrow(
      `FBX: the arrays declare ${inflated} bytes inflated, more than ${FBX_INFLATE_RATIO} times the file's ${fbx.length} bytes (refused) (at byte ${27 + 13 + 8 + 1})`,
    );
  });

  it('a bomb that declares 8 bytes: refused as soon as it inflates past them, in small steps', () => {
    const bomb = deflateSync(new Uint8Array(64 << 20), { level: 9 });
    const fbx = fbxWithArray(1, bomb);
    const before = process.memoryUsage().arrayBuffers;
    expect(() => checkFbxArrays(fbx)).toThrow('FBX: an array declared as 8 bytes inflates past that (refused)');
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(16 << 20);
  });

  it('through readSourceRig: the loader never sees the bomb', async () => {
    const bomb = deflateSync(new Uint8Array(32 << 20), { level: 9 });
    const error = await refusal(fbxWithArray(1, bomb));
    expect(error.message).toMatch(/^FBX: an array declared as 8 bytes inflates past that \(refused\)/);
  });

  it('an array that inflates to what it declares is counted', () => {
    const data = new Float64Array([1, 2, 3, 4]);
    const fbx = fbxWithArray(4, deflateSync(new Uint8Array(data.buffer)));
    expect(checkFbxArrays(fbx)).toEqual({ inflatedBytes: 32, arrays: 1 });
  });
});

describe('glTF as a retarget source', () => {
  it('a GLB claiming 25 M keys without data is refused before glTF-Transform allocates them', async () => {
    const glb = editGlbJson(await hostileGlb({ samplers: [{ bone: 0, times: [0, 1], interpolation: 'LINEAR' }] }), (json) => {
      const accessor = (json as unknown as { accessors: Array<Record<string, unknown>> }).accessors[0]!;
      delete accessor.bufferView;
      delete accessor.byteOffset;
      accessor.count = 25_000_000;
    });
    const error = await refusal(glb);
    expect(error.message).toMatch(/^GLTF: accessor 0 would allocate 25000000 elements/);
  });

  it('the span of its keys is charged: keys 1e6 s apart are refused before sampling', async () => {
    const glb = await hostileGlb({ samplers: [{ bone: 0, times: [0, 1_000_000], interpolation: 'LINEAR' }] });
    const error = await refusal(glb);
    expect(error.message).toMatch(
      /^GLTF: clip "clip0": 1000000 s sampled at 60 Hz \(60000001 ticks\) on \d+ joints: needs \d+ more samples/,
    );
  });
});
