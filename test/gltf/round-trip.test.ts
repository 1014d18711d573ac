// IFP -> glTF -> IFP with --like, as a modder round-trips a game's own files: every animation of the
// real sample packages, and fixtures of what glTF cannot hold as stored (negative, repeated and
// backward key times, tracks without a bone id, empty tracks, keys off unit length, KRTS scales).
// What must come back: every animation, its duration, every track with its id (or lack of one) and
// key type, every key within 0.05 degrees and 0.1 mm.
import { expect, it } from 'vitest';
import {
  DFFReader,
  diffIFP,
  IFPReader,
  IMGArchive,
  skeletonFromTracks,
  writeIFP,
  type AnimationData,
  type PackageData,
  type Skeleton,
  type TrackData,
} from '../../src/index.js';
import { exportGltf, importGltf } from '../../src/gltf/index.js';
import { fixture, sample, SAMPLES } from '../helpers/files.js';
import { describeWith } from '../helpers/needs.js';
import { describe } from 'vitest';

const duration = (animation: AnimationData) => animation.bones.reduce((d, track) => Math.max(d, track.times.at(-1) ?? 0), 0);

/** Exports `packages`' animations on the skeleton and imports them back with --like; what differs. */
async function roundTrip(packages: readonly PackageData[], skeleton: Skeleton, format: 'ANP3' | 'ANPK', model?: DFFReader) {
  // The original as the game reads it (int16 frames quantised): what --like ORIGINAL.ifp reads.
  const original = new IFPReader(writeIFP(packages as PackageData[], { format }));
  const clips = original.animations;
  const { glb, animations } = await exportGltf(model ? { model, clips } : { skeleton, clips });
  const imported = await importGltf(glb!, { skeleton, format, like: original.packages as PackageData[] });
  const back = new IFPReader(writeIFP(imported.packages, { format }));
  const exported = clips.filter((clip) => animations.includes(clip.name));
  const diff = diffIFP(exported, back.animations);
  const report = {
    animations: back.animations.length,
    durations: [] as string[],
    lost: [] as string[],
    added: [] as string[],
    off: [] as string[],
    ids: [] as string[],
  };
  for (const changed of diff.changed) {
    if (changed.duration[0] !== changed.duration[1]) report.durations.push(`${changed.name}: ${changed.duration.join(' -> ')}`);
    for (const bone of changed.bones) {
      const where = `${changed.name}/${bone.boneName.trim()}`;
      if (bone.keys[1] === 0 && bone.keys[0] > 0) report.lost.push(where);
      else if (bone.keys[0] === 0 && bone.keys[1] > 0) report.added.push(where);
      else if (bone.maxAngleDeg > 0.05 || bone.maxTranslation > 1e-4)
        report.off.push(`${where}: ${bone.maxAngleDeg.toFixed(3)} deg, ${bone.maxTranslation.toFixed(5)} m`);
    }
  }
  for (const clip of exported) {
    const other = back.getAnimation(clip.name)!;
    const shape = (a: AnimationData) => a.bones.map((b) => `${b.boneName.trim()}#${b.boneId} ${b.keyframeType} ${b.times.length}`);
    if (shape(clip).join() !== shape(other).join()) report.ids.push(`${clip.name}: ${shape(clip).join(', ')} / ${shape(other).join(', ')}`);
  }
  return { report, exported: exported.length, diff, warnings: imported.warnings, back };
}

const clean = { durations: [], lost: [], added: [], off: [], ids: [] };

