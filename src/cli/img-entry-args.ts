// The FILE and NAME=FILE arguments of img create, add and replace: which file an entry's bytes come
// from, and the entry's name. Paths may hold '=' too, so a path that exists is always a path.
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { InputError } from './inputs.js';

export interface EntrySource {
  /** The entry's name in the archive (checked by the editor when it is added). */
  name: string;
  /** The file whose bytes the entry holds. */
  file: string;
}

/**
 * What one argument names. Something that exists at the whole argument is that file, named by its
 * basename (a file called `a=b.ifp` stays one). Otherwise the argument splits at its first `=` when
 * the part before it is not empty and holds no path separator: NAME=FILE (so NAME cannot hold `=`,
 * FILE can). Anything else is a path, which reading then reports as missing.
 */
export function entrySource(arg: string): EntrySource {
  const split = arg.indexOf('=');
  const name = arg.slice(0, split);
  if (existsSync(arg) || split <= 0 || /[/\\]/.test(name)) return { name: basename(arg), file: arg };
  const file = arg.slice(split + 1);
  if (!file) throw new InputError(`${arg}: names the entry "${name}" but no file after "=" (NAME=FILE)`);
  return { name, file };
}

/** How an added entry is reported: its name, and the file when the name is not that file's own. */
export function entryLabel({ name, file }: EntrySource): string {
  return name === basename(file) ? name : `${name} from ${file}`;
}
