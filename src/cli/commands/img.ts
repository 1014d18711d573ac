import { join } from 'node:path';
import { outputNames, writeOutput } from '../outputs.js';
import { DecodeError } from 'gameanim';
import { InputError, openArchive, readInput } from '../inputs.js';
import { textTable } from '../text.js';
import { startProgress } from '../progress.js';
import { onFile, report, type CommandResult, type Report } from './result.js';
import { append } from '../append.js';

export function imgList(path: string, print: (line: string) => void, json = false): CommandResult {
  return onFile(path, () => listArchive(path, report(print, json)));
}

function listArchive(path: string, { print, json }: Report): CommandResult {
  const { archive, note } = openArchive(path, readInput(path));
  if (note) print(`# ${note}`);
  print(textTable(['name', 'offset', 'size'], archive.entries.map((e) => [e.name, String(e.offset), String(e.size)])));
  for (const w of archive.warnings) print(`warning ${w.code}: ${w.message}`);
  const entries = archive.entries.map(({ name, offset, size }) => ({ name, offset, size }));
  return { inputErrors: [], json: json ? { file: path, version: archive.version, note: note ?? null, warnings: archive.warnings, entries } : undefined };
}

/** Beyond this many times the archive's size, extracting needs --force: overlapping entries can amplify it. */
export const EXTRACT_AMPLIFICATION_LIMIT = 64;

/**
 * The most an archive may make a command decode or write: 64 times its size, counting the data
 * (a III/VC `.dir` is only its 32-byte records; its `.img` holds the bytes).
 */
export function amplificationLimit(directoryBytes: Uint8Array, archive: { dataLength: number }): number {
  return EXTRACT_AMPLIFICATION_LIMIT * Math.max(directoryBytes.length, archive.dataLength);
}

export function imgExtract(path: string, names: string[], outDir: string, force: boolean, print: (line: string) => void, json = false): CommandResult {
  const written: Array<{ entry: string; path: string; size: number }> = [];
  const renamed: Array<{ from: string; to: string }> = [];
  const result = onFile(path, () => extractArchive(path, names, outDir, force, report(print, json).print, written, renamed));
  return json ? { ...result, json: { file: path, written, renamed } } : result;
}

function extractArchive(path: string, names: string[], outDir: string, force: boolean, print: (line: string) => void, written: Array<{ entry: string; path: string; size: number }>, renames: Array<{ from: string; to: string }>): CommandResult {
  const bytes = readInput(path);
  const { archive } = openArchive(path, bytes, true);
  const chosen = names.length ? names.map((name) => archive.find(name) ?? missing(name, path)) : archive.entries;
  // Every file costs at least a file system block to make, so empty entries count too.
  const total = chosen.reduce((sum, entry) => sum + Math.max(entry.size, 4096), 0);
  const limit = amplificationLimit(bytes, archive);
  if (total > limit && !force) {
    return { inputErrors: [`${path}: extracting would write ${total} bytes, more than ${EXTRACT_AMPLIFICATION_LIMIT} times the archive's size (its entries overlap); nothing written. Add --force to write them anyway`] };
  }
  const result: CommandResult = { inputErrors: [] };
  // Names come from the archive: each becomes a plain, distinct file name inside the output folder.
  const { files, renamed } = outputNames(chosen.map((entry) => entry.name));
  append(renames, renamed);
  for (const { from, to } of renamed) print(`renamed: ${from} -> ${to} (not a safe or distinct file name)`);
  const progress = startProgress(chosen.length, 'extracting', print);
  try {
    chosen.forEach((entry, i) => {
      progress.tick(entry.name);
      const target = join(outDir, files[i]!);
      try {
        const data = archive.read(entry);
        writeOutput(target, data, { force, inputs: [path] });
        progress.print(`${target} (${data.length} bytes)`);
        written.push({ entry: entry.name, path: target, size: data.length });
      } catch (error) {
        if (error instanceof DecodeError) result.inputErrors.push(`${path}: ${entry.name}: ${error.message}`);
        else if (error instanceof InputError) result.inputErrors.push(error.message);
        else throw error;
      }
    });
  } finally {
    progress.stop();
  }
  return result;
}

function missing(name: string, path: string): never {
  throw new InputError(`${path} has no entry named "${name}" (gameanim img ls ${path} lists them)`);
}
