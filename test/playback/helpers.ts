import { IFPReader, writeIFP, type TrackData } from '../../src/index.js';

/** An IFP animation built from float tracks (so values are exact), decoded by the real reader. */
export function animationOf(
  tracks: Array<
    Omit<Partial<TrackData>, 'times' | 'rotations' | 'translations'> & { times: number[]; rotations: number[]; translations?: number[] }
  >,
) {
  const bones: TrackData[] = tracks.map((t, i) => ({
    boneName: t.boneName ?? `b${i}`,
    boneId: t.boneId ?? i,
    keyframeType: t.translations ? 'KRT0' : 'KR00',
    compressed: false,
    times: Float32Array.from(t.times),
    rotations: Float32Array.from(t.rotations),
    translations: t.translations ? Float32Array.from(t.translations) : null,
    scales: null,
  }));
  return new IFPReader(writeIFP([{ name: 'test', animations: [{ name: 'clip', bones }] }], { format: 'ANP3' })).animations[0]!;
}

export const S45 = Math.SQRT1_2;
/** Rotation of `degrees` about Z as x, y, z, w. */
export const aboutZ = (degrees: number) => [0, 0, Math.sin((degrees * Math.PI) / 360), Math.cos((degrees * Math.PI) / 360)];
