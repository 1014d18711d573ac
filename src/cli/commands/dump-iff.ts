import type { IFFReader } from '../../iff/reader.js';
import { f32Text, summariseIFF } from '../format.js';

/** The `--json` document for FORM/ANM2 files; its schema is in the README. */
export function iffDocument(path: string, reader: IFFReader) {
  return {
    file: path,
    format: 'IFF',
    formType: 'ANM2',
    warnings: reader.warnings,
    duration: reader.duration,
    frameCount: reader.frameCount,
    sampleRate: reader.sampleRate,
    bones: reader.bones.map((bone) => ({
      index: bone.index,
      parent: bone.parent,
      inverseBindMatrix: Array.from(bone.inverseBindMatrix),
      rotations: Array.from(reader.tracks[bone.index]!.rotations),
    })),
    times: Array.from(reader.tracks[0]?.times ?? []),
    rootMotion: reader.rootMotion ? Array.from(reader.rootMotion) : null,
    unknownChunks: reader.unknownChunks.map(({ id, offset, size }) => ({ id, offset, size })),
  };
}

export function dumpIffText(reader: IFFReader, print: (line: string) => void): void {
  const list = (values: ArrayLike<number>) => Array.from(values, f32Text).join(' ');
  print(summariseIFF(reader));
  for (const bone of reader.hierarchyOrder()) {
    print(`  bone ${bone.index} parent ${bone.parent}: inverse bind ${list(bone.inverseBindMatrix)}`);
    const { times, rotations } = reader.tracks[bone.index]!;
    for (let i = 0; i < times.length; i++) print(`    t ${f32Text(times[i]!)}  q ${list(rotations.subarray(4 * i, 4 * i + 4))}`);
  }
  if (reader.rootMotion) {
    print('  root motion');
    for (let i = 0; i < reader.frameCount; i++) print(`    frame ${i}  ${list(reader.rootMotion.subarray(3 * i, 3 * i + 3))}`);
  }
  for (const c of reader.unknownChunks) print(`  unknown chunk ${c.id} at byte ${c.offset}, ${c.size} bytes`);
  for (const w of reader.warnings) print(`warning ${w.code}: ${w.message}`);
}
