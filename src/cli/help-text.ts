// Text more than one help shares.
import { FORMATS } from 'gameanim';

/** The formats gameanim reads, one line each, from the library's registry: a new format is named here without editing the help. */
export const FORMAT_LINES = FORMATS.map(
  (format) => `  ${format.name.padEnd(6)}${format.description}${format.extensions.length ? ` (${format.extensions.join(', ')})` : ''}`,
).join('\n');
