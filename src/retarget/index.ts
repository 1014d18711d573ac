// gameanim/retarget: your own motion (glTF, Mixamo's FBX, mocap BVH) onto a game skin, as IFP.
// glTF-Transform is an optional peer for glTF sources, three.js for FBX and BVH (loaded only for them),
// so this is reachable through its own subpath only, never from the package root.
import { RetargetError } from './errors.js';
import { retargetRig, type RetargetOptions, type RetargetResult } from './retarget.js';
import type { SourceRig } from './rig.js';

export { MIXAMO_PRESET, resolveBoneMap, type BoneMap, type BoneMapOption } from './bone-map.js';
export { RetargetError, type RetargetErrorCode } from './errors.js';
export type { SourcePose } from './rest-align.js';
export { retargetRig, type RetargetOptions, type RetargetResult, type SourcePlacement } from './retarget.js';
export { clipTiming, RigSampler, type SourceChannel, type SourceClip, type SourceRig } from './rig.js';
export { readGltfRig, rigFromDocument } from './sources/gltf.js';

export type SourceKind = 'glb' | 'fbx' | 'bvh';

/** What a source file is, by its first bytes: GLB, FBX (binary or text) or BVH; null for anything else. */
export function sourceKind(bytes: Uint8Array): SourceKind | null {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 64));
  if (head.startsWith('glTF')) return 'glb';
  if (head.startsWith('Kaydara FBX Binary') || /^\s*; FBX/.test(head)) return 'fbx';
  if (/^\s*HIERARCHY/.test(head)) return 'bvh';
  return null;
}

/** Reads a source of any kind `sourceKind` knows. `name` names a BVH's one clip. */
export async function readSourceRig(bytes: Uint8Array, name = 'clip'): Promise<SourceRig> {
  switch (sourceKind(bytes)) {
    case 'glb':
      return (await import('./sources/gltf.js')).readGltfRig(bytes);
    case 'fbx':
      return (await import('./sources/fbx.js')).readFbxRig(bytes);
    case 'bvh':
      return (await import('./sources/bvh.js')).readBvhRig(bytes, name);
    default:
      throw new RetargetError('bad-source', 'not a GLB, FBX or BVH file');
  }
}

/** Reads a source and retargets its clips: `writeIFP(result.packages, { format: 'ANP3' })` writes them. */
export async function retarget(bytes: Uint8Array, options: RetargetOptions & { clipName?: string }): Promise<RetargetResult> {
  return retargetRig(await readSourceRig(bytes, options.clipName), options);
}
