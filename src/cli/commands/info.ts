import { DecodeError } from '../../core/errors.js';
import { IFFReader } from '../../iff/reader.js';
import { IFPReader } from '../../ifp/reader.js';
import { SpriteAnimReader } from '../../sprite/reader.js';
import { detectKind, isIfpEntry, openArchive, readInput } from '../inputs.js';
import { plural, summariseAnim, summariseIFF, summariseIFP, warningLines } from '../format.js';
import { startProgress } from '../progress.js';
import type { CommandResult } from './result.js';

export function info(paths: string[], print: (line: string) => void): CommandResult {
  const result: CommandResult = { decodeErrors: [] };
  const progress = startProgress(paths.length, 'files');
  try {
    for (const path of paths) {
      progress.tick(path);
      const bytes = readInput(path);
      try {
        describeFile(path, bytes, print, result);
      } catch (error) {
        if (!(error instanceof DecodeError)) throw error;
        result.decodeErrors.push(`${path}: ${error.message}`);
      }
    }
  } finally {
    progress.stop();
  }
  return result;
}

function describeFile(path: string, bytes: Uint8Array, print: (line: string) => void, result: CommandResult): void {
  const kind = detectKind(path, bytes);
  if (kind === 'IFF' || kind === 'ANIM') {
    const reader = kind === 'IFF' ? new IFFReader(bytes) : new SpriteAnimReader(bytes);
    print(`${path}: ${reader instanceof IFFReader ? summariseIFF(reader) : summariseAnim(reader)}`);
    warningLines(reader.warnings, '  ').forEach(print);
    return;
  }
  if (kind !== 'IMG') {
    // Unknown files go to the IFP reader too, whose unknown-magic error says what was found.
    const reader = new IFPReader(bytes);
    print(`${path}: ${summariseIFP(reader)} (${reader.backend})`);
    warningLines(reader.warnings, '  ').forEach(print);
    return;
  }
  {
    const { archive, note } = openArchive(path, bytes);
    print(`${path}: IMG ${archive.version}, ${plural(archive.entries.length, 'entry').replace('entrys', 'entries')}${note ? ` (${note})` : ''}`);
    warningLines(archive.warnings, '  ').forEach(print);
    const totals = { files: 0, animations: 0, tracks: 0, keyframes: 0, other: 0 };
    const progress = startProgress(archive.entries.length, 'entries');
    try {
      for (const entry of archive.entries) {
        progress.tick(entry.name);
        if (!isIfpEntry(entry.name)) {
          totals.other++;
          continue;
        }
        try {
          const reader = new IFPReader(archive.read(entry));
          print(`  ${entry.name}: ${summariseIFP(reader)}`);
          warningLines(reader.warnings, '    ').forEach(print);
          totals.files++;
          totals.animations += reader.animations.length;
          totals.tracks += reader.trackCount;
          totals.keyframes += reader.keyframeCount;
        } catch (error) {
          if (!(error instanceof DecodeError)) throw error;
          print(`  ${entry.name}: error ${error.code}: ${error.message}`);
          result.decodeErrors.push(`${path}: ${entry.name}: ${error.message}`);
        }
      }
    } finally {
      progress.stop();
    }
    print(
      `  total: ${plural(totals.files, 'IFP entry').replace('entrys', 'entries')}, ${plural(totals.animations, 'animation')}, ${plural(totals.tracks, 'track')}, ${plural(totals.keyframes, 'keyframe')}` +
        (totals.other ? `; ${totals.other} other entries not decoded` : ''),
    );
  }
}
