// GLBs built to make an import work hard: samplers of any keys and interpolation on the three-bone
// skeleton's nodes, shared between animations, under node chains of any depth (or in a cycle).
import { Document, WebIO, type Node } from '@gltf-transform/core';
import { threeBoneSkeleton } from './gltf.js';

export interface HostileSampler {
  /** Which of the three bones' nodes it drives. */
  bone: number;
  times: number[];
  interpolation?: 'LINEAR' | 'STEP' | 'CUBICSPLINE';
}

export interface HostileGlb {
  samplers: HostileSampler[];
  /** Animations that all use the samplers of the first (glTF lets samplers share accessors). Default 1. */
  animations?: number;
  /** Nodes stacked above the root bone's node. Default 0. */
  depth?: number;
}

/** The three bones' nodes, named as the skeleton's, animated as `spec` says. */
export async function hostileGlb(spec: HostileGlb): Promise<Uint8Array> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const bones = threeBoneSkeleton.names.map((name) => doc.createNode(name.trim()));
  bones[0]!.addChild(bones[1]!);
  bones[1]!.addChild(bones[2]!);
  let top: Node = bones[0]!;
  for (let d = 0; d < (spec.depth ?? 0); d++) top = doc.createNode(`above${d}`).addChild(top);
  doc.createScene().addChild(top);
  const accessors = spec.samplers.map((s) => {
    const width = s.interpolation === 'CUBICSPLINE' ? 3 : 1;
    const input = doc.createAccessor().setType('SCALAR').setArray(Float32Array.from(s.times)).setBuffer(buffer);
    const output = doc
      .createAccessor()
      .setType('VEC4')
      .setArray(Float32Array.from({ length: 4 * width * s.times.length }, (_, i) => (i % 4 === 3 ? 1 : 0)))
      .setBuffer(buffer);
    return { input, output };
  });
  for (let a = 0; a < (spec.animations ?? 1); a++) {
    const animation = doc.createAnimation(`clip${a}`);
    spec.samplers.forEach((s, i) => {
      const sampler = doc
        .createAnimationSampler()
        .setInterpolation(s.interpolation ?? 'LINEAR')
        .setInput(accessors[i]!.input)
        .setOutput(accessors[i]!.output);
      animation
        .addSampler(sampler)
        .addChannel(doc.createAnimationChannel().setTargetNode(bones[s.bone]!).setTargetPath('rotation').setSampler(sampler));
    });
  }
  return new WebIO().writeBinary(doc);
}

/** A GLB's JSON chunk, edited by `edit`, written back (the binary chunk kept as it is). */
export function editGlbJson(glb: Uint8Array, edit: (json: { nodes: Array<{ children?: number[]; name?: string }> }) => void): Uint8Array {
  const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  const jsonLength = view.getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + jsonLength)));
  edit(json);
  const text = JSON.stringify(json);
  const padded = new TextEncoder().encode(text.padEnd(Math.ceil(text.length / 4) * 4, ' '));
  const rest = glb.subarray(20 + jsonLength);
  const out = new Uint8Array(20 + padded.length + rest.length);
  const outView = new DataView(out.buffer);
  out.set(glb.subarray(0, 20));
  outView.setUint32(8, out.length, true);
  outView.setUint32(12, padded.length, true);
  out.set(padded, 20);
  out.set(rest, 20 + padded.length);
  return out;
}
