import { IFPReader } from '../../ifp/reader.js';
import { detectKind, isIfpEntry, openArchive, readInput } from '../inputs.js';
import { f32Text, textTable } from '../format.js';
import { UsageError } from '../usage.js';
import { onFile, type CommandResult } from './result.js';

export function list(path: string, print: (line: string) => void): CommandResult {
  return onFile(path, () => listFile(path, print));
}

function listFile(path: string, print: (line: string) => void): CommandResult {
  const bytes = readInput(path);
  const kind = detectKind(path, bytes);
  const readers: Array<[string, IFPReader]> = [];
  if (kind === 'IFP') {
    readers.push(['', new IFPReader(bytes)]);
  } else if (kind === 'IMG') {
    const { archive } = openArchive(path, bytes, true);
    for (const entry of archive.entries) if (isIfpEntry(entry.name)) readers.push([`${entry.name}/`, new IFPReader(archive.read(entry))]);
  } else {
    throw new UsageError(`${path}: list takes an IFP file or an IMG archive`);
  }
  const rows = readers.flatMap(([prefix, reader]) =>
    reader.animations.map((a) => [prefix + a.name, String(a.trackCount), String(a.keyframeCount), f32Text(a.duration)]),
  );
  print(textTable(['animation', 'tracks', 'keys', 'seconds'], rows));
  for (const [prefix, reader] of readers) for (const w of reader.warnings) print(`${prefix}warning ${w.code}: ${w.message}`);
  return { decodeErrors: [] };
}
