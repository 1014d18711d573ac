// Blender's defaults, measured: its exporter samples every bone at the scene's 24 fps and stops at
// the last whole frame; with the scene at 60 fps the samples land on the clip's own grid. Import says
// so in one warning, keeps every track the glTF holds (walk_player's 32), leaves a partial clip
// partial (it still stands layered over IDLE_stance), brings a GTA III ped back to ANPK, and reads
// Blender's .gltf (glTF Separate) as its .glb.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import {
  bindClip,
  blendPoses,
  createPose,
  DFFReader,
  IFPReader,
  poseToMatrices,
  sampleClip,
  writeIFP,
  type Animation,
  type Skeleton,
} from '../../src/index.js';
import { blenderLoop, blenderVersion, gameanim, BLENDER } from '../helpers/blender.js';
import { sample, samplesDir, samplesPresent, SAMPLES } from '../helpers/files.js';
import { keyDifferences } from '../helpers/key-differences.js';
import { describeWith } from '../helpers/needs.js';

/** The largest local-rotation difference (degrees) of each bone, at the original's own key times. */
function degreesAtKeys(skeleton: Skeleton, original: Animation, back: Animation): Map<string, number> {
  const a = bindClip(original, skeleton),
    b = bindClip(back, skeleton);
  const pa = createPose(skeleton),
    pb = createPose(skeleton);
  const worst = new Map(skeleton.names.map((name) => [name.trim(), 0]));
  for (const time of new Set(original.bones.flatMap((track) => [...track.times]))) {
    sampleClip(a, time, pa);
    sampleClip(b, time, pb);
    skeleton.names.forEach((name, i) => {
      let dot = 0;
      for (let c = 0; c < 4; c++) dot += pa.rotations[4 * i + c]! * pb.rotations[4 * i + c]!;
      const norm = Math.hypot(...pa.rotations.subarray(4 * i, 4 * i + 4)) * Math.hypot(...pb.rotations.subarray(4 * i, 4 * i + 4));
      worst.set(name.trim(), Math.max(worst.get(name.trim())!, (2 * Math.acos(Math.min(1, Math.abs(dot) / norm)) * 180) / Math.PI));
    });
  }
  return worst;
}

