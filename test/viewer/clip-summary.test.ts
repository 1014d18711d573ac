// The animation list's line under each clip (viewer/clip-summary.ts): counts in words that agree with
// the number, on clips the IFP writer made and the format entry opened, as the viewer opens them.
import { expect, it } from 'vitest';
import { openFile, writeIFP, type SkeletalClip, type TrackData } from 'gameanim';
import { clipSummary } from '../../viewer/clip-summary.js';

const track = (boneId: number, keys: number): TrackData => ({
  boneName: `bone${boneId}`,
  boneId,
  keyframeType: 'KR00',
  compressed: true,
  times: Float32Array.from({ length: keys }, (_, k) => k / 30),
  rotations: Float32Array.from({ length: 4 * keys }, (_, i) => (i % 4 === 3 ? 1 : 0)),
  translations: null,
  scales: null,
});

it('says "1 track, 1 key" for one of each, and plurals otherwise', () => {
  const bytes = writeIFP(
    [
      {
        name: 'pkg',
        animations: [
          { name: 'one', bones: [track(1, 1)] },
          { name: 'many', bones: [track(1, 4), track(2, 4)] },
        ],
      },
    ],
    { format: 'ANP3' },
  );
  const opened = openFile(bytes, 'pkg.ifp')!;
  const clips: SkeletalClip[] = opened.format.clips!(opened.reader);
  expect(clips.map(clipSummary)).toEqual(['1 track, 1 key, 0.00 s', '2 tracks, 8 keys, 0.10 s']);
});
