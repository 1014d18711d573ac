// Round four: importGltf's work is bounded by its input. Every sample it makes (keys read, frames
// resampled, bones posed) is charged to one budget sized by the file before it is made; the tests
// count that work (`work.samples`) or see a typed refusal, never a clock.
import { describe, expect, it } from 'vitest';
import { DecodeError } from '../../src/index.js';
import { importGltf } from '../../src/gltf/index.js';
import { IMPORT_BASE_SAMPLES, IMPORT_SAMPLES_PER_BYTE } from '../../src/gltf/import.js';
import { threeBoneSkeleton as skeleton } from '../helpers/gltf.js';
import { editGlbJson, hostileGlb } from '../helpers/hostile-glb.js';

const limitFor = (glb: Uint8Array) => IMPORT_BASE_SAMPLES + IMPORT_SAMPLES_PER_BYTE * glb.length;
const keysOf = (result: Awaited<ReturnType<typeof importGltf>>) =>
  result.packages.flatMap((p) => p.animations.flatMap((a) => a.bones.map((t) => t.times.length))).reduce((a, b) => a + b, 0);

async function refusal(glb: Uint8Array): Promise<DecodeError> {
  const error = await importGltf(glb, { skeleton }).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DecodeError);
  return error as DecodeError;
}

describe('importGltf: one work budget, counted in samples made', () => {
  it('a STEP sampler whose keys run backwards gives no budget back to the samplers after it', async () => {
    // Before, the backwards span (-6 M frames) was added to the budget, funding a 150,000-frame resample.
    const glb = await hostileGlb({
      samplers: [
        { bone: 0, times: [100_000, 0], interpolation: 'STEP' },
        { bone: 1, times: [0, 2500], interpolation: 'STEP' },
      ],
    });
    expect(glb.length).toBeLessThan(1100);
    const error = await refusal(glb);
    expect([error.format, error.code]).toEqual(['GLTF', 'work-exceeds-input']);
    expect(error.message).toMatch(/^GLTF: animation "clip0", bone "Pelvis": .*more than the \d+ this input's size allows \(refused\)/);
    // Alone, the backwards sampler is its two keys: a handful of samples, not a credit.
    const alone = await importGltf(await hostileGlb({ samplers: [{ bone: 0, times: [100_000, 0], interpolation: 'STEP' }] }), { skeleton });
    expect(alone.work.samples).toBeGreaterThan(0);
    expect(alone.work.samples).toBeLessThan(1000);
  });

  it('counts the poses made, not the frames asked for: 90,000 frames of a 3-bone skeleton are refused before the first pose', async () => {
    // Within the old budget of 100,000 frames, yet 90,000 poses of the whole skeleton.
    const glb = await hostileGlb({ samplers: [{ bone: 0, times: [0, 1500], interpolation: 'STEP' }] });
    expect((await refusal(glb)).code).toBe('work-exceeds-input');
    // A minute at 60 Hz is within it: every pose and lookup counted, and the keys written are fewer still.
    const minute = await hostileGlb({ samplers: [{ bone: 0, times: [0, 60], interpolation: 'STEP' }] });
    const result = await importGltf(minute, { skeleton });
    expect(result.work.limit).toBe(limitFor(minute));
    expect(result.work.samples).toBeGreaterThan(3601 * 3 * 25);
    expect(result.work.samples).toBeLessThanOrEqual(result.work.limit);
    expect(keysOf(result)).toBeLessThanOrEqual(result.work.samples);
  });

  it('LINEAR keys count too: one accessor of 2,000 keys shared by 40 animations is refused, one animation of it is not', async () => {
    const times = Array.from({ length: 2000 }, (_, k) => k / 60);
    const shared = await hostileGlb({ samplers: [{ bone: 0, times }], animations: 40 });
    expect((await refusal(shared)).code).toBe('work-exceeds-input');
    const once = await hostileGlb({ samplers: [{ bone: 0, times }] });
    const result = await importGltf(once, { skeleton });
    expect(result.work.samples).toBeLessThanOrEqual(limitFor(once));
    expect(keysOf(result)).toBeLessThanOrEqual(2000);
  });
});

describe('importGltf: the node hierarchy', () => {
  it('children links that form a cycle are a typed error, not an endless walk', async () => {
    const glb = editGlbJson(await hostileGlb({ samplers: [{ bone: 2, times: [0, 1] }] }), (json) => {
      // Root > Pelvis > R Hand > Root, and no scene root to break the loop.
      const hand = json.nodes.findIndex((n) => n.name === 'R Hand');
      json.nodes[hand]!.children = [json.nodes.findIndex((n) => n.name === 'Root')];
      (json as { scenes?: unknown }).scenes = [{ nodes: [] }];
    });
    const error = await refusal(glb);
    expect([error.format, error.code]).toEqual(['GLTF', 'hierarchy-cycle']);
    expect(error.message).toMatch(/is its own ancestor/);
  });

  it('a chain 60,000 nodes deep above the root imports (no recursion), its walk counted once', async () => {
    const glb = await hostileGlb({ samplers: [{ bone: 0, times: [0, 0.5] }], depth: 60_000 });
    const result = await importGltf(glb, { skeleton });
    // Its keys hold the root at rest: read through the whole chain, and a track (it was a channel).
    expect(result.packages[0]!.animations[0]!.bones.map((b) => b.boneName)).toEqual(['Root']);
    // The walk up (once) and two poses through the chain: linear in the nodes, not their square.
    expect(result.work.samples).toBeGreaterThan(60_000);
    expect(result.work.samples).toBeLessThan(4 * 60_000);
  });
});