describeWith([SAMPLES], 'round trip of every animation of the real sample packages', { timeout: 120_000 }, () => {
  const skin = new DFFReader(sample('dff/sa_skin_plain.dff'));
  const iiiPed = new DFFReader(sample('iii/player.dff'));
  const vc = IMGArchive.fromDir(sample('vc/vc_mod_anims.dir'), sample('vc/vc_mod_anims.img'));
  const cases: Array<[string, () => PackageData[], 'ANP3' | 'ANPK', DFFReader | null]> = [
    [
      'rwparserng_ped_anp3.ifp on the SA skin',
      () => new IFPReader(sample('rwparserng_ped_anp3.ifp')).packages as PackageData[],
      'ANP3',
      skin,
    ],
    ['sa_python_anp3.ifp on the SA skin', () => new IFPReader(sample('sa_python_anp3.ifp')).packages as PackageData[], 'ANP3', skin],
    ['sa_grenade_anp3.ifp on the SA skin', () => new IFPReader(sample('sa_grenade_anp3.ifp')).packages as PackageData[], 'ANP3', skin],
    [
      'sa_vegasn_anp3.ifp (objects, one node each)',
      () => new IFPReader(sample('sa_vegasn_anp3.ifp')).packages as PackageData[],
      'ANP3',
      null,
    ],
    [
      'iii_pcanims_ped_anpk.ifp on GTA III player.dff',
      () => new IFPReader(sample('iii_pcanims_ped_anpk.ifp')).packages as PackageData[],
      'ANPK',
      iiiPed,
    ],
    [
      'iii_pcanims_ped_anpk.ifp on its tracks',
      () => new IFPReader(sample('iii_pcanims_ped_anpk.ifp')).packages as PackageData[],
      'ANPK',
      null,
    ],
    [
      'vc_mod_anims.img, every .ifp entry, on their tracks',
      () => vc.entries.flatMap((entry) => new IFPReader(vc.read(entry)).packages as PackageData[]),
      'ANPK',
      null,
    ],
  ];
  it.each(cases)('%s: every duration, track, id, key type and key kept', async (_, packages, format, model) => {
    const original = packages();
    const clips = original.flatMap((pkg) => pkg.animations);
    const skeleton = model ? model.skeleton! : skeletonFromTracks(new IFPReader(writeIFP(original, { format })).animations);
    const { report, exported } = await roundTrip(original, skeleton, format, model ?? undefined);
    // On a model, a clip that drives none of its bones is left out of the export (GTA III's skin_* clips on player.dff).
    expect(exported).toBe(model === iiiPed ? clips.length - 6 : clips.length);
    expect(report).toEqual({ animations: exported, ...clean });
  });
});

/** A track of `degrees` turns about X at `times`, float or int16 frames. */
function track(boneName: string, boneId: number, times: number[], degrees: number[], compressed = true, length = 1): TrackData {
  return {
    boneName,
    boneId,
    keyframeType: 'KR00',
    compressed,
    times: Float32Array.from(times),
    rotations: Float32Array.from(
      degrees.flatMap((d) => [length * Math.sin((d * Math.PI) / 360), 0, 0, length * Math.cos((d * Math.PI) / 360)]),
    ),
    translations: null,
    scales: null,
  };
}

