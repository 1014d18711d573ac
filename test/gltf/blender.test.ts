// The modder's loop through Debian's Blender, headless, at its default settings: gameanim export,
// Blender import, one bone's key turned by 20 degrees, Blender export, gameanim import; then the same
// with every exporter default (24 fps sampling, every bone keyed) and --like. Compared with the
// original as poses at 60 Hz.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import {
  bindClip,
  createPose,
  DFFReader,
  IFPReader,
  poseToMatrices,
  sampleClip,
  writeIFP,
  type Animation,
  type Skeleton,
} from '../../src/index.js';
import { blenderLoop, blenderVersion as version, gameanim, BLENDER } from '../helpers/blender.js';
import { sample, samplesDir, samplesPresent, SAMPLES } from '../helpers/files.js';
import { describeWith } from '../helpers/needs.js';

// A test runs two loops of a Blender run and two gameanim commands, each allowed 300 s
// (test/helpers/blender.ts) on a loaded machine: its limit is above all of them.
const TEST_LIMIT = 2 * 3 * 300_000 + 60_000;

/** Largest world-position (mm) and local-rotation (degrees) differences per bone, at 60 Hz over the original's duration. */
function differences(skeleton: Skeleton, original: Animation, back: Animation): Map<string, { mm: number; degrees: number }> {
  const a = bindClip(original, skeleton),
    b = bindClip(back, skeleton);
  const pa = createPose(skeleton),
    pb = createPose(skeleton);
  const worst = new Map(skeleton.names.map((name) => [name.trim(), { mm: 0, degrees: 0 }]));
  for (let frame = 0; frame / 60 <= original.duration + 1e-6; frame++) {
    const time = Math.min(frame / 60, original.duration);
    sampleClip(a, time, pa);
    sampleClip(b, time, pb);
    const wa = poseToMatrices(pa, skeleton),
      wb = poseToMatrices(pb, skeleton);
    skeleton.names.forEach((name, i) => {
      const entry = worst.get(name.trim())!;
      entry.mm = Math.max(
        entry.mm,
        1000 * Math.hypot(wa[16 * i + 12]! - wb[16 * i + 12]!, wa[16 * i + 13]! - wb[16 * i + 13]!, wa[16 * i + 14]! - wb[16 * i + 14]!),
      );
      let dot = 0;
      for (let c = 0; c < 4; c++) dot += pa.rotations[4 * i + c]! * pb.rotations[4 * i + c]!;
      entry.degrees = Math.max(entry.degrees, (2 * Math.acos(Math.min(1, Math.abs(dot))) * 180) / Math.PI);
    });
  }
  return worst;
}

