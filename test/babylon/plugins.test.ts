// The Babylon.js scene-loader plugins in Node (NullEngine): a .dff loaded with ImportMeshAsync and an
// .ifp's walk_player as an AnimationGroup put every bone where the library's sampler puts it, and
// bad input rejects with the library's error inside Babylon's.
import { NullEngine } from '@babylonjs/core/Engines/nullEngine.js';
import { ImportMeshAsync } from '@babylonjs/core/Loading/sceneLoader.js';
import { Scene } from '@babylonjs/core/scene.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bindClip,
  createPose,
  DecodeError,
  IFPReader,
  poseToMatrices,
  sampleClip,
  skinVertices,
  TXDReader,
  DFFReader,
} from '../../src/index.js';
import { FRAME_RATE, gameModelOf, registerGameanimLoaders, type BabylonGameModel } from '../../src/babylon/index.js';
import { fixture, sample, SAMPLES } from '../helpers/files.js';
import { describeWith } from '../helpers/needs.js';

let engine: NullEngine;
let scene: Scene;
beforeAll(() => {
  registerGameanimLoaders();
  engine = new NullEngine();
  scene = new Scene(engine);
});
afterAll(() => engine.dispose());

/**
 * Plays `animation` of the IFP on the model at each time; the largest difference between each node's matrix relative to the model's root
 * and `poseToMatrices`.
 */
async function largestMatrixDifference(
  model: BabylonGameModel,
  ifpName: string,
  animation: string,
  times: number[],
  atLastTime?: (pose: ReturnType<typeof createPose>) => void,
): Promise<number> {
  const { animationGroups } = await ImportMeshAsync(sample(ifpName), scene, {
    pluginExtension: '.ifp',
    pluginOptions: { gameanimIfp: { model: model.root, animations: [animation] } },
  });
  expect(animationGroups.map((group) => group.name.toLowerCase())).toEqual([animation]);
  const group = animationGroups[0]!;
  group.start(true);
  group.pause();
  const bound = bindClip(new IFPReader(sample(ifpName)).getAnimation(animation)!, model.skeleton);
  const pose = createPose(model.skeleton);
  let largest = 0;
  for (const time of times) {
    group.goToFrame(time * FRAME_RATE);
    model.root.computeWorldMatrix(true);
    const fromRoot = model.root.getWorldMatrix().clone().invert();
    sampleClip(bound, time, pose);
    const world = poseToMatrices(pose, model.skeleton);
    model.nodes.forEach((node, b) => {
      // Parents first, so every node's world matrix is current.
      node.computeWorldMatrix(true);
      const relative = node.getWorldMatrix().multiply(fromRoot).toArray();
      for (let k = 0; k < 16; k++) largest = Math.max(largest, Math.abs(relative[k]! - world[16 * b + k]!));
    });
  }
  atLastTime?.(pose);
  group.stop();
  return largest;
}

describeWith([SAMPLES], 'Babylon.js plugins on the real files', () => {
  it('an SA skin (textures given) and walk_player: every bone where the sampler puts it (1e-4) at 0.3 s and 0.8 s; skinned on the CPU as skinVertices skins it', async () => {
    const textures = new TXDReader(sample('dff/sa_skin_plain.txd')).textures;
    const result = await ImportMeshAsync(sample('dff/sa_skin_plain.dff'), scene, {
      pluginExtension: '.dff',
      name: 'sa_skin_plain.dff',
      pluginOptions: { gameanimDff: { textures } },
    });
    const model = gameModelOf(result.transformNodes[0])!;
    expect(result.skeletons).toHaveLength(1);
    expect(result.skeletons[0]!.bones).toHaveLength(32);
    expect(result.meshes).toHaveLength(1);
    expect(model.warnings.map((w) => w.code)).toEqual(['frames-disagree-with-skin']);
    // Babylon skins on the CPU (getPositionData) where skinVertices puts the vertices, at the walk's last time checked.
    let skinnedDifference = Number.NaN;
    const geometry = new DFFReader(sample('dff/sa_skin_plain.dff')).geometries[0]!;
    const difference = await largestMatrixDifference(model, 'rwparserng_ped_anp3.ifp', 'walk_player', [0.3, 0.8], (pose) => {
      result.skeletons[0]!.prepare(true);
      const skinned = result.meshes[0]!.getPositionData(true, true)!;
      const expected = skinVertices(geometry, model.skeleton, pose);
      skinnedDifference = 0;
      for (let i = 0; i < expected.length; i++) skinnedDifference = Math.max(skinnedDifference, Math.abs(skinned[i]! - expected[i]!));
    });
    console.log(
      `Babylon.js plugins: SA skin on walk_player, largest bone matrix difference from the sampler ${difference.toExponential(2)}, largest CPU-skinned vertex difference from skinVertices ${skinnedDifference.toExponential(2)} m`,
    );
    expect(difference).toBeLessThan(1e-4);
    expect(skinnedDifference).toBeLessThan(1e-4);
  });

  it("GTA III's player.dff (frame-bound, untextured) and walk_player of III's ped.ifp: frames where the sampler puts them (1e-4)", async () => {
    const result = await ImportMeshAsync(sample('iii/player.dff'), scene, {
      pluginExtension: '.dff',
      name: 'player.dff',
      pluginOptions: { gameanimDff: { textures: false } },
    });
    const model = gameModelOf(result.transformNodes[0])!;
    expect(result.skeletons).toEqual([]);
    expect(model.nodes).toHaveLength(17);
    expect(result.meshes).toHaveLength(16);
    const difference = await largestMatrixDifference(model, 'iii_pcanims_ped_anpk.ifp', 'walk_player', [0.3, 0.8]);
    console.log(
      `Babylon.js plugins: III player on walk_player, largest frame matrix difference from the sampler ${difference.toExponential(2)}`,
    );
    expect(difference).toBeLessThan(1e-4);
  });
});

describe('Babylon.js plugins: bad input rejects with the library error inside Babylon’s', () => {
  it('a file of another format as .dff and as .ifp: the readers’ DecodeErrors', async () => {
    const asModel = ImportMeshAsync(fixture('anp3-all-types.ifp'), scene, {
      pluginExtension: '.dff',
      name: 'x.dff',
      pluginOptions: { gameanimDff: { textures: false } },
    });
    await expect(asModel).rejects.toMatchObject({ innerError: { name: 'DecodeError', format: 'DFF', code: 'no-clump' } });
    await ImportMeshAsync(fixture('dff-ped-5bone.dff'), scene, {
      pluginExtension: '.dff',
      name: 'ped.dff',
      pluginOptions: { gameanimDff: { textures: false } },
    });
    const asClips = ImportMeshAsync(fixture('dff-ped-5bone.dff'), scene, { pluginExtension: '.ifp' });
    const error = await asClips.catch((e: unknown) => e);
    expect((error as { innerError: unknown }).innerError).toBeInstanceOf(DecodeError);
    expect(error).toMatchObject({ innerError: { format: 'IFP' } });
  });
});
