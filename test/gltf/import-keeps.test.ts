// What import keeps of a gameanim export, with and without --like: every channel a track (constant
// or not), the glTF's durations and new clips under --like, and a warning when the glTF's skeleton is
// not the one it is imported onto.
import { expect, it } from 'vitest';
import { DFFReader, IFPReader, writeIFP, type PackageData } from '../../src/index.js';
import { exportGltf, importGltf } from '../../src/gltf/index.js';
import { sample, samplesPresent, SAMPLES_SKIP_MESSAGE, SAMPLES } from '../helpers/files.js';
import { describeWith } from '../helpers/needs.js';

describeWith([SAMPLES], 'import of a gameanim export of SA walk_player', () => {
  if (!samplesPresent) it.skip(SAMPLES_SKIP_MESSAGE, () => {});
  const model = new DFFReader(sample('dff/sa_skin_plain.dff'));
  const skeleton = model.skeleton!;
  const original = new IFPReader(sample('rwparserng_ped_anp3.ifp'));
  const walk = original.getAnimation('walk_player')!;

  it('keeps all 32 tracks, the 6 constant ones near the rest pose too, and every key', async () => {
    const { glb } = await exportGltf({ model, clips: [walk] });
    const { packages, warnings } = await importGltf(glb!, { skeleton });
    const back = new IFPReader(writeIFP(packages, { format: 'ANP3' })).animations[0]!;
    expect(back.bones.map((b) => b.boneId)).toEqual(walk.bones.map((b) => b.boneId));
    expect(back.keyframeCount).toBe(968);
    expect(warnings).toEqual([]);
  });

  it('--like keeps a lengthened clip at 3.0 s and a clip new to the original, and says what it took', async () => {
    // walk_player edited to last 3.0 s instead of 1.2 s, and a new clip beside it.
    const slow = walk.bones.map((b) => ({ ...b, times: b.times.map((t) => t * 2.5) }));
    const edited = new IFPReader(
      writeIFP(
        [
          {
            name: 'mine',
            animations: [
              { name: 'walk_player', bones: slow },
              { name: 'my_new_walk', bones: walk.bones },
            ],
          },
        ],
        { format: 'ANP3' },
      ),
    ).animations;
    const { glb } = await exportGltf({ model, clips: edited });
    const { packages, warnings } = await importGltf(glb!, { skeleton, like: original.packages as PackageData[] });
    const back = new IFPReader(writeIFP(packages, { format: 'ANP3' }));
    expect(back.packageName).toBe('ped');
    expect(back.animations.map((a) => [a.name, a.duration])).toEqual([
      ['WALK_player', Math.fround(3)],
      ['my_new_walk', walk.duration],
    ]);
    expect(back.getAnimation('walk_player')!.bones.map((b) => [b.boneId, b.keyframeType])).toEqual(
      walk.bones.map((b) => [b.boneId, b.keyframeType]),
    );
    const like = warnings.find((w) => w.code === 'like-original')!.message;
    expect(like).toMatch(
      /^1 animations took from their namesakes in the original: package "ped"; tracks \(0 of bones .*, 0 the glTF lacks .*\); key types \(0 translations dropped, 0 held .*\); compression \(0 tracks changed\); key times \(0 tracks .*, 0 animations .*, 0 tracks .*\); name case \(1 animations\); keys and lengths are the glTF's\. 1 animations have no namesake there and were kept as imported, in package "ped" \(first: my_new_walk\)$/,
    );
  });

  it('onto another skin: a warning naming how far its joints are; onto its own skin: none', async () => {
    const { glb } = await exportGltf({ model, clips: [walk] });
    for (const other of ['dff/sa_skin_protected.dff', 'dff/sa_skin_modelspace_frames.dff']) {
      const { warnings } = await importGltf(glb!, { skeleton: new DFFReader(sample(other)).skeleton! });
      expect(
        warnings.map((w) => w.code),
        other,
      ).toEqual(['other-skeleton']);
      expect(warnings[0]!.message).toMatch(
        /^the glTF's skeleton is not the one it was imported onto: its joints lie up to \d+\.\d mm from the skeleton's bones/,
      );
    }
    expect((await importGltf(glb!, { skeleton })).warnings).toEqual([]);
  });
});