describeWith(
  [BLENDER, SAMPLES],
  `the modder's loop through Blender at its default settings (${version}; ${samplesPresent ? 'samples present' : `no samples at ${samplesDir}`})`,
  () => {
    const scratch = mkdtempSync(join(tmpdir(), 'gameanim-blender-'));
    const model = join(samplesDir, 'dff/sa_skin_plain.dff');
    const pedPath = join(samplesDir, 'rwparserng_ped_anp3.ifp');
    const skeleton = new DFFReader(sample('dff/sa_skin_plain.dff')).skeleton!;
    const walk = new IFPReader(sample('rwparserng_ped_anp3.ifp')).getAnimation('walk_player')!;
    // A partial clip: walk_player without the legs (26 of 32 bones).
    const legs = new Set([41, 42, 43, 51, 52, 53]);
    const partialPath = join(scratch, 'partial.ifp');
    const partialBytes = writeIFP(
      [{ name: 'ped', animations: [{ name: 'walk_player', bones: walk.bones.filter((b) => !legs.has(b.boneId)) }] }],
      { format: 'ANP3' },
    );
    writeFileSync(partialPath, partialBytes);
    const partial = new IFPReader(partialBytes).animations[0]!;
    /** The full walk and its partial copy, each with the file it is exported from. */
    const clips = [
      ['walk', pedPath, walk],
      ['partial', partialPath, partial],
    ] as const;

    it(
      'default import, a 20-degree edit, export with sampling off: untouched bones within 3 mm and 0.25 degrees, the edit there, duration and partial clip kept',
      () => {
        for (const [name, ifp, clip] of clips) {
          const glb = join(scratch, `${name}.glb`);
          gameanim('export', model, ifp, '-o', glb, '--anim', 'walk_player');
          const edited = join(scratch, `${name}-edited.glb`);
          const log = blenderLoop(glb, edited, 'L UpperArm', 'unsampled');
          const [, head, foot] = /STANDING head_z=(\S+) foot_z=(\S+)/.exec(log)!.map(Number);
          expect(head! - foot!, `${name}: the ped stands upright in Blender`).toBeGreaterThan(1);
          const back = join(scratch, `${name}-back.ifp`);
          gameanim('import', edited, '--skeleton', model, '-o', back, '--name', 'ped');
          const imported = new IFPReader(new Uint8Array(readFileSync(back))).getAnimation('walk_player')!;
          const worst = differences(skeleton, clip, imported);
          console.log(
            `blender loop (${name}, sampling off): ${[...worst]
              .filter(([, d]) => d.mm > 0.5 || d.degrees > 0.05)
              .map(([bone, d]) => `${bone} ${d.mm.toFixed(2)} mm ${d.degrees.toFixed(3)} deg`)
              .join('; ')}`,
          );
          const armBelow = new Set(['L UpperArm', 'L ForeArm', 'L Hand', 'L Finger', 'L Finger01']);
          for (const [bone, d] of worst) {
            if (armBelow.has(bone)) continue;
            expect(d.mm, `${name}: ${bone}`).toBeLessThan(3);
            expect(d.degrees, `${name}: ${bone}`).toBeLessThan(0.25);
          }
          expect(Math.abs(worst.get('L UpperArm')!.degrees - 20), name).toBeLessThan(1);
          expect(Math.abs(imported.duration - clip.duration), name).toBeLessThanOrEqual(1 / 60);
          // The partial clip still drives only its bones.
          const driven = (animation: Animation) => new Set(animation.bones.map((b) => b.boneId));
          for (const id of driven(imported)) expect(driven(clip).has(id), `${name}: bone ${id}`).toBe(true);
          if (name === 'partial') for (const id of legs) expect(driven(imported).has(id)).toBe(false);
        }
      },
      TEST_LIMIT,
    );

    it(
      "every exporter default (24 fps sampling, every bone keyed): import --like gives back package, tracks, key types and the original's duration (issue #45)",
      () => {
        for (const [name, ifp, clip] of clips) {
          const glb = join(scratch, `${name}.glb`);
          gameanim('export', model, ifp, '-o', glb, '--anim', 'walk_player', '--force');
          const sampled = join(scratch, `${name}-sampled.glb`);
          blenderLoop(glb, sampled, '-', 'sampled');
          const back = join(scratch, `${name}-like.ifp`);
          gameanim('import', sampled, '--skeleton', model, '-o', back, '--like', ifp);
          const reader = new IFPReader(new Uint8Array(readFileSync(back)));
          const imported = reader.getAnimation('walk_player')!;
          expect(reader.packageName, name).toBe('ped');
          // Blender stopped at its last whole 24 fps frame, 28/24 s of the 1.2 s clip: --like holds it to the original's end.
          expect(imported.duration, name).toBe(clip.duration);
          expect(
            imported.bones.map((b) => [b.boneId, b.keyframeType]),
            name,
          ).toEqual(clip.bones.map((b) => [b.boneId, b.keyframeType]));
          const worst = differences(skeleton, clip, imported);
          console.log(
            `blender loop (${name}, 24 fps sampling): ${imported.keyframeCount} keys (original ${clip.keyframeCount}); worst ${Math.max(...[...worst.values()].map((d) => d.mm)).toFixed(1)} mm, ${Math.max(...[...worst.values()].map((d) => d.degrees)).toFixed(2)} deg`,
          );
        }
      },
      TEST_LIMIT,
    );
  },
);
