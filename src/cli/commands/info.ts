import { DecodeError } from 'gameanim';
import { plural, warningLines } from '../text.js';
import { findPresentation, type Presentation } from '../present/index.js';
import type { IMGEntry } from 'gameanim';
import { formatOf, openArchive, readInput } from '../inputs.js';
import { startProgress } from '../progress.js';
import { amplificationLimit, EXTRACT_AMPLIFICATION_LIMIT } from '../amplification.js';
import { merged, onFile, report, type CommandResult } from './result.js';
import { atLeastOne, defineCommand } from '../command-spec.js';
import { jsonFlag } from '../common-flags.js';
import { FORMAT_LINES } from '../help-text.js';

type Print = (line: string) => void;

/** `info --json`: one record per file (docs/guides/cli.md, "JSON output", has the schema). */
type InfoRecord = Record<string, unknown> & { file: string };

export function info(paths: string[], print: Print, json = false): CommandResult {
  const out = report(print, json);
  const records: InfoRecord[] = [];
  const progress = startProgress(paths.length, 'files', out.print);
  try {
    const result = merged(
      paths.map((path) => {
        progress.tick(path);
        const before = records.length;
        const fileResult = onFile(path, () => describeFile(path, progress.print, records));
        if (records.length === before) records.push({ file: path, error: fileResult.inputErrors[0] ?? 'not read' });
        return fileResult;
      }),
    );
    return json ? { ...result, json: { files: records } } : result;
  } finally {
    progress.stop();
  }
}

function describeFile(path: string, print: Print, records: InfoRecord[]): CommandResult {
  const bytes = readInput(path);
  const shown = formatOf(path, bytes);
  if (shown.format.archive) return describeArchive(path, bytes, print, records);
  const reader = shown.format.open(bytes);
  const note = shown.infoNote?.(reader);
  const summary = shown.summary(reader, bytes.length);
  const warnings = shown.format.warnings(reader);
  print(`${path}: ${summary}${note ? ` (${note})` : ''}`);
  shown.details?.(reader).forEach(print);
  warningLines(warnings, '  ').forEach(print);
  records.push({ file: path, format: shown.format.name, summary, note: note ?? null, warnings });
  return { inputErrors: [] };
}

/**
 * Every entry of a known format decoded and summarised; a broken entry is reported and the others
 * still are. Entries that share a byte range are decoded once, and all together at most 64 times the
 * archive's size: a hostile directory cannot multiply the work.
 */
function describeArchive(path: string, bytes: Uint8Array, print: Print, records: InfoRecord[]): CommandResult {
  const result: CommandResult = { inputErrors: [] };
  const { archive, note } = openArchive(path, bytes);
  const entries: Array<Record<string, unknown>> = [];
  print(`${path}: IMG ${archive.version}, ${plural(archive.entries.length, 'entry', 'entries')}${note ? ` (${note})` : ''}`);
  warningLines(archive.warnings, '  ').forEach(print);
  const totals = { byFormat: new Map<string, number>(), animations: 0, tracks: 0, keyframes: 0, other: 0 };
  const decodedRange = new Map<string, string>();
  const decodeLimit = amplificationLimit(bytes, archive);
  let decodedBytes = 0;
  let skipped = 0;
  let outOfRange = 0;
  const progress = startProgress(archive.entries.length, 'entries', print);
  try {
    for (const entry of archive.entries) {
      progress.tick(entry.name);
      if (entry.offset + entry.size > archive.dataLength) {
        outOfRange++; // reported once below (and in the archive's warning), not entry by entry
        continue;
      }
      const data = archive.read(entry);
      const format = findPresentation(data, entry.name);
      if (!format || format.format.archive) {
        totals.other++;
        continue;
      }
      const range = `${entry.offset}+${entry.size}`;
      const same = decodedRange.get(range);
      if (same !== undefined) {
        progress.print(`  ${entry.name}: the same bytes as ${same}, not decoded again`);
        entries.push({ name: entry.name, sameAs: same });
        continue;
      }
      decodedRange.set(range, entry.name);
      decodedBytes += entry.size;
      if (decodedBytes > decodeLimit) {
        skipped++;
        continue;
      }
      entries.push(describeEntry(path, entry, format, data, totals, progress.print, result));
    }
  } finally {
    progress.stop();
  }
  // Without its .img a directory has no data to decode: the note above says so, and that is no error.
  if (outOfRange && !note)
    problem(`${path}: ${plural(outOfRange, 'entry lies', 'entries lie')} past the archive's data and could not be decoded`, print, result);
  if (skipped) {
    problem(
      `${path}: ${plural(skipped, 'entry was', 'entries were')} not decoded: the entries overlap, and decoding them all would read more than ${EXTRACT_AMPLIFICATION_LIMIT} times the archive's size`,
      print,
      result,
    );
  }
  const files = [...totals.byFormat].map(([name, n]) => plural(n, `${name} entry`, `${name} entries`));
  const counts = [
    ...(files.length ? files : ['0 entries decoded']),
    plural(totals.animations, 'animation'),
    plural(totals.tracks, 'track'),
    plural(totals.keyframes, 'keyframe'),
  ];
  print(`  total: ${counts.join(', ')}${totals.other ? `; ${plural(totals.other, 'other entry', 'other entries')} not decoded` : ''}`);
  records.push({
    file: path,
    format: 'IMG',
    version: archive.version,
    entryCount: archive.entries.length,
    note: note ?? null,
    warnings: archive.warnings,
    entries,
    total: {
      byFormat: Object.fromEntries(totals.byFormat),
      animations: totals.animations,
      tracks: totals.tracks,
      keyframes: totals.keyframes,
      other: totals.other,
      skipped,
      outOfRange,
    },
  });
  return result;
}

