import { f32Text, plural, textTable } from '../core/text.js';
import type { FileFormat } from '../core/file-format.js';
import { DFFReader } from './reader.js';
import { Section } from './sections.js';

export const dffFormat: FileFormat<DFFReader> = {
  name: 'DFF',
  description: 'RenderWare model (GTA III / VC / SA), read for its skeleton',
  extensions: ['.dff'],
  namedClips: false,
  // A Clump first; models with sections before the Clump are found by extension.
  sniff: (bytes) => bytes.length >= 12 && new DataView(bytes.buffer, bytes.byteOffset, 12).getUint32(0, true) === Section.Clump,
  open: (bytes) => new DFFReader(bytes),
  summary(reader) {
    const bones = reader.skeleton ? `${plural(reader.skeleton.boneCount, 'bone')}${reader.skeleton.inverseBindMatrices ? ', inverse binds' : ''}` : 'no skeleton';
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
  warnings: (reader) => reader.warnings,
  skeleton: (reader) => reader.skeleton,
  dumpText(reader, print) {
    print(dffFormat.summary(reader));
    reader.frames.forEach((frame, i) => {
      print(`  frame ${i} ${JSON.stringify(frame.name)} parent ${frame.parent} hanim ${frame.hanimId}`);
      print(`    rotation ${Array.from(frame.rotation, f32Text).join(' ')}  position ${Array.from(frame.position, f32Text).join(' ')}`);
    });
    dffFormat.details!(reader).forEach(print);
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
