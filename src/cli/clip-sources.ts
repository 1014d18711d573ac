// The animations a command reads from one input: a file of clips (IFP, ANM2, IGI 2), or every entry of
// an IMG archive that holds clips. list prints them, export writes them into one glTF: both read them here.
import { withArticle } from './text.js';
import type { DecodeWarning, SkeletalClip } from 'gameanim';
import { InputError } from './inputs.js';
import { inputFiles } from './input-files.js';

export interface ClipSource {
  file: string;
  /** The IMG entry the clips come from; null for a file of its own. */
  entry: string | null;
  clips: SkeletalClip[];
  warnings: readonly DecodeWarning[];
}

/** `archive.img/entry.ifp`, or the file's own name: how messages name where a clip came from. */
export const sourceName = (source: Pick<ClipSource, 'file' | 'entry'>) =>
  source.entry === null ? source.file : `${source.file}/${source.entry}`;

/** The clips of `path`: one source for a file, one per clip-holding entry of an archive. `doing` ends the refusal of other formats. */
export function clipSources(path: string, doing: string): ClipSource[] {
  const { archive, files } = inputFiles(path, `reading its animations ${doing}`);
  if (!archive && !files[0]!.format.clips)
    throw new InputError(`${path}: ${withArticle(files[0]!.format.name)} file holds no animations ${doing}`);
  return files.flatMap(({ file, entry, bytes, format }) => {
    if (!format.clips) return [];
    const reader = format.open(bytes);
    return [{ file, entry, clips: format.clips(reader), warnings: format.warnings(reader) }];
  });
}
