import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { ImgArchive } from '../img/index.js';
import { UsageError } from './usage.js';

export type FileKind = 'IFP' | 'IMG' | 'IFF' | 'ANIM' | 'unknown';

export function readInput(path: string): Uint8Array {
  if (!existsSync(path)) throw new UsageError(`no such file: ${path}`);
  return new Uint8Array(readFileSync(path));
}

/** What a file is, by its first bytes (and, for a III/VC directory, by its .dir extension). */
export function detectKind(path: string, bytes: Uint8Array): FileKind {
  const magic = String.fromCharCode(...bytes.subarray(0, 4));
  if (magic === 'ANP3' || magic === 'ANP2' || magic === 'ANPK') return 'IFP';
  if (magic === 'VER2' || path.toLowerCase().endsWith('.dir')) return 'IMG';
  if (magic === 'FORM') return 'IFF';
  if (magic === 'ANIM') return 'ANIM';
  return 'unknown';
}

/** Opens a VER2 .img, or a III/VC .dir with the .img beside it (an empty one when it is missing). */
export function openArchive(path: string, bytes: Uint8Array, needData = false): { archive: ImgArchive; note?: string } {
  if (!path.toLowerCase().endsWith('.dir')) return { archive: new ImgArchive(bytes) };
  const imgPath = path.slice(0, -4) + (path.endsWith('.DIR') ? '.IMG' : '.img');
  if (existsSync(imgPath)) return { archive: ImgArchive.fromDir(bytes, readInput(imgPath)) };
  if (needData) throw new UsageError(`${basename(imgPath)} not found beside ${path}: extracting needs the archive's data`);
  return { archive: ImgArchive.fromDir(bytes, new Uint8Array(0)), note: `${basename(imgPath)} not found: directory only` };
}

/** Entries that hold IFP data, by extension. */
export function isIfpEntry(name: string): boolean {
  return name.toLowerCase().endsWith('.ifp');
}
