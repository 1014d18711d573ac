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
import { defineCommand, usageError } from '../command-spec.js';
import { forceFlag, jsonFlag, outFlag, switchFlag, textFlag } from '../common-flags.js';
import { UsageError } from '../usage-error.js';
import { imgCreate } from './img-create.js';
import { imgEdit } from './img-edit.js';

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
  return {
    inputErrors: [],
    json: json ? { file: path, version: archive.version, note: note ?? null, warnings: archive.warnings, entries } : undefined,
  };
}

export function imgExtract(
  path: string,
  names: string[],
  outDir: string,
  force: boolean,
  print: (line: string) => void,
  json = false,
): CommandResult {
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

type EditAction = 'add' | 'replace' | 'delete' | 'rename' | 'rebuild';
const EDIT_ACTIONS: readonly string[] = ['add', 'replace', 'delete', 'rename', 'rebuild'] satisfies EditAction[];
const isEditAction = (action: string): action is EditAction => EDIT_ACTIONS.includes(action);

type ImgArguments =
  | { action: 'create'; archive: string; names: string[]; options: { format?: string; force: boolean; json: boolean } }
  | { action: 'ls'; archive: string; json: boolean }
  | { action: 'extract'; archive: string; names: string[]; out: string; force: boolean; json: boolean }
  | { action: EditAction; archive: string; names: string[]; options: { out?: string; inPlace: boolean; force: boolean; json: boolean } };

/** `gameanim img ls | extract | create | add | replace | delete | rename | rebuild`. */
export const imgSpec = defineCommand({
  name: 'img',
  help: `usage: gameanim img ls ARCHIVE [--json]
       gameanim img extract ARCHIVE [NAME...] [-o DIR] [--force] [--json]
       gameanim img create OUT [FILE|NAME=FILE...] [--format VER2|V1] [--force] [--json]
       gameanim img add|replace ARCHIVE FILE|NAME=FILE... (-o OUT | --in-place) [--force] [--json]
       gameanim img delete ARCHIVE NAME... (-o OUT | --in-place) [--json]
       gameanim img rename ARCHIVE OLD NEW (-o OUT | --in-place) [--json]
       gameanim img rebuild ARCHIVE (-o OUT | --in-place) [--json]

create writes a new archive of the files given, in that order (none: an empty archive). --format
VER2 (the default, unless OUT ends in .dir) writes SA's single OUT.img; V1 writes III/VC's OUT.dir and
OUT.img (OUT may name either, or be their name alone: vc gives vc.dir and vc.img). An existing OUT, or either file of the pair, is replaced only with
--force. add, replace, delete and rename change entries; rebuild packs the entries with no holes.
Untouched entries keep their bytes. -o writes a new archive (for a III/VC .dir, OUT.dir and
OUT.img); --in-place writes temporary files beside the archive and renames them over it.

An entry is named after its FILE; NAME=FILE names it NAME. An argument that is an existing file is
always a FILE; otherwise it splits at its first "=" unless the part before holds / or \\. Entry
names are 1 to 23 printable Latin-1 characters, without / or \\, not . or .., and unique ignoring
case: anything else is refused, naming the entry, and nothing is written.

ARCHIVE is a SA VER2 .img, or either file of a III/VC pair: its .dir (the .img must sit beside it
for extract) or its .img (read through the .dir beside it). extract
writes the named entries (all when none are named) into DIR (default: the current folder). Entry
names become plain, distinct file names inside DIR (".", "..", paths, control characters and names
that differ only in case are changed, and each change is printed). An existing file is never
replaced, and no symlink written through, unless --force is given (symlinks never). When entries
overlap so that this would write more than 64 times the archive's size, nothing is written unless
--force is given.`,
  overview: [
    { usage: 'img ls ARCHIVE [--json]', summary: 'entries of an IMG archive (VER2 .img, or a III/VC .dir or .img)' },
    { usage: 'img extract ARCHIVE [NAME...] [-o DIR] [--force] [--json]', summary: 'write entries to files' },
    {
      usage: 'img create OUT [FILE|NAME=FILE...] [--format VER2|V1] [--force] [--json]',
      summary: "a new archive: SA's OUT.img, or III/VC's OUT.dir + OUT.img",
      after: 'lint',
    },
    {
      usage: ['img add|replace ARCHIVE FILE|NAME=FILE..., img delete ARCHIVE NAME..., img rename ARCHIVE OLD NEW,', 'img rebuild ARCHIVE'],
      summary: '(each with -o OUT or --in-place)',
      after: 'lint',
    },
  ],
  flags: { out: outFlag, force: forceFlag, json: jsonFlag, 'in-place': switchFlag, format: textFlag },
  parse(values, positionals, context): ImgArguments {
    const [action, archive, ...names] = positionals;
    const { out, format } = values;
    const force = Boolean(values.force);
    const json = Boolean(values.json);
    if (action === 'create' && archive) {
      if (out !== undefined || values['in-place'])
        throw usageError(context, 'img create takes the new archive first (img create OUT.img FILE...), not -o or --in-place');
      return { action, archive, names, options: { format, force, json } };
    }
    if (format !== undefined) throw usageError(context, "only img create takes --format (VER2 or V1): an edit keeps its archive's version");
    // `gameanim list` lists clips, so `img list` is a natural slip: one line, not the whole help.
    if (action === 'list') throw new UsageError('img has no "list": did you mean img ls ARCHIVE?');
    if (action === 'ls' && archive && !names.length) return { action, archive, json };
    if (action === 'extract' && archive) return { action, archive, names, out: out ?? '.', force, json };
    if (action !== undefined && isEditAction(action) && archive) {
      if (!out === !values['in-place'])
        throw usageError(context, `img ${action} writes a new archive (-o OUT) or the archive itself (--in-place): give one`);
      return { action, archive, names, options: { out, inPlace: Boolean(values['in-place']), force, json } };
    }
    throw usageError(context, 'img takes ls, extract, create, add, replace, delete, rename or rebuild, then ARCHIVE');
  },
  run(parsed, print) {
    if (parsed.action === 'create') return imgCreate(parsed.archive, parsed.names, parsed.options, print);
    if (parsed.action === 'ls') return imgList(parsed.archive, print, parsed.json);
    if (parsed.action === 'extract') return imgExtract(parsed.archive, parsed.names, parsed.out, parsed.force, print, parsed.json);
    return imgEdit(parsed.action, parsed.archive, parsed.names, parsed.options, print);
  },
});
