// Whether a glTF's skeleton is the one it is imported onto. Import carries each joint's motion onto
// the game bone of the same name through both skins' bind poses, so onto another skin (other
// proportions, other bone orientations) the same glTF gives other keys: measured, up to 39 degrees.
// That may be what the user wants (a retarget), but never silently.
import type { Node } from '@gltf-transform/core';
import type { Skeleton } from '../core/skeleton.js';
import type { GltfWarning } from './policies.js';

/**
 * How far a joint may lie from its bone once the skeletons are placed, in metres: a tool's round trip moves joints by float noise
 * (measured, under 0.1 mm).
 */
export const SAME_SKELETON_METRES = 0.005;

/**
 * An `other-skeleton` warning when the file's joints are not `skeleton`'s: skin joints that name no
 * bone, bones no node names (for a file with a skin), or a matched joint farther than
 * SAME_SKELETON_METRES from its bone once placed (`worstFit`, from the import's placement).
 */
export function otherSkeletonWarning(
  skeleton: Skeleton,
  nodeOfBone: readonly (Node | null)[],
  joints: readonly Node[],
  boneOfNode: ReadonlyMap<Node, number>,
  worstFit: { bone: number; metres: number } | null,
): GltfWarning | null {
  const strays = joints.filter((joint) => !boneOfNode.has(joint)).map((joint) => joint.getName());
  const missing = joints.length ? skeleton.names.filter((_, b) => !nodeOfBone[b]).map((name) => name.trim()) : [];
  const far = worstFit && worstFit.metres > SAME_SKELETON_METRES ? worstFit : null;
  if (!strays.length && !missing.length && !far) return null;
  const reasons = [
    ...(strays.length ? [`${strays.length} of its joints name no bone of it (first: ${strays[0]})`] : []),
    ...(missing.length ? [`${missing.length} of its bones have no joint in the file (first: ${missing[0]})`] : []),
    ...(far
      ? [
          `its joints lie up to ${(1000 * far.metres).toFixed(1)} mm from the skeleton's bones once placed (${skeleton.names[far.bone]!.trim()})`,
        ]
      : []),
  ];
  return {
    code: 'other-skeleton',
    message: `the glTF's skeleton is not the one it was imported onto: ${reasons.join('; ')}. Its motion was carried onto this skeleton's bones by name, so the keys differ from the file's; import onto the model it was exported with to keep them`,
  };
}
