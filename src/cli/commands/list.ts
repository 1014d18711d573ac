import { f32Text, textTable } from '../text.js';
import type { SkeletalClip } from 'gameanim';
import { findFormat } from '../../formats.js';
import { formatOf, InputError, openArchive, readInput } from '../inputs.js';
import { onFile, type CommandResult } from './result.js';

/** The clips of a file (or of every entry of an archive): name, tracks, keys, seconds. */
export function list(path: string, print: (line: string) => void): CommandResult {
  return onFile(path, () => listFile(path, print));
}

function listFile(path: string, print: (line: string) => void): CommandResult {
  const bytes = readInput(path);
  const { format } = formatOf(path, bytes);
  const sources: Array<{ prefix: string; clips: SkeletalClip[]; warnings: readonly { code: string; message: string }[] }> = [];
  if (format.archive) {
    const { archive } = openArchive(path, bytes, true);
    for (const entry of archive.entries) {
      const data = archive.read(entry);
      const inner = findFormat(data, entry.name)?.format;
      if (!inner?.clips) continue;
      const reader = inner.open(data);
      sources.push({ prefix: `${entry.name}/`, clips: inner.clips(reader), warnings: inner.warnings(reader) });
    }
  } else {
    if (!format.clips) throw new InputError(`${path}: a ${format.name} file holds no animations to list`);
    const reader = format.open(bytes);
    sources.push({ prefix: '', clips: format.clips(reader), warnings: format.warnings(reader) });
  }
  const rows = sources.flatMap(({ prefix, clips }) =>
    clips.map((clip) => [prefix + (clip.name || '(unnamed)'), String(clip.tracks.length), String(clip.tracks.reduce((n, t) => n + t.times.length, 0)), f32Text(Math.fround(clip.duration))]),
  );
  print(textTable(['animation', 'tracks', 'keys', 'seconds'], rows));
  for (const { prefix, warnings } of sources) for (const w of warnings) print(`${prefix}warning ${w.code}: ${w.message}`);
  return { inputErrors: [] };
}
