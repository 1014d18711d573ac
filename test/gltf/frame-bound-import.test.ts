// Import onto a frame-bound model (a GTA III ped): a track's translation is an offset added to its
// frame's position (docs/binding.md), so export writes position + offset and import takes the
// position back off. gang01's walk_player through glTF and back to ANPK is the original clip.
import { describe, expect, it } from 'vitest';
import { DFFReader, IFPReader, writeIFP, type Animation } from '../../src/index.js';
import { exportGltf, importGltf } from '../../src/gltf/index.js';
import { sample, samplesPresent, SAMPLES_SKIP_MESSAGE } from '../helpers/files.js';

/** Largest key differences between two clips whose tracks pair up by name and key times: radians and metres. */
export function keyDifferences(original: Animation, back: Animation): { radians: number; metres: number; missing: string[] } {
  let radians = 0, metres = 0;
  const missing: string[] = [];
  for (const track of original.bones) {
    const other = back.bones.find((b) => b.boneName.trim().toLowerCase() === track.boneName.trim().toLowerCase());
    if (!other || other.times.length !== track.times.length || (track.translations === null) !== (other.translations === null)) {
      missing.push(track.boneName);
      continue;
    }
    track.times.forEach((time, k) => {
      if (Math.abs(other.times[k]! - time) > 1e-6) missing.push(`${track.boneName} at ${time}`);
      const q = track.rotations.subarray(4 * k, 4 * k + 4), p = other.rotations.subarray(4 * k, 4 * k + 4);
      const dot = Math.abs(q[0]! * p[0]! + q[1]! * p[1]! + q[2]! * p[2]! + q[3]! * p[3]!) / Math.hypot(...q) / Math.hypot(...p);
      radians = Math.max(radians, 2 * Math.acos(Math.min(1, dot)));
      if (track.translations) metres = Math.max(metres, Math.hypot(...[0, 1, 2].map((c) => track.translations![3 * k + c]! - other.translations![3 * k + c]!)));
    });
  }
  return { radians, metres, missing };
}

describe.skipIf(!samplesPresent)('glTF round trip of a GTA III ped (frame-bound)', () => {
  if (!samplesPresent) it.skip(SAMPLES_SKIP_MESSAGE, () => {});

  it("gang01 walk_player -> glTF -> ANPK: every track, key type and key time kept; Swaist's translations within float noise", async () => {
    const model = new DFFReader(sample('iii/gang01.dff'));
    const clip = new IFPReader(sample('iii_pcanims_ped_anpk.ifp')).getAnimation('walk_player')!;
    const { glb } = await exportGltf({ model, clips: [clip] });
    const { packages, warnings } = await importGltf(glb!, { skeleton: model.skeleton!, format: 'ANPK' });
    expect(warnings).toEqual([]);
    const back = new IFPReader(writeIFP(packages, { format: 'ANPK' })).animations[0]!;
    const { radians, metres, missing } = keyDifferences(clip, back);
    expect(missing).toEqual([]);
    expect(radians).toBeLessThan(1e-5);
    expect(metres).toBeLessThan(1e-6);
  });
});
