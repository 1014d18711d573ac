import { DecodeError } from '../../core/errors.js';
import { IFFReader } from '../../iff/reader.js';
import { IFPReader } from '../../ifp/reader.js';
import { SpriteAnimReader } from '../../sprite/reader.js';
import { detectKind, isIfpEntry, openArchive, readInput } from '../inputs.js';
import { plural, summariseAnim, summariseIFF, summariseIFP, warningLines } from '../format.js';
import { startProgress } from '../progress.js';
import { EXTRACT_AMPLIFICATION_LIMIT } from './img.js';
import { onFile, type CommandResult } from './result.js';

type Print = (line: string) => void;

export function info(paths: string[], print: Print): CommandResult {
  const result: CommandResult = { decodeErrors: [] };
  const progress = startProgress(paths.length, 'files');
  try {
    for (const path of paths) {
      progress.tick(path);
      const bytes = readInput(path);
      result.decodeErrors.push(...onFile(path, () => describeFile(path, bytes, print)).decodeErrors);
    }
  } finally {
    progress.stop();
  }
  return result;
}

function describeFile(path: string, bytes: Uint8Array, print: Print): CommandResult {
  const kind = detectKind(path, bytes);
  if (kind === 'IMG') return describeArchive(path, bytes, print);
  if (kind === 'IFF' || kind === 'ANIM') {
    const reader = kind === 'IFF' ? new IFFReader(bytes) : new SpriteAnimReader(bytes);
    print(`${path}: ${reader instanceof IFFReader ? summariseIFF(reader) : summariseAnim(reader)}`);
    warningLines(reader.warnings, '  ').forEach(print);
  } else {
    // Unknown files go to the IFP reader too, whose unknown-magic error says what was found.
    const reader = new IFPReader(bytes);
    print(`${path}: ${summariseIFP(reader)} (${reader.backend})`);
    warningLines(reader.warnings, '  ').forEach(print);
  }
  return { decodeErrors: [] };
}

/** Every IFP entry decoded and summarised; a broken entry is reported and the others still are. */
function describeArchive(path: string, bytes: Uint8Array, print: Print): CommandResult {
  const result: CommandResult = { decodeErrors: [] };
  const { archive, note } = openArchive(path, bytes);
  print(`${path}: IMG ${archive.version}, ${plural(archive.entries.length, 'entry', 'entries')}${note ? ` (${note})` : ''}`);
  warningLines(archive.warnings, '  ').forEach(print);
  const totals = { files: 0, animations: 0, tracks: 0, keyframes: 0, other: 0 };
  // Entries that share a byte range (a hostile directory can list one range thousands of times) are
  // decoded once; the others say so.
  const decodedRange = new Map<string, string>();
  const decodeLimit = EXTRACT_AMPLIFICATION_LIMIT * bytes.length;
  let decodedBytes = 0;
  let skipped = 0;
  let outOfRange = 0;
  const progress = startProgress(archive.entries.length, 'entries');
  try {
    for (const entry of archive.entries) {
      progress.tick(entry.name);
      if (!isIfpEntry(entry.name)) {
        totals.other++;
        continue;
      }
      if (entry.offset + entry.size > archive.dataLength) {
        outOfRange++; // reported once below (and in the archive's warning), not entry by entry
        continue;
      }
      const range = `${entry.offset}+${entry.size}`;
      const same = decodedRange.get(range);
      if (same !== undefined) {
        print(`  ${entry.name}: the same bytes as ${same}, not decoded again`);
        continue;
      }
      decodedRange.set(range, entry.name);
      // Distinct but overlapping ranges could still make the work many times the archive: cap it.
      decodedBytes += entry.size;
      if (decodedBytes > decodeLimit) {
        skipped++;
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
  // Without its .img a directory has no data to decode: the note above says so, and that is no error.
  if (outOfRange && !note) {
    const message = `${path}: ${plural(outOfRange, 'IFP entry lies', 'IFP entries lie')} past the archive's data and could not be decoded`;
    print(`  ${message}`);
    result.decodeErrors.push(message);
  }
  if (skipped) {
    const message = `${path}: ${plural(skipped, 'entry was', 'entries were')} not decoded: the entries overlap, and decoding them all would read more than ${EXTRACT_AMPLIFICATION_LIMIT} times the archive's size`;
    print(`  ${message}`);
    result.decodeErrors.push(message);
  }
  const counts = [plural(totals.files, 'IFP entry', 'IFP entries'), plural(totals.animations, 'animation'), plural(totals.tracks, 'track'), plural(totals.keyframes, 'keyframe')];
  print(`  total: ${counts.join(', ')}${totals.other ? `; ${totals.other} other entries not decoded` : ''}`);
  return result;
}
