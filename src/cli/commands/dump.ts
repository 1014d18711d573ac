import { exactJson } from '../text.js';
import { formatOf, InputError, readInput } from '../inputs.js';
import { UsageError } from '../usage.js';
import { onFile, type CommandResult } from './result.js';

export interface DumpOptions {
  anim?: string;
  json?: boolean;
}

/** Every decoded value of a file, as text or as the JSON document of the README's schema. */
export function dump(path: string, options: DumpOptions, print: (line: string) => void): CommandResult {
  return onFile(path, () => {
    const bytes = readInput(path);
    const shown = formatOf(path, bytes);
    const { format } = shown;
    if (options.anim && !format.namedClips) throw new UsageError(`--anim picks one animation of an IFP file; ${path} is ${format.name}`);
    if (format.archive) throw new UsageError(`${path}: dump takes an animation or model file (use gameanim img ls or img extract for archives)`);
    const reader = format.open(bytes);
    if (options.anim && !format.clips!(reader).some((clip) => clip.name.toLowerCase() === options.anim!.toLowerCase())) {
      throw new InputError(`${path}: no animation named "${options.anim}"`);
    }
    if (options.json) print(exactJson(shown.dumpJson(reader, path, { anim: options.anim })));
    else shown.dumpText(reader, print, { anim: options.anim });
    return { inputErrors: [] };
  });
}
