// What the command line and the viewer print for this format (see ../presentation.ts).
import { f32Text, plural } from '../text.js';
import type { Presentation } from '../presentation.js';
import { iffFormat } from 'gameanim';
import type { IFFReader } from 'gameanim';

export const iffPresentation: Presentation<IFFReader> = {
  format: iffFormat,
  summary(reader) {
    const counts = new Map<string, number>();
    for (const chunk of reader.unknownChunks) counts.set(chunk.id, (counts.get(chunk.id) ?? 0) + 1);
    const extras = counts.size ? `, unknown chunks ${[...counts].map(([id, n]) => (n > 1 ? `${id} x${n}` : id)).join(' ')}` : '';
    return (
      `IFF ANM2: ${plural(reader.boneCount, 'bone')}, ${plural(reader.frameCount, 'frame')} at ${reader.sampleRate} Hz, ` +
      `${f32Text(reader.duration)} s, root motion ${reader.rootMotion ? 'yes' : 'no'}${extras}, ${reader.zeroCopy ? 'zero-copy' : 'copied'}`
    );
  },
  dumpText(reader, print) {
    const list = (values: ArrayLike<number>) => Array.from(values, f32Text).join(' ');
    print(iffPresentation.summary(reader));
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
  },
  dumpJson(reader, file) {
    return {
      file,
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
  },
};
