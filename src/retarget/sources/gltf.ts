// A glTF or GLB source: every node of the file is a joint (armature and ground nodes carry the tool's
// axes and units into the joints' worlds), each animation a clip. glTF-Transform is loaded only when a
// glTF is read, so FBX and BVH sources need none.
import type { Document, Node } from '@gltf-transform/core';
import { DecodeError } from '../../core/errors.js';
import { importPeer } from '../../core/peer.js';
import { readGltfDocument, type GltfResources } from '../../gltf/gltf-input.js';
import { RetargetError } from '../errors.js';
import { chargeRigWork, sourceBudget } from './source-budget.js';
import type { SourceChannel, SourceRig } from '../rig.js';

/**
 * Reads a `.glb`, or a JSON `.gltf` whose `.bin` and images `resources` gives (data: URIs need nothing), as a source rig for `retargetRig`:
 * every node a joint, every animation a clip.
 */
export async function readGltfRig(bytes: Uint8Array, resources?: GltfResources): Promise<SourceRig> {
  // glTF-Transform (and the bounds on what it builds) only when a glTF is read.
  const { boundedGltfTransform } = await importPeer('@gltf-transform/core', 'reading glTF', () => import('../../gltf/property-bounds.js'));
  try {
    const { doc, bytes: inputBytes } = await readGltfDocument(boundedGltfTransform(bytes.length), bytes, resources);
    const rig = rigFromDocument(doc);
    chargeRigWork(rig, sourceBudget('GLTF', inputBytes));
    return rig;
  } catch (error) {
    if (error instanceof DecodeError) throw new RetargetError('bad-source', error.message);
    throw error;
  }
}

/** A glTF-Transform document's nodes and animations. */
export function rigFromDocument(doc: Document): SourceRig {
  const root = doc.getRoot();
  // Parents first: walk each scene's trees (and nodes outside any scene after them).
  const order: Node[] = [];
  const seen = new Set<Node>();
  // Depth first with a stack, not recursion: a chain of 60,000 nodes is as deep as it is long.
  const visit = (top: Node) => {
    const stack = [top];
    while (stack.length) {
      const node = stack.pop()!;
      if (seen.has(node)) continue;
      seen.add(node);
      order.push(node);
      const children = node.listChildren();
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
    }
  };
  for (const node of root.listNodes()) if (!node.getParentNode()) visit(node);
  const index = new Map(order.map((node, i) => [node, i]));
  const rig: SourceRig = {
    names: order.map((node, i) => node.getName() || `node${i}`),
    parents: Int32Array.from(order, (node) => {
      const parent = node.getParentNode();
      return parent ? index.get(parent)! : -1;
    }),
    restTranslations: Float64Array.from(order.flatMap((node) => node.getTranslation())),
    restRotations: Float64Array.from(order.flatMap((node) => node.getRotation())),
    restScales: Float64Array.from(order.flatMap((node) => node.getScale())),
    clips: [],
  };
  root.listAnimations().forEach((animation, a) => {
    const channels: SourceChannel[] = [];
    for (const channel of animation.listChannels()) {
      const node = channel.getTargetNode();
      const path = channel.getTargetPath();
      const sampler = channel.getSampler();
      const times = sampler?.getInput()?.getArray();
      const output = sampler?.getOutput()?.getArray();
      if (!node || !sampler || !times || !output || (path !== 'translation' && path !== 'rotation' && path !== 'scale')) continue;
      const width = path === 'rotation' ? 4 : 3;
      const interpolation = sampler.getInterpolation();
      // CUBICSPLINE keys store in-tangent, value, out-tangent: the values are what a baked clip means.
      const values =
        interpolation === 'CUBICSPLINE'
          ? Float32Array.from({ length: width * times.length }, (_, i) => output[3 * width * Math.floor(i / width) + width + (i % width)]!)
          : Float32Array.from(output);
      channels.push({ joint: index.get(node)!, path, times: Float32Array.from(times), values, step: interpolation === 'STEP' });
    }
    rig.clips.push({ name: animation.getName() || `animation${a}`, channels });
  });
  return rig;
}
