// The animations a command reads from one input: a file of clips (IFP, ANM2, IGI 2), or every entry of
// an IMG archive that holds clips. list prints them, export writes them into one glTF: both read them here.
import { withArticle } from './text.js';
import { findFormat, type DecodeWarning, type SkeletalClip } from 'gameanim';
import { formatOf, InputError, openArchive, readInput } from './inputs.js';

export interface ClipSource {
  file: string;
  /** The IMG entry the clips come from; null for a file of its own. */
  entry: string | null;
  clips: SkeletalClip[];
  warnings: readonly DecodeWarning[];
}

/** `archive.img/entry.ifp`, or the file's own name: how messages name where a clip came from. */
export const sourceName = (source: Pick<ClipSource, 'file' | 'entry'>) => (source.entry === null ? source.file : `${source.file}/${source.entry}`);

/** The clips of `path`: one source for a file, one per clip-holding entry of an archive. `doing` ends the refusal of other formats. */
export function clipSources(path: string, doing: string): ClipSource[] {
  const bytes = readInput(path);
  const { format } = formatOf(path, bytes);
  if (format.archive) {
    const { archive } = openArchive(path, bytes, true);
    const sources: ClipSource[] = [];
    for (const entry of archive.entries) {
      const data = archive.read(entry);
      const inner = findFormat(data, entry.name);
      if (!inner?.clips) continue;
      const reader = inner.open(data);
      sources.push({ file: path, entry: entry.name, clips: inner.clips(reader), warnings: inner.warnings(reader) });
    }
    return sources;
  }
  if (!format.clips) throw new InputError(`${path}: ${withArticle(format.name)} file holds no animations ${doing}`);
  const reader = format.open(bytes);
  return [{ file: path, entry: null, clips: format.clips(reader), warnings: format.warnings(reader) }];
}