describe('round trip of what glTF cannot hold as stored', () => {
  const skeleton = new DFFReader(fixture('dff-ped-5bone.dff')).skeleton!;
  const root = (times: number[]) => ({
    ...track(
      'Root',
      0,
      times,
      times.map((_, k) => 10 * k),
    ),
    keyframeType: 'KRT0' as const,
    translations: Float32Array.from(times.flatMap((t) => [t, 0, 1])),
  });

  it("negative key times (SA's dead_fall_cust1 starts at -0.05 s) come back where they were, with --like and without", async () => {
    const dead = [
      {
        name: 'ped',
        animations: [
          { name: 'dead_fall_cust1', bones: [root([-0.05, 0, 0.15, 0.3]), track(' Pelvis', 1, [-0.05, 0.1, 0.3], [0, 30, 60])] },
        ],
      },
    ];
    expect((await roundTrip(dead, skeleton, 'ANP3')).report).toEqual({ animations: 1, ...clean });
    // Without --like, the shift the export recorded in the animation's extras.
    const clips = new IFPReader(writeIFP(dead, { format: 'ANP3' })).animations;
    const exported = await exportGltf({ skeleton, clips });
    expect(exported.warnings.map((w) => w.code)).toContain('shifted-times');
    const { packages, warnings } = await importGltf(exported.glb!, { skeleton });
    expect(packages[0]!.animations[0]!.bones.map((b) => Array.from(b.times, (t) => Math.round(t * 60)))).toEqual([
      [-3, 0, 9, 18],
      [-3, 6, 18],
    ]);
    expect(warnings.map((w) => w.code)).toEqual(['shifted-times']);
  });

  it('the fixture anp3-all-types.ifp (negative and repeated times, no-id and float tracks) comes back as it was', async () => {
    const original = new IFPReader(fixture('anp3-all-types.ifp'));
    const { report, diff } = await roundTrip(original.packages as PackageData[], skeletonFromTracks(original.animations), 'ANP3');
    expect(report).toEqual({ animations: 2, ...clean });
    expect(diff.changed.map((c) => c.name)).toEqual([]);
  });

  it("times that repeat three times or go back, and GTA III's 30 fps keys off the 60 Hz grid, are the clip's keys, not an exporter's sampling", async () => {
    const odd = [
      {
        name: 'ped',
        animations: [
          // A key at 0.5 s three times (a jump), then one that goes back to 0.25 s: glTF nudges them 0.1 ms apart.
          { name: 'jumps', bones: [root([0, 0.5, 0.5, 0.5, 0.25, 1]), track('R Hand', 24, [0, 1], [0, 90])] },
          // GTA III's CAR_LB: float times 1/30 s apart from 1/240 s, off the 60 Hz grid.
          { name: 'CAR_LB', bones: [root([0.0042, 0.0375, 0.0708]), track(' Pelvis', 1, [0.0042, 0.0375, 0.0708], [0, 5, 10], false)] },
        ],
      },
    ];
    const { report, diff, warnings } = await roundTrip(odd, skeleton, 'ANP3');
    expect(report).toEqual({ animations: 2, ...clean });
    expect(diff.changed).toEqual([]);
    expect(warnings.map((w) => w.code)).toEqual(['like-original']);
  });

  it('with --like: a track without a bone id stays without one, an empty track and a KRTS track come back, a key off unit length is kept as stored', async () => {
    const scaled = { ...root([0, 0.5]), keyframeType: 'KRTS' as const, scales: Float32Array.of(1, 1, 1, 1.5, 1.5, 1.5) };
    const packages = [
      {
        name: 'ped',
        animations: [
          {
            name: 'handscower',
            // A retail finger key of length 0.9, an empty track (GTA III's idle_chat has one), tracks the game binds by name.
            bones: [
              scaled,
              track(' Spine', -1, [0, 0.5], [0, 20]),
              track('R Hand', -1, [0, 0.25, 0.5], [0, 40, 80], true, 0.9),
              track(' Pelvis', -1, [], []),
            ],
          },
        ],
      },
    ];
    const { report, diff, back } = await roundTrip(packages, skeleton, 'ANPK');
    expect(report).toEqual({ animations: 1, ...clean });
    expect(diff.changed).toEqual([]);
    expect(back.animations[0]!.bones.map((b) => [b.boneName, b.boneId, b.keyframeType])).toEqual([
      ['Root', 0, 'KRTS'],
      [' Spine', -1, 'KR00'],
      ['R Hand', -1, 'KR00'],
      [' Pelvis', -1, 'KR00'],
    ]);
  });

  it("with --like a clip an exporter's sampling cut short of its end (Blender stops at its last whole frame) ends where the original does; a clip shortened by an edit keeps its length", async () => {
    const original = [
      { name: 'ped', animations: [{ name: 'walk', bones: [root([0, 0.6, 1.2]), track(' Pelvis', 1, [0, 0.6, 1.2], [0, 30, 0])] }] },
    ];
    const edit = async (end: number) => {
      const clip = { name: 'walk', bones: original[0]!.animations[0]!.bones.map((b) => ({ ...b, times: Float32Array.of(0, 0.6, end) })) };
      const { glb } = await exportGltf({
        skeleton,
        clips: new IFPReader(writeIFP([{ name: 'ped', animations: [clip] }], { format: 'ANP3' })).animations,
      });
      const { packages } = await importGltf(glb!, { skeleton, like: original });
      return packages[0]!.animations[0]!;
    };
    // 28/24 s: where Blender's 24 fps sampling of a 1.2 s clip stops.
    expect(duration(await edit(28 / 24))).toBe(Math.fround(1.2));
    expect(duration(await edit(0.9))).toBe(Math.fround(0.9));
  });
});
