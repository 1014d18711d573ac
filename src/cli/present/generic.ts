// What the command line and the viewer show of a format registered without a presentation (a plug-in's
// entry given to `register` alone): its name and description, the file's size, and what each
// capability it has gives. It has no dump: `dump` says so, naming the format, instead of guessing.
import type { AnyFileFormat } from 'gameanim';
import { plural } from '../text.js';
import type { Presentation } from '../presentation.js';

/** What a file of `format` offers, one phrase per capability the entry has. */
function capabilities(format: AnyFileFormat, reader: unknown): string[] {
  const found: string[] = [];
  if (format.packages) found.push(plural(format.packages(reader).length, 'package'));
  if (format.clips) found.push(plural(format.clips(reader).length, 'clip'));
  if (format.skeleton) {
    const skeleton = format.skeleton(reader);
    found.push(skeleton ? `a skeleton of ${plural(skeleton.boneCount, 'bone')}` : 'no skeleton');
  }
  if (format.model) found.push(`a model of ${plural(format.model(reader).geometries.length, 'mesh', 'meshes')}`);
  if (format.archive) found.push(plural(format.archive(reader).entries.length, 'archive entry', 'archive entries'));
  if (format.textures) found.push(plural(format.textures(reader).length, 'texture'));
  if (format.sprites) found.push('sprites and their scripts');
  return found;
}

/** The presentation of an entry that has none of its own. */
export function genericPresentation(format: AnyFileFormat): Presentation<unknown> {
  return {
    format,
    summary: (reader, size) => {
      const offered = capabilities(format, reader);
      const bytes = size === undefined ? '' : `, ${plural(size, 'byte')}`;
      return `${format.name} (${format.description})${bytes}: ${offered.length ? offered.join(', ') : 'no capability gameanim shows'}`;
    },
    infoNote: () => 'a registered format without a presentation: shown by its capabilities',
  };
}
