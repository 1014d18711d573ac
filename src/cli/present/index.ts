// The tools' registry of presentations: what the command line and the viewer print for each entry of
// the library's registry (FORMATS), keyed by the entry itself. Every presentation enters it by
// `registerPresentation`: the built-in ones at the end of this file, one line each, a plug-in's by the
// same call (src/cli/plugins.ts). An entry registered without one is shown by its capabilities
// (./generic.ts); test/registry.test.ts checks that every built-in entry has its own.
import { ArgumentError, FORMATS, findFormat, type AnyFileFormat } from 'gameanim';
import type { Presentation } from '../presentation.js';
import { cameraPathPresentation } from './camera.js';
import { dffPresentation } from './dff.js';
import { genericPresentation } from './generic.js';
import { iffPresentation } from './iff.js';
import { ifpPresentation } from './ifp.js';
import { igi2ClipPresentation, igi2ModelPresentation } from './igi2.js';
import { imgPresentation } from './img.js';
import { animPresentation } from './sprite.js';
import { txdPresentation } from './txd.js';

export type { DumpOptions, Presentation } from '../presentation.js';

const presentations = new Map<AnyFileFormat, Presentation<unknown>>();

/** The presentations registered, each under its entry. */
export const PRESENTATIONS: ReadonlyMap<AnyFileFormat, Presentation<unknown>> = presentations;

/** The shown-by-capabilities presentation of each entry without its own, made once. */
const generic = new WeakMap<AnyFileFormat, Presentation<unknown>>();

/**
 * Pairs a presentation with its entry, which must be registered (`register`) first: `info`, `dump` and
 * the viewer show files of that format through it from then on. Throws an `ArgumentError`
 * (`name-taken`) when the entry has a presentation already, (`bad-argument`) when it is not registered.
 * Returns the presentation.
 */
export function registerPresentation<Reader>(presentation: Presentation<Reader>): Presentation<Reader> {
  const format = presentation.format as AnyFileFormat;
  if (!FORMATS.includes(format))
    throw new ArgumentError(
      'bad-argument',
      `registerPresentation: the ${format.name} entry (${format.description}) is not registered: register(entry) first`,
    );
  if (presentations.has(format))
    throw new ArgumentError(
      'name-taken',
      `registerPresentation: the ${format.name} entry (${format.description}) has a presentation already`,
    );
  presentations.set(format, presentation as Presentation<unknown>);
  return presentation;
}

/** The presentation of a registry entry: its own, else one that shows it by its capabilities. */
export function presentationOf(format: AnyFileFormat): Presentation<unknown> {
  const own = presentations.get(format);
  if (own) return own;
  if (!generic.has(format)) generic.set(format, genericPresentation(format));
  return generic.get(format)!;
}

/** The presentation of the format whose magic the bytes carry, else whose extension the name has. */
export function findPresentation(bytes: Uint8Array, name = ''): Presentation<unknown> | undefined {
  const format = findFormat(bytes, name);
  return format && presentationOf(format);
}

// The built-in presentations.
registerPresentation(ifpPresentation);
registerPresentation(imgPresentation);
registerPresentation(iffPresentation);
registerPresentation(igi2ClipPresentation);
registerPresentation(igi2ModelPresentation);
registerPresentation(animPresentation);
registerPresentation(dffPresentation);
registerPresentation(cameraPathPresentation);
registerPresentation(txdPresentation);
