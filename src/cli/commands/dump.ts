import { formatOf, InputError } from '../inputs.js';
import { inputFiles } from '../input-files.js';
import { UsageError } from '../usage-error.js';
import { merged, onFile, type CommandResult } from './result.js';
import { atLeastOne, defineCommand, usageError } from '../command-spec.js';
import { jsonFlag, repeatedFlag } from '../common-flags.js';
import { FORMAT_LINES } from '../help-text.js';

export interface DumpOptions {
  anim?: string;
  json?: boolean;
}

/**
 * Every decoded value of each file, as text or as the JSON document of docs/guides/cli.md's schema (one
 * document for one file; an array of them, in order, for several).
 */
export function dump(paths: string[], options: DumpOptions, print: (line: string) => void): CommandResult {
  const documents: unknown[] = [];
  const archives = new Set<string>();
  const result = merged(
    paths.map((path) => {
      const fileResult = onFile(path, () => dumpInput(path, options, paths.length > 1, print, documents, archives));
      // A file that could not be read is a document of its own, { file, error }, in its place.
      for (const error of fileResult.inputErrors) documents.push({ file: path, error });
      return fileResult;
    }),
  );
  if (!options.json) return result;
  return { ...result, json: paths.length === 1 && !archives.has(paths[0]!) ? documents[0] : documents };
}

/** A file, or every entry of an IMG archive in a format gameanim reads, each headed archive.img/entry. */
function dumpInput(
  path: string,
  options: DumpOptions,
  headed: boolean,
  print: (line: string) => void,
  documents: unknown[],
  archives: Set<string>,
): CommandResult {
  const { archive, files } = inputFiles(path);
  if (archive) archives.add(path);
  for (const file of files)
    if (!archive || !options.anim || file.format.packages) dumpFile(file.name, file.bytes, options, headed || archive, print, documents);
  return { inputErrors: [] };
}

function dumpFile(
  path: string,
  bytes: Uint8Array,
  options: DumpOptions,
  headed: boolean,
  print: (line: string) => void,
  documents: unknown[],
): CommandResult {
  const shown = formatOf(path, bytes);
  const { format } = shown;
  if (!shown.dumpText || !shown.dumpJson)
    throw new InputError(
      `${path}: gameanim cannot dump ${format.name} (${format.description}): it was registered without a presentation that dumps it; gameanim info shows what it holds`,
    );
  if (options.anim && !format.packages) throw new UsageError(`--anim picks one animation of an IFP file; ${path} is ${format.name}`);
  const reader = format.open(bytes);
  if (options.anim && !format.clips!(reader).some((clip) => clip.name.toLowerCase() === options.anim!.toLowerCase())) {
    throw new InputError(`${path}: no animation named "${options.anim}"`);
  }
  if (options.json) documents.push(shown.dumpJson(reader, path, { anim: options.anim }));
  else {
    if (headed) print(`${path}:`);
    shown.dumpText(reader, print, { anim: options.anim });
  }
  return { inputErrors: [] };
}

/** `gameanim dump FILE... [--anim NAME] [--json]`. */
export const dumpSpec = defineCommand({
  name: 'dump',
  help: `usage: gameanim dump FILE... [--anim NAME] [--json]

Prints every decoded value of each file (IFP, FORM/ANM2, IGI 2 clips and models, DFF, TXD, camera
paths), or the script listing of an ANIM file; an IMG archive is walked, each entry of a known format
dumped as ARCHIVE/ENTRY (img ls lists the archive itself). --anim keeps one IFP animation
(case-insensitive). --json prints the document the command-line guide gives ("JSON output"): one for one
file, an array for several or for an archive; a file that cannot be read is { "file", "error" }.
Formats:
${FORMAT_LINES}`,
  overview: [{ usage: 'dump FILE... [--anim NAME] [--json]', summary: 'every decoded value' }],
  flags: { anim: repeatedFlag, json: jsonFlag },
  parse(values, positionals, context) {
    if ((values.anim?.length ?? 0) > 1) throw usageError(context, 'dump takes one --anim');
    return { paths: atLeastOne(positionals, 'FILE', context), options: { anim: values.anim?.[0], json: Boolean(values.json) } };
  },
  run: ({ paths, options }, print) => dump(paths, options, print),
});
