// An FBX source (Mixamo's downloads, Blender's exports), read by three.js's FBXLoader in Node: parsing
// an ArrayBuffer needs no DOM, only textures would, so every texture is a placeholder.
import { RetargetError } from '../errors.js';
import type { SourceRig } from '../rig.js';
import { DecodeError } from '../../core/errors.js';
import { importPeer } from '../../core/peer.js';
import { checkFbxArrays } from './fbx-arrays.js';
import { chargeRigWork, sourceBudget } from './source-budget.js';
import { rigFromThree } from './three-rig.js';

export async function readFbxRig(bytes: Uint8Array): Promise<SourceRig> {
  const budget = sourceBudget('FBX', bytes.length);
  try {
    // What the loader would inflate, bounded before it inflates anything (a deflate bomb: 780 KB to 768 MiB).
    const arrays = checkFbxArrays(bytes);
    if (arrays) budget.charge(arrays.inflatedBytes / 8, "the arrays' elements");
  } catch (error) {
    if (error instanceof DecodeError) throw new RetargetError('bad-source', error.message);
    throw error;
  }
  const three = await importPeer('three', 'reading FBX', () => import('three'));
  const { FBXLoader } = await importPeer('three', 'reading FBX', () => import('three/examples/jsm/loaders/FBXLoader.js'));
  const manager = new three.LoadingManager();
  // FBXLoader asks the manager for a loader by file extension before it falls back to TextureLoader
  // (which needs an Image element): this one answers for every extension, without loading anything.
  const placeholder = {
    path: '',
    setPath(path: string) {
      this.path = path;
      return this;
    },
    load: () => new three.Texture(),
  };
  manager.addHandler(/.*/, placeholder as unknown as InstanceType<typeof three.Loader>);
  let group: ReturnType<InstanceType<typeof FBXLoader>['parse']>;
  try {
    group = new FBXLoader(manager).parse(bytes.slice().buffer, '');
  } catch (error) {
    throw new RetargetError('bad-source', `not an FBX file three.js's FBXLoader can read: ${(error as Error).message}`);
  }
  // Blender names each take after its object and action ("Armature|walk"): the action is the clip's name.
  for (const clip of group.animations) clip.name = clip.name.replace(/^[^|]*\|/, '');
  const rig = rigFromThree(group, group.animations);
  chargeRigWork(rig, budget);
  return rig;
}
