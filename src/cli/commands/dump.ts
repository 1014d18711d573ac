import { formatOf, InputError, readInput } from '../inputs.js';
import { UsageError } from '../usage.js';
import { merged, onFile, type CommandResult } from './result.js';

export interface DumpOptions {
  anim?: string;
  json?: boolean;
}

/**
 * Every decoded value of each file, as text or as the JSON document of the README's schema (one
 * document for one file; an array of them, in order, for several).
 */
export function dump(paths: string[], options: DumpOptions, print: (line: string) => void): CommandResult {
  const documents: unknown[] = [];
  const result = merged(paths.map((path) => onFile(path, () => dumpFile(path, options, paths.length > 1, print, documents))));
  if (!options.json) return result;
  return { ...result, json: paths.length === 1 ? documents[0] : documents };
}

function dumpFile(path: string, options: DumpOptions, headed: boolean, print: (line: string) => void, documents: unknown[]): CommandResult {
  const bytes = readInput(path);
  const shown = formatOf(path, bytes);
  const { format } = shown;
  if (options.anim && !format.packages) throw new UsageError(`--anim picks one animation of an IFP file; ${path} is ${format.name}`);
  if (format.archive) throw new UsageError(`${path}: dump takes an animation or model file (use gameanim img ls or img extract for archives)`);
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
