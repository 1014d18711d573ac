// Round six (issue #44, docs/robustness.md): 400,000 nodes in a 7.5 MB .gltf took 20.7 s and 988 MB,
// nearly all of it glTF-Transform building a node object per entry (our hierarchy walk: 65 ms). The
// counts are checked on the JSON before glTF-Transform builds anything.
import { describe, expect, it } from 'vitest';
import { importGltf } from '../../src/gltf/index.js';
import { GLTF_BYTES_PER_OBJECT, GLTF_OBJECTS_BASE, MAX_GLTF_NODES, checkGltfObjectCounts } from '../../src/gltf/property-bounds.js';
import { readSourceRig } from '../../src/retarget/index.js';
import { threeBoneSkeleton as skeleton } from '../helpers/gltf.js';

/** A .gltf of `count` nodes, each a child of the first (a chain when `chain`). */
function manyNodes(count: number, chain = false): Uint8Array {
  const nodes = Array.from({ length: count }, (_, i) => ({ name: `n${i}`, ...(chain && i < count - 1 ? { children: [i + 1] } : {}) }));
  if (!chain) Object.assign(nodes[0]!, { children: Array.from({ length: count - 1 }, (_, i) => i + 1) });
  return new TextEncoder().encode(JSON.stringify({ asset: { version: '2.0' }, scene: 0, scenes: [{ nodes: [0] }], nodes }));
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as Error,
  );

describe('glTF: nodes and objects bounded before glTF-Transform reads them', () => {
  it(`${MAX_GLTF_NODES + 1} nodes: import refuses them in one line`, async () => {
    const error = await failure(importGltf(manyNodes(MAX_GLTF_NODES + 1), { skeleton }));
    expect(error?.message).toMatch(
      new RegExp(`the glTF has ${MAX_GLTF_NODES + 1} nodes; gameanim reads at most ${MAX_GLTF_NODES} \\(refused\\)`),
    );
  });

  it('a chain of 20,000 nodes as a retarget source: walked without recursion', async () => {
    // Before: "Maximum call stack size exceeded" from the depth-first visit.
    const rig = await readSourceRig(manyNodes(20_000, true));
    expect(rig.parents[19_999]).toBe(19_998);
  });

  it('as a retarget source: the same refusal', async () => {
    const error = await failure(readSourceRig(manyNodes(MAX_GLTF_NODES + 1)));
    expect(error?.message).toMatch(
      new RegExp(`the glTF has ${MAX_GLTF_NODES + 1} nodes; gameanim reads at most ${MAX_GLTF_NODES} \\(refused\\)`),
    );
  });

  it('objects of every kind: one per 16 input bytes past the allowance', () => {
    const json = { accessors: Array.from({ length: GLTF_OBJECTS_BASE + 100 }, () => ({})) };
    expect(() => checkGltfObjectCounts(json, 100 * GLTF_BYTES_PER_OBJECT)).not.toThrow();
    expect(() => checkGltfObjectCounts(json, 99 * GLTF_BYTES_PER_OBJECT)).toThrow(
      `GLTF: the glTF has ${GLTF_OBJECTS_BASE + 100} objects (nodes, accessors, channels...); its ${99 * GLTF_BYTES_PER_OBJECT} bytes justify at most ${GLTF_OBJECTS_BASE + 99} (refused) (at byte 0)`,
    );
  });
});
