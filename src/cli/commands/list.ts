import type { DecodeWarning, SkeletalClip } from 'gameanim';
import { f32Text, textTable } from '../text.js';
import { findFormat } from 'gameanim';
import { formatOf, InputError, openArchive, readInput } from '../inputs.js';
import { merged, onFile, report, type CommandResult } from './result.js';
import { append } from '../append.js';

interface Source {
  file: string;
  /** The IMG entry the clips come from; null for a file of its own. */
  entry: string | null;
  clips: SkeletalClip[];
  warnings: readonly DecodeWarning[];
}

/**
 * The clips of each file (or of every entry of an archive): name, tracks, keys, seconds. With several
 * files, each table is headed by its file; with --json, one document for them all.
 */
export function list(paths: string[], print: (line: string) => void, json = false): CommandResult {
  const out = report(print, json);
  const sources: Source[] = [];
  const result = merged(
    paths.map((path) =>
      onFile(path, () => {
        const found = sourcesOf(path);
        append(sources, found);
        if (paths.length > 1) out.print(`${path}:`);
        printSources(found, out.print);
        return { inputErrors: [] };
      }),
    ),
  );
  if (!json) return result;
  return {
    ...result,
    json: {
      animations: sources.flatMap(({ file, entry, clips }) =>
        clips.map((clip) => ({ file, entry, name: clip.name, tracks: clip.tracks.length, keys: keyCount(clip), duration: Math.fround(clip.duration) })),
      ),
      warnings: sources.flatMap(({ file, entry, warnings }) => warnings.map((w) => ({ file, entry, code: w.code, offset: w.offset, message: w.message }))),
    },
  };
}

function sourcesOf(path: string): Source[] {
  const bytes = readInput(path);
  const { format } = formatOf(path, bytes);
  if (format.archive) {
    const { archive } = openArchive(path, bytes, true);
    const sources: Source[] = [];
    for (const entry of archive.entries) {
      const data = archive.read(entry);
      const inner = findFormat(data, entry.name);
      if (!inner?.clips) continue;
      const reader = inner.open(data);
      sources.push({ file: path, entry: entry.name, clips: inner.clips(reader), warnings: inner.warnings(reader) });
    }
    return sources;
  }
  if (!format.clips) throw new InputError(`${path}: a ${format.name} file holds no animations to list`);
  const reader = format.open(bytes);
  return [{ file: path, entry: null, clips: format.clips(reader), warnings: format.warnings(reader) }];
}

const keyCount = (clip: SkeletalClip) => clip.tracks.reduce((n, t) => n + t.times.length, 0);

function printSources(sources: Source[], print: (line: string) => void): void {
  const prefix = (entry: string | null) => (entry === null ? '' : `${entry}/`);
  const rows = sources.flatMap(({ entry, clips }) => clips.map((clip) => [prefix(entry) + (clip.name || '(unnamed)'), String(clip.tracks.length), String(keyCount(clip)), f32Text(Math.fround(clip.duration))]));
  print(textTable(['animation', 'tracks', 'keys', 'seconds'], rows));
  for (const { entry, warnings } of sources) for (const w of warnings) print(`${prefix(entry)}warning ${w.code}: ${w.message}`);
}
