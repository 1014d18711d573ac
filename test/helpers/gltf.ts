// What the glTF tests share: a three-bone GTA-style skeleton, the Khronos validator's errors, and
// bare clips of arbitrary float keys.
import * as validator from 'gltf-validator';
import { createSkeleton, type SkeletalClip } from '../../src/index.js';

export const threeBoneSkeleton = createSkeleton({
  names: ['Root', ' Pelvis', 'R Hand'],
  ids: [0, 1, 24],
  parents: [-1, 0, 1],
  restTranslations: [0, 0, 1, 0, 0, 0.5, 0.2, 0, 0],
});

/** The Khronos validator's errors (severity 0) for a .glb, as `code: message`. */
export async function validatorErrors(glb: Uint8Array): Promise<string[]> {
  const report = await validator.validateBytes(glb);
  return report.issues.messages.filter((m) => m.severity === 0).map((m) => `${m.code}: ${m.message}`);
}

/** A bare clip of float keys, any values: the export must repair or refuse what glTF cannot hold. */
export function clipOfKeys(
  tracks: Array<{ boneId: number; times: number[]; rotations: number[]; translations?: number[] | null }>,
): SkeletalClip {
  return {
    kind: 'clip',
    name: 'hostile',
    duration: 1,
    bindBy: 'id-or-name',
    tracks: tracks.map((t) => ({
      boneName: '',
      boneId: t.boneId,
      times: Float32Array.from(t.times),
      rotations: Float32Array.from(t.rotations),
      translations: t.translations ? Float32Array.from(t.translations) : null,
    })),
  };
}

/** The validator's errors for a .gltf whose files are `files` (by URI): a file it names that is not there is an error. */
export async function gltfValidatorErrors(json: string, files: Record<string, Uint8Array>): Promise<string[]> {
  const report = await validator.validateBytes(new TextEncoder().encode(json), {
    externalResourceFunction: async (uri: string) => {
      const data = files[decodeURIComponent(uri)];
      if (!data) throw new Error(`${uri}: not written`);
      return data;
    },
  });
  return report.issues.messages.filter((m) => m.severity === 0).map((m) => `${m.code}: ${m.message}`);
}