function describeEntry(
  path: string,
  entry: IMGEntry,
  shown: Presentation<unknown>,
  data: Uint8Array,
  totals: { byFormat: Map<string, number>; animations: number; tracks: number; keyframes: number },
  print: Print,
  result: CommandResult,
): Record<string, unknown> {
  try {
    const { format } = shown;
    const reader = format.open(data);
    const summary = shown.summary(reader, data.length);
    const warnings = format.warnings(reader);
    print(`  ${entry.name}: ${summary}`);
    warningLines(warnings, '    ').forEach(print);
    totals.byFormat.set(format.name, (totals.byFormat.get(format.name) ?? 0) + 1);
    for (const clip of format.clips?.(reader) ?? []) {
      totals.animations++;
      totals.tracks += clip.tracks.length;
      for (const track of clip.tracks) totals.keyframes += track.times.length;
    }
    return { name: entry.name, format: format.name, summary, warnings };
  } catch (error) {
    if (!(error instanceof DecodeError)) throw error;
    print(`  ${entry.name}: error ${error.code}: ${error.message}`);
    result.inputErrors.push(`${path}: ${entry.name}: ${error.message}`);
    return { name: entry.name, format: shown.format.name, error: { code: error.code, offset: error.offset, message: error.message } };
  }
}

function problem(message: string, print: Print, result: CommandResult): void {
  print(`  ${message}`);
  result.inputErrors.push(message);
}

/** `gameanim info FILE... [--json]`. */
export const infoSpec = defineCommand({
  name: 'info',
  help: `usage: gameanim info FILE... [--json]

Prints each file's format, counts and warnings: IFP packages, animations, tracks and keyframes;
FORM/ANM2 bones, frames, sample rate, duration, root motion and unknown chunks; ANIM sprites and
scripts; camera path keys; TXD textures; for a DFF model, its bone table (index, HAnim id, name,
parent, rest translation). IMG
archives (.img VER2, or either file of a III/VC .dir + .img pair) are walked entry by entry: entries of
a known format are decoded, others are counted. A progress bar shows on a terminal for archives and
many files.

formats:
${FORMAT_LINES}`,
  overview: [
    { usage: 'info FILE... [--json]', summary: "format, counts and warnings (IMG archives entry by entry; a model's bone table)" },
  ],
  flags: { json: jsonFlag },
  parse: (values, positionals, context) => ({ paths: atLeastOne(positionals, 'FILE', context), json: Boolean(values.json) }),
  run: ({ paths, json }, print) => info(paths, print, json),
});
