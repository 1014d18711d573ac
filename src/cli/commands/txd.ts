import { join } from 'node:path';
import { encode } from 'fast-png';
import { TXDReader, type TXDTexture } from 'gameanim';
import { InputError } from '../inputs.js';
import { inputFiles } from '../input-files.js';
import { checkOutput, outputNames, writeOutput } from '../outputs.js';
import { textTable } from '../text.js';
import { errorsNamed, merged, onFile, report, type CommandResult } from './result.js';
import { defineCommand, usageError } from '../command-spec.js';
import { forceFlag, jsonFlag, outFlag } from '../common-flags.js';

function openTxd(path: string, bytes: Uint8Array): TXDReader {
  try {
    return new TXDReader(bytes);
  } catch (error) {
    if ((error as { code?: string }).code === 'unknown-magic') throw new InputError(`${path}: not a texture dictionary (.txd)`);
    throw error;
  }
}

/** The dictionaries of one path: the file, or each .txd entry of an IMG archive (archive.img/entry). */
function dictionaries(path: string): Array<{ name: string; file: string; txd: TXDReader }> {
  const { archive, files } = inputFiles(path);
  if (!archive) return [{ name: path, file: path, txd: openTxd(path, files[0]!.bytes) }];
  return files.filter((file) => file.format.textures).map((file) => ({ name: file.name, file: path, txd: new TXDReader(file.bytes) }));
}

/** `txd ls FILE...`: name, size, format, mipmaps and alpha of every texture of every dictionary. */
export function txdList(paths: string[], print: (line: string) => void, json = false): CommandResult {
  const out = report(print, json);
  const documents: unknown[] = [];
  let walked = false;
  const result = merged(
    paths.map((path) => {
      const fileResult = onFile(path, () => {
        const found = dictionaries(path);
        walked ||= found.length !== 1 || found[0]!.name !== path;
        for (const { name, txd } of found) {
          if (paths.length > 1 || name !== path) out.print(`${name}:`);
          out.print(
            textTable(
              ['texture', 'size', 'format', 'mipmaps', 'alpha'],
              txd.textures.map((t) => [t.name, `${t.width}x${t.height}`, t.format, String(t.mipmapCount), t.hasAlpha ? 'yes' : 'no']),
              [0, 2],
            ),
          );
          for (const w of txd.warnings) out.print(`warning ${w.code}: ${w.message}`);
          const textures = txd.textures.map((t) => ({
            name: t.name,
            maskName: t.maskName,
            width: t.width,
            height: t.height,
            format: t.format,
            mipmaps: t.mipmapCount,
            hasAlpha: t.hasAlpha,
          }));
          documents.push({ file: name, warnings: txd.warnings, textures });
        }
        return { inputErrors: [] };
      });
      // A file that could not be read is a document of its own, { file, error }, in its place.
      for (const error of fileResult.inputErrors) documents.push({ file: path, error });
      return fileResult;
    }),
  );
  // One dictionary given: its document, as before; several, or an archive: an array of them.
  return { ...result, json: json ? (paths.length === 1 && !walked ? documents[0] : documents) : undefined };
}

/** `txd extract FILE... -o DIR`: one PNG per texture (its largest level) of every dictionary, under the write rule. */
export function txdExtract(paths: string[], outDir: string, force: boolean, print: (line: string) => void, json = false): CommandResult {
  const out = report(print, json);
  const textures: Array<{ source: string; texture: TXDTexture }> = [];
  const errors: Array<{ file: string; error: string }> = [];
  const read = merged(
    paths.map((path) =>
      errorsNamed(path, errors, () => {
        for (const { name, txd } of dictionaries(path)) for (const texture of txd.textures) textures.push({ source: name, texture });
        return { inputErrors: [] };
      }),
    ),
  );
  const written: Array<{ source: string; texture: string; path: string; width: number; height: number }> = [];
  const { files, renamed } = outputNames(textures.map(({ texture }) => `${texture.name || 'texture'}.png`));
  const wrote = onFile(outDir, () => {
    for (const { from, to } of renamed) out.print(`renamed: ${from} -> ${to} (not a safe or distinct file name)`);
    const targets = files.map((file) => join(outDir, file));
    // Every output is checked before anything is written, so a refusal leaves nothing half done.
    for (const target of targets) checkOutput(target, { force, inputs: paths });
    textures.forEach(({ source, texture }, i) => {
      const png = encode({ width: texture.width, height: texture.height, data: texture.rgba(), channels: 4 });
      writeOutput(targets[i]!, png, { force, inputs: paths });
      out.print(`${targets[i]} (${texture.width}x${texture.height} ${texture.format})`);
      written.push({ source, texture: texture.name, path: targets[i]!, width: texture.width, height: texture.height });
    });
    return { inputErrors: [] };
  });
  const result = merged([read, wrote]);
  return {
    ...result,
    json: json ? { ...(paths.length === 1 ? { file: paths[0] } : { files: paths }), written, renamed, errors } : undefined,
  };
}

type TxdOptions =
  | { action: 'ls'; files: string[]; json: boolean }
  | { action: 'extract'; files: string[]; out: string; force: boolean; json: boolean };

/** `gameanim txd ls FILE...` and `txd extract FILE... [-o DIR]`. */
export const txdSpec = defineCommand({
  name: 'txd',
  help: `usage: gameanim txd ls FILE... [--json]
       gameanim txd extract FILE... [-o DIR] [--force] [--json]

FILE is a RenderWare texture dictionary (.txd, PC: Direct3D 8 and 9), or an IMG archive whose .txd
entries are read (named ARCHIVE/ENTRY). ls lists its textures: name,
size, format (DXT1, DXT5, 8888, PAL8, ...), mipmap count and whether alpha is used. extract decodes
each texture's largest level and writes it as DIR/<name>.png (default: the current folder); names are
made safe and distinct, and an existing file is replaced only with --force.`,
  overview: [
    { usage: 'txd ls FILE... [--json]', summary: 'textures of texture dictionaries: name, size, format, mipmaps, alpha' },
    { usage: 'txd extract FILE... [-o DIR] [--force] [--json]', summary: 'one PNG per texture' },
  ],
  flags: { out: outFlag, force: forceFlag, json: jsonFlag },
  parse(values, positionals, context): TxdOptions {
    const [action, ...files] = positionals;
    const json = Boolean(values.json);
    if (action === 'ls' && files.length) return { action, files, json };
    if (action === 'extract' && files.length) return { action, files, out: values.out ?? '.', force: Boolean(values.force), json };
    throw usageError(context, 'txd takes "ls FILE..." or "extract FILE... [-o DIR]"');
  },
  run: (options, print) =>
    options.action === 'ls'
      ? txdList(options.files, print, options.json)
      : txdExtract(options.files, options.out, options.force, print, options.json),
});
