// gameanim/retarget: your own motion (glTF, Mixamo's FBX, mocap BVH) onto a game skin, as IFP.
// glTF-Transform is an optional peer for glTF sources, three.js for FBX and BVH (loaded only for them),
// so this is reachable through its own subpath only, never from the package root.
import { RetargetError } from './errors.js';
import { retargetRig, type RetargetOptions, type RetargetResult } from './retarget.js';
import type { SourceRig } from './rig.js';
import { readGltfRig } from './sources/gltf.js';
import type { GltfResources } from '../gltf/gltf-input.js';

export { MIXAMO_PRESET, resolveBoneMap, type BoneMap, type BoneMapOption } from './bone-map.js';
export { RetargetError, type RetargetErrorCode } from './errors.js';
export { groundOfClip, idleClipName } from './ground.js';
export { groundOfIdlePose, SA_IDLE_LEGS, type IdleGround, type IdlePoseBone } from './idle-pose.js';
export type { ModelGround } from './model-ground.js';
export type { SourcePose } from './reference.js';
export { describeQuality, QUALITY_LIMITS, type AngleStats, type ClipQuality } from './quality.js';
export { retargetRig, type RetargetOptions, type RetargetResult } from './retarget.js';
export { placeJoints, type SourcePlacement } from './placement.js';
export { clipTiming, RigSampler, type SourceChannel, type SourceClip, type SourceRig } from './rig.js';
export { readGltfRig, rigFromDocument } from './sources/gltf.js';

export type { GltfResources } from '../gltf/gltf-input.js';
export { RETARGET_CODES } from './codes.js';
export { BVH_CODES, FBX_CODES } from './sources/source-codes.js';

/** The kinds of file a retarget source can be: GLB, JSON glTF, FBX or BVH. */
export type SourceKind = 'glb' | 'gltf' | 'fbx' | 'bvh';

/** What a source file is, by its first bytes: GLB, JSON glTF (an object), FBX (binary or text) or BVH; null for anything else. */
export function sourceKind(bytes: Uint8Array): SourceKind | null {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 64));
  if (head.startsWith('glTF')) return 'glb';
  if (/^(?:\u00EF\u00BB\u00BF)?\s*\{/.test(head)) return 'gltf'; // a UTF-8 byte order mark, read as Latin-1, may come first
  if (head.startsWith('Kaydara FBX Binary') || /^\s*; FBX/.test(head)) return 'fbx';
  if (/^\s*HIERARCHY/.test(head)) return 'bvh';
  return null;
}

/**
 * Reads a source of any kind `sourceKind` knows. `name` names a BVH's one clip; `resources` gives a
 * .gltf's .bin and images (see `GltfResources`).
 */
export async function readSourceRig(bytes: Uint8Array, name = 'clip', resources?: GltfResources): Promise<SourceRig> {
  switch (sourceKind(bytes)) {
    case 'glb':
    case 'gltf':
      // Loaded statically: the module is light, and it loads glTF-Transform itself, only for a glTF.
      return readGltfRig(bytes, resources);
    case 'fbx':
      return (await import('./sources/fbx.js')).readFbxRig(bytes);
    case 'bvh':
      return (await import('./sources/bvh.js')).readBvhRig(bytes, name);
    default:
      throw new RetargetError('bad-source', 'not a glTF (.glb or .gltf), FBX or BVH file');
  }
}

/** Reads a source and retargets its clips: `writeIFP(result.packages, { format: 'ANP3' })` writes them. */
export async function retarget(
  bytes: Uint8Array,
  options: RetargetOptions & { clipName?: string; resources?: GltfResources },
): Promise<RetargetResult> {
  return retargetRig(await readSourceRig(bytes, options.clipName, options.resources), options);
}
