import { constants } from 'node:buffer';
import { closeSync, existsSync, openSync, readSync, type Stats, statSync } from 'node:fs';
import { basename } from 'node:path';
import { FORMATS } from 'gameanim';
// Before any input is read: the formats of the plug-ins GAMEANIM_PLUGINS names are registered.
import './plugins-at-start.js';
import { findPresentation, type Presentation } from './present/index.js';
import { IMGArchive } from 'gameanim';

/** A problem with one input (missing, unreadable, a directory, of no known format): exit 1 (code `input`), after the other inputs. */
export class InputError extends Error {
  readonly code: string = 'input';
}

/** The most bytes one input may hold: Node's largest Buffer. */
export const MAX_INPUT_BYTES = constants.MAX_LENGTH;

/**
 * Reads one regular file, at most `limit` bytes (else `InputError`, named `limitName` in the message).
 * A file is read at the size it says it has and no further: a FIFO, a device or a file such as
 * /proc/self/pagemap (which says 0 bytes and reads without end) is refused, not read.
 */
export function readInput(path: string, limit = MAX_INPUT_BYTES, limitName = 'gameanim reads from one file'): Uint8Array {
  let stats: Stats;
  try {
    stats = statSync(path);
  } catch {
    throw new InputError(`${path}: no such file`);
  }
  if (stats.isDirectory()) throw new InputError(`${path}: a directory, not a file`);
  if (!stats.isFile()) throw new InputError(`${path}: not a regular file (a FIFO, device or socket); gameanim reads only files`);
  if (stats.size > limit) throw new InputError(`${path}: ${stats.size} bytes, more than the ${limit} ${limitName}`);
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const bytes = new Uint8Array(stats.size);
    let length = 0;
    for (let read = 1; read > 0 && length < bytes.length; length += read) read = readSync(fd, bytes, length, bytes.length - length, null);
    if (readSync(fd, new Uint8Array(1), 0, 1, null) > 0)
      throw new InputError(
        `${path}: holds more bytes than the ${stats.size} its size says (a special file such as /proc's, or one growing while read); not read`,
      );
    return length === bytes.length ? bytes : bytes.slice(0, length);
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(`${path}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * The file's format, by its magic, else by its extension (a III/VC `.dir` is an IMG archive). The
 * `.img` of a III/VC pair is the archive whatever its first entry's magic (it has no header: an
 * anim block's `.img` starts with an IFP's bytes).
 */
export function formatOf(path: string, bytes: Uint8Array): Presentation<unknown> {
  const format = isPairedIMG(path, bytes) ? findPresentation(new Uint8Array(0), path) : findPresentation(bytes, path);
  if (!format) {
    const magic = JSON.stringify(magicOf(bytes));
    throw new InputError(
      `${path}: not a format gameanim reads (it starts with ${magic}); it reads ${FORMATS.map((f) => `${f.name}, ${f.description}${f.extensions.length ? ` (${f.extensions.join(', ')})` : ''}`).join('; ')}`,
    );
  }
  return format;
}

/** The .img beside a GTA III/VC .dir, which holds its data (`anim.dir` -> `anim.img`, `ANIM.DIR` -> `ANIM.IMG`). */
export function pairedIMG(dirPath: string): string {
  return dirPath.replace(/\.dir$/i, (ext) => (ext === '.DIR' ? '.IMG' : '.img'));
}

/** The .dir beside a GTA III/VC .img, which holds its directory (`anim.img` -> `anim.dir`, `ANIM.IMG` -> `ANIM.DIR`). */
export function pairedDir(imgPath: string): string {
  return imgPath.replace(/\.img$/i, (ext) => (ext === '.IMG' ? '.DIR' : '.dir'));
}

/**
 * Whether `path` is the `.img` of a GTA III/VC pair: named .img, no VER2 header, and its `.dir` beside
 * it. A user holds either file of the pair; both open the archive.
 */
export function isPairedIMG(path: string, bytes: Uint8Array): boolean {
  return /\.img$/i.test(path) && magicOf(bytes) !== 'VER2' && existsSync(pairedDir(path));
}

/** Every file reading this input reads: the file, and for either file of a III/VC pair the other (both are inputs, never outputs). */
export function filesRead(path: string): string[] {
  if (/\.dir$/i.test(path)) return [path, pairedIMG(path)];
  return /\.img$/i.test(path) && existsSync(pairedDir(path)) ? [path, pairedDir(path)] : [path];
}

/**
 * Opens a VER2 .img, a III/VC .img through the .dir beside it, or a III/VC .dir with the .img beside it (an empty one when it is missing).
 */
export function openArchive(path: string, bytes: Uint8Array, needData = false): { archive: IMGArchive; note?: string } {
  if (!path.toLowerCase().endsWith('.dir')) {
    if (isPairedIMG(path, bytes)) return { archive: IMGArchive.fromDir(readInput(pairedDir(path)), bytes) };
    if (magicOf(bytes) !== 'VER2') {
      throw new InputError(
        `${path}: not an IMG archive; give a San Andreas .img, or either file of a GTA III/VC pair (.dir and .img side by side)`,
      );
    }
    return { archive: new IMGArchive(bytes) };
  }
  const imgPath = pairedIMG(path);
  if (existsSync(imgPath)) return { archive: IMGArchive.fromDir(bytes, readInput(imgPath)) };
  if (needData) throw new InputError(`${basename(imgPath)} not found beside ${path}: extracting needs the archive's data`);
  return { archive: IMGArchive.fromDir(bytes, new Uint8Array(0)), note: `${basename(imgPath)} not found: directory only` };
}

/** The first four bytes as text, for messages and magic checks. */
export function magicOf(bytes: Uint8Array): string {
  return String.fromCharCode(...bytes.subarray(0, 4));
}
