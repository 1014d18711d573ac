import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { FORMATS } from 'gameanim';
import { findPresentation, type Presentation } from './present/index.js';
import { ImgArchive } from 'gameanim';

/** A problem with one input (missing, unreadable, a directory, of no known format): exit 1, after the other inputs. */
export class InputError extends Error {}

export function readInput(path: string): Uint8Array {
  let isFile: boolean;
  try {
    isFile = statSync(path).isFile();
  } catch {
    throw new InputError(`${path}: no such file`);
  }
  if (!isFile) throw new InputError(`${path}: not a file (a directory?)`);
  try {
    return new Uint8Array(readFileSync(path));
  } catch (error) {
    throw new InputError(`${path}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}

/**
 * The file's format, by its magic, else by its extension (a III/VC `.dir` is an IMG archive). The
 * `.img` of a III/VC pair is the archive whatever its first entry's magic (it has no header: an
 * anim block's `.img` starts with an IFP's bytes).
 */
export function formatOf(path: string, bytes: Uint8Array): Presentation<unknown> {
  const format = isPairedImg(path, bytes) ? findPresentation(new Uint8Array(0), path) : findPresentation(bytes, path);
  if (!format) {
    const magic = JSON.stringify(magicOf(bytes));
    throw new InputError(
      `${path}: not a format gameanim reads (it starts with ${magic}); it reads ${FORMATS.map((f) => `${f.name}, ${f.description}${f.extensions.length ? ` (${f.extensions.join(', ')})` : ''}`).join('; ')}`,
    );
  }
  return format;
}

/** The .img beside a GTA III/VC .dir, which holds its data (`anim.dir` -> `anim.img`, `ANIM.DIR` -> `ANIM.IMG`). */
export function pairedImg(dirPath: string): string {
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
export function isPairedImg(path: string, bytes: Uint8Array): boolean {
  return /\.img$/i.test(path) && magicOf(bytes) !== 'VER2' && existsSync(pairedDir(path));
}

/** Every file reading this input reads: the file, and for either file of a III/VC pair the other (both are inputs, never outputs). */
export function filesRead(path: string): string[] {
  if (/\.dir$/i.test(path)) return [path, pairedImg(path)];
  return /\.img$/i.test(path) && existsSync(pairedDir(path)) ? [path, pairedDir(path)] : [path];
}

/** Opens a VER2 .img, a III/VC .img through the .dir beside it, or a III/VC .dir with the .img beside it (an empty one when it is missing). */
export function openArchive(path: string, bytes: Uint8Array, needData = false): { archive: ImgArchive; note?: string } {
  if (!path.toLowerCase().endsWith('.dir')) {
    if (isPairedImg(path, bytes)) return { archive: ImgArchive.fromDir(readInput(pairedDir(path)), bytes) };
    if (magicOf(bytes) !== 'VER2') {
      throw new InputError(`${path}: not an IMG archive; give a San Andreas .img, or either file of a GTA III/VC pair (.dir and .img side by side)`);
    }
    return { archive: new ImgArchive(bytes) };
  }
  const imgPath = pairedImg(path);
  if (existsSync(imgPath)) return { archive: ImgArchive.fromDir(bytes, readInput(imgPath)) };
  if (needData) throw new InputError(`${basename(imgPath)} not found beside ${path}: extracting needs the archive's data`);
  return { archive: ImgArchive.fromDir(bytes, new Uint8Array(0)), note: `${basename(imgPath)} not found: directory only` };
}

/** The first four bytes as text, for messages and magic checks. */
export function magicOf(bytes: Uint8Array): string {
  return String.fromCharCode(...bytes.subarray(0, 4));
}
