import { join } from 'node:path';
import { amplificationRefusal } from '../amplification.js';
import { WriteError } from '../atomic-write.js';
import { outputNames, writeOutput } from '../outputs.js';
import { DecodeError } from 'gameanim';
import { filesRead, InputError, openArchive, readInput } from '../inputs.js';
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
  print(
    textTable(
      ['name', 'offset', 'size'],
      archive.entries.map((e) => [e.name, String(e.offset), String(e.size)]),
    ),
  );
  for (const w of archive.warnings) print(`warning ${w.code}: ${w.message}`);
  const entries = archive.entries.map(({ name, offset, size }) => ({ name, offset, size }));
  return { inputErrors: [], json: json ? { file: path, version: archive.version, note: note ?? null, warnings: archive.warnings, entries } : undefined };
}

export function imgExtract(path: string, names: string[], outDir: string, force: boolean, print: (line: string) => void, json = false): CommandResult {
  const written: Array<{ entry: string; path: string; size: number }> = [];
  const renamed: Array<{ from: string; to: string }> = [];
  const result = onFile(path, () => extractArchive(path, names, outDir, force, report(print, json).print, written, renamed));
  return json ? { ...result, json: { file: path, written, renamed } } : result;
}

function extractArchive(
  path: string,
  names: string[],
  outDir: string,
  force: boolean,
  print: (line: string) => void,
  written: Array<{ entry: string; path: string; size: number }>,
  renames: Array<{ from: string; to: string }>,
): CommandResult {
  const bytes = readInput(path);
  const { archive } = openArchive(path, bytes, true);
  const chosen = names.length ? names.map((name) => archive.find(name) ?? missing(name, path)) : archive.entries;
  const refusal = force ? undefined : amplificationRefusal(path, bytes, archive, chosen, 'extracting');
  if (refusal) return { inputErrors: [refusal] };
  const result: CommandResult = { inputErrors: [] };
  // Names come from the archive: each becomes a plain, distinct file name inside the output folder.
  const { files, renamed } = outputNames(chosen.map((entry) => entry.name));
  append(renames, renamed);
  for (const { from, to } of renamed) print(`renamed: ${from} -> ${to} (not a safe or distinct file name)`);
  const progress = startProgress(chosen.length, 'extracting', print);
  try {
    for (const [i, entry] of chosen.entries()) {
      progress.tick(entry.name);
      const target = join(outDir, files[i]!);
      try {
        const data = archive.read(entry);
        writeOutput(target, data, { force, inputs: filesRead(path) });
        progress.print(`${target} (${data.length} bytes)`);
        written.push({ entry: entry.name, path: target, size: data.length });
      } catch (error) {
        if (error instanceof DecodeError) result.inputErrors.push(`${path}: ${entry.name}: ${error.message}`);
        else if (error instanceof InputError) result.inputErrors.push(error.message);
        else throw error;
        // A full disk or a refused folder fails every file after it too: one line, not one per entry.
        if (error instanceof WriteError) break;
      }
    }
  } finally {
    progress.stop();
  }
  return result;
}

function missing(name: string, path: string): never {
  throw new InputError(`${path} has no entry named "${name}" (gameanim img ls ${path} lists them)`);
}
