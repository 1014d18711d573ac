// GTA III's clips on a skinned III ped (re3's PED_SKIN build, the mobile ports): tracks carry names and
// no ids, the ped carries HAnim ids (III's bone tags) and III's names. Each track binds by name, as
// re3's FrameFindByNameCBskin finds a skinned clump's frame, and the pose is the one the unskinned ped
// shows (docs/binding.md).
import { describe, expect, it } from 'vitest';
import {
  bindClip,
  createPose,
  DFFReader,
  GTA3_PED_BONE_TAGS,
  IFPReader,
  sampleClip,
  writeDFF,
  type DFFDoc,
  type Skeleton,
} from '../../src/index.js';
import { skinnedGta3 } from '../../scripts/fixture-specs.mjs';
import { fixture, sample, SAMPLES } from '../helpers/files.js';
import { itWith } from '../helpers/needs.js';

/** The skinned twin of an unskinned III ped: its frames, III's bone tags as ids, a Skin PLG posed as the frames. */
function skinnedTwin(rigid: Skeleton): Skeleton {
  const doc = skinnedGta3({
    names: rigid.names,
    parents: rigid.parents,
    rotations: rigid.restRotations,
    translations: rigid.restTranslations,
  }) as DFFDoc;
  return new DFFReader(writeDFF(doc)).skeleton!;
}

describe('a skinned GTA III ped (fixture: 16 parts with bone tags as ids)', () => {
  const skeleton = new DFFReader(fixture('dff-skinned-gta3.dff')).skeleton!;

  it('reads as skinned, its ids III bone tags; tracks translate from the rest position, as III skins do', () => {
    expect(skeleton.boneCount).toBe(16);
    expect(skeleton.bindNames).toBe('bone-tags');
    expect(skeleton.inverseBindMatrices).not.toBeNull();
    expect(skeleton.names.map((name, bone) => GTA3_PED_BONE_TAGS[skeleton.ids[bone]!] === name).every(Boolean)).toBe(true);
    expect(skeleton.trackTranslations).toBe('offset');
  });

  it('every track of a III clip (names, no ids) drives its bone', () => {
    const run = new IFPReader(fixture('anpk-gta3.ifp')).getAnimation('run_civi')!;
    expect(run.tracks.every((track) => track.boneId === -1)).toBe(true);
    const bound = bindClip(run, skeleton);
    expect(bound.unmatchedTracks).toEqual([]);
    expect(run.tracks.map((track) => skeleton.names[bound.trackOfBone.indexOf(run.tracks.indexOf(track))])).toEqual(
      run.tracks.map((track) => track.boneName),
    );
  });

  it('a track with an id the ped has binds by id; one whose id the ped lacks falls back to its name', () => {
    const clip = new IFPReader(fixture('anpk-gta3.ifp')).getAnimation('run_civi')!;
    const byId = {
      ...clip,
      tracks: clip.tracks.map((track) => ({ ...track, boneId: track.boneName === 'Swaist' ? 9 : 500 })),
    } as typeof clip;
    const bound = bindClip(byId, skeleton);
    expect(skeleton.names[bound.trackOfBone.indexOf(0)]).toBe('Shead'); // Swaist's track carries id 9: Shead's tag
    expect(bound.unmatchedTracks).toEqual(clip.tracks.filter((track) => track.boneName === 'Shead').map((track) => track.boneName)); // Shead taken by id first
  });
});

describe("III's walk_player on a skinned III ped and on the unskinned player.dff", () => {
  itWith([SAMPLES])('drives every bone it names, and the pose is the same frame for frame (rotations within 1e-5)', () => {
    const rigid = new DFFReader(sample('iii/player.dff')).skeleton!;
    const skinned = skinnedTwin(rigid);
    const walk = new IFPReader(sample('iii_pcanims_ped_anpk.ifp')).getAnimation('walk_player')!;
    const onSkin = bindClip(walk, skinned);
    const onFrames = bindClip(walk, rigid);
    expect(onSkin.unmatchedTracks).toEqual([]);
    expect(onSkin.restBones).toEqual([]);
    expect(skinned.boneCount).toBe(walk.tracks.length);
    const skinPose = createPose(skinned);
    const framePose = createPose(rigid);
    const times = [...new Set(walk.tracks.flatMap((track) => Array.from(track.times)))].sort((a, b) => a - b);
    expect(times.length).toBeGreaterThan(20);
    let worst = 0;
    for (const time of times) {
      sampleClip(onSkin, time, skinPose);
      sampleClip(onFrames, time, framePose);
      for (let bone = 0; bone < skinned.boneCount; bone++) {
        const other = rigid.indexOf(skinned.names[bone]!);
        for (let c = 0; c < 4; c++)
          worst = Math.max(worst, Math.abs(skinPose.rotations[4 * bone + c]! - framePose.rotations[4 * other + c]!));
        // The game resets a skinned ped's root to the origin (re3 SkinGetBonePositionsToTable), an
        // unskinned one's to its frame: the root's translation differs by that frame's position alone.
        const root = skinned.parents[bone] === -1 ? rigid.restTranslations.subarray(3 * other, 3 * other + 3) : [0, 0, 0];
        for (let c = 0; c < 3; c++)
          expect(skinPose.translations[3 * bone + c]! + root[c]!, `${skinned.names[bone]} at ${time}`).toBeCloseTo(
            framePose.translations[3 * other + c]!,
            5,
          );
      }
    }
    console.log(
      `walk_player: ${times.length} key times, 16 bones; largest rotation difference skinned vs unskinned ${worst.toExponential(2)}`,
    );
    expect(worst).toBeLessThan(1e-5);
  });
});