describeWith(
  [BLENDER, SAMPLES],
  `Blender's defaults (${blenderVersion}; ${samplesPresent ? 'samples present' : `no samples at ${samplesDir}`})`,
  () => {
    const scratch = mkdtempSync(join(tmpdir(), 'gameanim-blender-defaults-'));
    const modelPath = join(samplesDir, 'dff/sa_skin_plain.dff');
    const pedPath = join(samplesDir, 'rwparserng_ped_anp3.ifp');
    const skeleton = new DFFReader(sample('dff/sa_skin_plain.dff')).skeleton!;
    const ped = new IFPReader(sample('rwparserng_ped_anp3.ifp'));
    const walk = ped.getAnimation('walk_player')!;
    const upper = new Set(['Spine', 'Spine1', 'Neck', 'Head', 'Jaw', 'L UpperArm', 'R UpperArm']);
    const partialPath = join(scratch, 'partial.ifp');
    writeFileSync(
      partialPath,
      writeIFP([{ name: 'ped', animations: [{ name: 'walk_player', bones: walk.bones.filter((b) => upper.has(b.boneName.trim())) }] }], {
        format: 'ANP3',
      }),
    );
    const partial = new IFPReader(new Uint8Array(readFileSync(partialPath))).animations[0]!;

    /** gameanim export, Blender import and export at `sampling`, gameanim import: the clip and the import's output. */
    const loop = (name: string, ifp: string, sampling: 'sampled' | 'sampled60') => {
      const glb = join(scratch, `${name}.glb`);
      gameanim('export', modelPath, ifp, '-o', glb, '--anim', 'walk_player', '--force');
      const exported = join(scratch, `${name}-${sampling}.glb`);
      blenderLoop(glb, exported, '-', sampling);
      const back = join(scratch, `${name}-${sampling}.ifp`);
      const log = gameanim('import', exported, '--skeleton', modelPath, '-o', back, '--name', 'ped', '--force');
      return { log, clip: new IFPReader(new Uint8Array(readFileSync(back))).getAnimation('walk_player')! };
    };

    it('at its defaults (24 fps): one warning that says so, with the fix; every track kept; a partial clip stays partial', () => {
      for (const [name, ifp, original] of [
        ['walk', pedPath, walk],
        ['partial', partialPath, partial],
      ] as const) {
        const { log, clip } = loop(name, ifp, 'sampled');
        const warnings = log.split('\n').filter((line) => line.startsWith('  '));
        expect(
          warnings.filter((line) => /24 fps/.test(line)),
          name,
        ).toHaveLength(1);
        expect(log).toMatch(
          /regridded: 1 animations were sampled by their exporter at 24 fps .*set Blender's scene to 60 fps before importing the glTF into it .*or untick Always Sample Animations/,
        );
        expect(
          clip.bones.map((b) => b.boneId),
          name,
        ).toEqual(original.bones.map((b) => b.boneId));
        const worst = Math.max(...degreesAtKeys(skeleton, original, clip).values());
        console.log(
          `Blender at 24 fps (${name}): ${clip.bones.length} tracks, ${clip.keyframeCount} keys (original ${original.keyframeCount}), ${clip.duration} s (original ${original.duration}); worst ${worst.toFixed(2)} degrees at the original's keys`,
        );
      }
    }, 300_000);

    it('with the scene at 60 fps: walk_player keeps its 32 tracks within 0.5 degrees at its keys, reduced; the partial clip over an idle stands', () => {
      const { log, clip } = loop('walk', pedPath, 'sampled60');
      expect(log).not.toMatch(/regridded/);
      expect(clip.bones.map((b) => b.boneId)).toEqual(walk.bones.map((b) => b.boneId));
      expect(clip.duration).toBe(walk.duration);
      const worst = degreesAtKeys(skeleton, walk, clip);
      for (const [bone, degrees] of worst) expect(degrees, bone).toBeLessThan(0.5);
      // Blender keyed every bone at every 60 Hz frame (32 x 73 = 2,336 keys): reduced, not kept.
      expect(clip.keyframeCount).toBeLessThan(walk.keyframeCount);
      console.log(
        `Blender at 60 fps (walk): ${clip.bones.length} tracks, ${clip.keyframeCount} keys (original ${walk.keyframeCount}); worst ${Math.max(...worst.values()).toFixed(3)} degrees`,
      );

      const layered = loop('partial', partialPath, 'sampled60').clip;
      expect(layered.bones.map((b) => b.boneName.trim()).sort()).toEqual([...upper].sort());
      // Sampled as a game layers it: the idle (this file has no IDLE_stance) wherever the partial clip does not drive.
      const idle = bindClip(ped.getAnimation('woman_idlestance')!, skeleton);
      const top = bindClip(layered, skeleton);
      const driven = Float32Array.from(top.trackOfBone, (track) => (track >= 0 ? 1 : 0));
      const idlePose = createPose(skeleton),
        topPose = createPose(skeleton),
        out = createPose(skeleton);
      const head = skeleton.indexOf('Head'),
        foot = skeleton.indexOf('L Foot');
      for (let frame = 0; frame / 60 <= layered.duration; frame++) {
        sampleClip(idle, frame / 60, idlePose);
        sampleClip(top, frame / 60, topPose);
        blendPoses(out, [
          { pose: idlePose, weight: 1, mask: driven.map((d) => 1 - d) },
          { pose: topPose, weight: 1, mask: driven },
        ]);
        const world = poseToMatrices(out, skeleton);
        expect(world[16 * head + 14]! - world[16 * foot + 14]!, `frame ${frame}: head above foot`).toBeGreaterThan(1);
      }
    }, 300_000);

    it("as .gltf both ways (gameanim's --gltf in, Blender's glTF Separate out): the IFP its .glb route gives, byte for byte", () => {
      const gltf = join(scratch, 'walk.gltf');
      gameanim('export', modelPath, pedPath, '-o', gltf, '--gltf', '--anim', 'walk_player', '--force');
      const exported = join(scratch, 'walk-separate.gltf');
      blenderLoop(gltf, exported, '-', 'sampled60');
      expect(JSON.parse(readFileSync(exported, 'utf8')).buffers.map((b: { uri: string }) => b.uri)).toEqual(['walk-separate.bin']);
      const back = join(scratch, 'walk-separate.ifp');
      gameanim('import', exported, '--skeleton', modelPath, '-o', back, '--name', 'ped');
      loop('walk', pedPath, 'sampled60');
      expect(readFileSync(back)).toEqual(readFileSync(join(scratch, 'walk-sampled60.ifp')));
    }, 300_000);

    it('a GTA III ped (gang01 walk_player) through Blender at its defaults and at 60 fps, back to ANPK', () => {
      const model = join(samplesDir, 'iii/gang01.dff');
      const original = new IFPReader(sample('iii_pcanims_ped_anpk.ifp')).getAnimation('walk_player')!;
      const glb = join(scratch, 'gang01.glb');
      gameanim('export', model, join(samplesDir, 'iii_pcanims_ped_anpk.ifp'), '--anim', 'walk_player', '-o', glb);
      for (const sampling of ['sampled', 'sampled60'] as const) {
        const exported = join(scratch, `gang01-${sampling}.glb`);
        blenderLoop(glb, exported, '-', sampling);
        const back = join(scratch, `gang01-${sampling}.ifp`);
        const log = gameanim('import', exported, '--skeleton', model, '--format', 'ANPK', '-o', back);
        expect(log).not.toMatch(/other-skeleton/);
        const clip = new IFPReader(new Uint8Array(readFileSync(back))).getAnimation('walk_player')!;
        const shape = (a: Animation) => a.bones.map((b) => `${b.boneName.toLowerCase()} ${b.keyframeType}`).sort();
        expect(shape(clip)).toEqual(shape(original));
        const degrees = Math.max(...degreesAtKeys(new DFFReader(sample('iii/gang01.dff')).skeleton!, original, clip).values());
        console.log(
          `Blender ${sampling} (gang01): ${clip.keyframeCount} keys (original ${original.keyframeCount}); worst ${degrees.toFixed(3)} degrees at the original's keys`,
        );
        expect(degrees).toBeLessThan(sampling === 'sampled60' ? 0.5 : 5);
      }
      // And gameanim alone: the keys themselves.
      const alone = join(scratch, 'gang01-alone.ifp');
      gameanim('import', glb, '--skeleton', model, '--format', 'ANPK', '-o', alone);
      const { radians, metres, missing } = keyDifferences(
        original,
        new IFPReader(new Uint8Array(readFileSync(alone))).getAnimation('walk_player')!,
      );
      expect([missing, radians < 1e-5, metres < 1e-6]).toEqual([[], true, true]);
    }, 300_000);
  },
);
