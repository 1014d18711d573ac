import { join } from 'node:path';
import { encode } from 'fast-png';
import { TXDReader } from 'gameanim';
import { InputError, readInput } from '../inputs.js';
import { checkOutput, outputNames, writeOutput } from '../outputs.js';
import { textTable } from '../text.js';
import { onFile, report, type CommandResult } from './result.js';

function openTxd(path: string): TXDReader {
  const bytes = readInput(path);
  try {
    return new TXDReader(bytes);
  } catch (error) {
    if ((error as { code?: string }).code === 'unknown-magic') throw new InputError(`${path}: not a texture dictionary (.txd)`);
    throw error;
  }
}

/** `txd ls FILE`: name, size, format, mipmaps and alpha of every texture. */
export function txdList(path: string, print: (line: string) => void, json = false): CommandResult {
  return onFile(path, () => {
    const out = report(print, json);
    const txd = openTxd(path);
    out.print(textTable(['texture', 'size', 'format', 'mipmaps', 'alpha'], txd.textures.map((t) => [t.name, `${t.width}x${t.height}`, t.format, String(t.mipmapCount), t.hasAlpha ? 'yes' : 'no']), [0, 2]));
    for (const w of txd.warnings) out.print(`warning ${w.code}: ${w.message}`);
    const textures = txd.textures.map((t) => ({ name: t.name, maskName: t.maskName, width: t.width, height: t.height, format: t.format, mipmaps: t.mipmapCount, hasAlpha: t.hasAlpha }));
    return { inputErrors: [], json: json ? { file: path, warnings: txd.warnings, textures } : undefined };
  });
}

/** `txd extract FILE -o DIR`: one PNG per texture (its largest level), under the write rule. */
export function txdExtract(path: string, outDir: string, force: boolean, print: (line: string) => void, json = false): CommandResult {
  return onFile(path, () => {
    const out = report(print, json);
    const txd = openTxd(path);
    const { files, renamed } = outputNames(txd.textures.map((t) => `${t.name || 'texture'}.png`));
    for (const { from, to } of renamed) out.print(`renamed: ${from} -> ${to} (not a safe or distinct file name)`);
    const targets = files.map((file) => join(outDir, file));
    // Every output is checked before anything is written, so a refusal leaves nothing half done.
    for (const target of targets) checkOutput(target, { force, inputs: [path] });
    const written: Array<{ texture: string; path: string; width: number; height: number }> = [];
    txd.textures.forEach((texture, i) => {
      const png = encode({ width: texture.width, height: texture.height, data: texture.rgba(), channels: 4 });
      writeOutput(targets[i]!, png, { force, inputs: [path] });
      out.print(`${targets[i]} (${texture.width}x${texture.height} ${texture.format})`);
      written.push({ texture: texture.name, path: targets[i]!, width: texture.width, height: texture.height });
    });
    return { inputErrors: [], json: json ? { file: path, written, renamed } : undefined };
  });
}
