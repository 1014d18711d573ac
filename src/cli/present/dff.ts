// What the command line and the viewer print for this format (see ../presentation.ts).
import { f32Text, plural, textTable } from '../text.js';
import type { Presentation } from '../presentation.js';
import { dffFormat } from 'gameanim';
import type { DFFReader } from 'gameanim';

export const dffPresentation: Presentation<DFFReader> = {
  format: dffFormat,
  summary(reader) {
    const bones = reader.skeleton
      ? `${plural(reader.skeleton.boneCount, 'bone')}${reader.skeleton.inverseBindMatrices ? ', inverse binds' : ''}`
      : 'no skeleton';
    return `DFF: ${plural(reader.frames.length, 'frame')}, ${bones}`;
  },
  details(reader) {
    const skeleton = reader.skeleton;
    if (!skeleton) return [];
    const rows = skeleton.names.map((name, i) => [
      String(i),
      String(skeleton.ids[i]),
      JSON.stringify(name),
      String(skeleton.parents[i]),
      Array.from(skeleton.restTranslations.subarray(3 * i, 3 * i + 3), f32Text).join(' '),
    ]);
    return textTable(['bone', 'id', 'name', 'parent', 'rest translation'], rows, [2, 4])
      .split('\n')
      .map((line) => `  ${line}`);
  },
  dumpText(reader, print) {
    print(dffPresentation.summary(reader));
    reader.frames.forEach((frame, i) => {
      print(`  frame ${i} ${JSON.stringify(frame.name)} parent ${frame.parent} hanim ${frame.hanimId}`);
      print(`    rotation ${Array.from(frame.rotation, f32Text).join(' ')}  position ${Array.from(frame.position, f32Text).join(' ')}`);
    });
    dffPresentation.details!(reader).forEach(print);
    for (const w of reader.warnings) print(`warning ${w.code}: ${w.message}`);
  },
  dumpJson(reader, file) {
    const skeleton = reader.skeleton;
    return {
      file,
      format: 'DFF',
      warnings: reader.warnings,
      frames: reader.frames.map((frame) => ({ ...frame, rotation: Array.from(frame.rotation), position: Array.from(frame.position) })),
      skeleton: skeleton && {
        names: skeleton.names,
        ids: Array.from(skeleton.ids),
        parents: Array.from(skeleton.parents),
        restRotations: Array.from(skeleton.restRotations),
        restTranslations: Array.from(skeleton.restTranslations),
        inverseBindMatrices: skeleton.inverseBindMatrices && Array.from(skeleton.inverseBindMatrices),
      },
    };
  },
};
