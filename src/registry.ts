// The format registry. Tools (the command line, the viewer, the demo) find a file's format here and
// open it through its entry. Every format enters it by `register(entry)`, as three.js's
// GLTFLoader.register and glTF-Transform's io.registerExtensions take plug-ins: the built-in ones at
// the end of this file, one line each, a format from outside the library by the same call. Adding a
// built-in format means its folder (reader, writer, types, `codes.ts` with its codes, `format.ts` with
// the entry) and one `register` line below.
import { SHARED_CODES, type Code, type FormatName } from './core/codes.js';
import { ArgumentError } from './core/errors.js';
import type { AnyFileFormat, FileFormat } from './core/file-format.js';
import { cameraPathFormat } from './camera/format.js';
import { dffFormat } from './dff/format.js';
import { iffFormat } from './iff/format.js';
import { ifpFormat } from './ifp/format.js';
import { igi2ClipFormat, igi2ModelFormat } from './igi2/format.js';
import { imgFormat } from './img/format.js';
import { animFormat } from './sprite/format.js';
import { txdFormat } from './txd/format.js';

const entries: AnyFileFormat[] = [];

/** Every format the library reads, in the order their magics are tried: the built-in ones, then those given to `register`. */
export const FORMATS: readonly AnyFileFormat[] = entries;

/**
 * Every error and warning code, with what it means: the shared ones and each entry's own. The same
 * code means the same condition in every format. The adapters' codes are merged into the type `Code`
 * and exported beside their adapters: `GLTF_CODES` (gameanim/gltf), `RETARGET_CODES`, `BVH_CODES`
 * (gameanim/retarget).
 */
export const CODES: Readonly<Partial<Record<Code, string>>> = { ...SHARED_CODES };

/**
 * Adds a format to the registry, after those already in it: `findFormat`, `openFile`, `FORMATS` and
 * `CODES` see it from then on. The built-in formats enter by this call too (the end of this file). Its
 * codes are declared as a built-in format's are (a `FormatCodeTables` entry by declaration merging).
 * A name is one table of codes (`DecodeError.format`): an entry may take a name already registered
 * only with that entry's very table, as IGI 2's clips and models share `ILFF`. Throws an
 * `ArgumentError` (`name-taken`) for an entry already registered, or a name registered with other
 * codes or the same description. Returns the entry.
 */
export function register<Reader, Name extends FormatName>(entry: FileFormat<Reader, Name>): FileFormat<Reader, Name> {
  const taken = entries.find(
    (known) => known === entry || (known.name === entry.name && (known.codes !== entry.codes || known.description === entry.description)),
  );
  if (taken) throw new ArgumentError('name-taken', `register: a format named ${entry.name} is registered already (${taken.description})`);
  entries.push(entry as unknown as AnyFileFormat);
  Object.assign(CODES, entry.codes);
  return entry;
}

/** The format whose magic the bytes carry, else the one whose extension the name has, else undefined. */
export function findFormat(bytes: Uint8Array, name = ''): AnyFileFormat | undefined {
  const lower = name.toLowerCase();
  return (
    FORMATS.find((format) => format.sniff(bytes)) ??
    FORMATS.find((format) => format.extensions.some((extension) => lower.endsWith(extension)))
  );
}

/** A file opened through its entry: its capabilities take this reader. */
export interface OpenedFile {
  readonly format: AnyFileFormat;
  readonly reader: unknown;
}

/**
 * Opens a file by its magic, else by its name's extension; undefined when no format claims it. Throws
 * the format's DecodeError for bad input.
 */
export function openFile(bytes: Uint8Array, name?: string): OpenedFile | undefined {
  const format = findFormat(bytes, name);
  return format && { format, reader: format.open(bytes) };
}

// The built-in formats, in the order their magics are tried.
register(ifpFormat);
register(imgFormat);
register(iffFormat);
register(igi2ClipFormat);
register(igi2ModelFormat);
register(animFormat);
register(dffFormat);
register(cameraPathFormat);
register(txdFormat);
