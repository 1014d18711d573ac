// Text more than one help shares. The plug-ins are loaded first (imported for that effect), so the
// format list names the formats GAMEANIM_PLUGINS registers too.
import { FORMATS } from 'gameanim';
import './plugins-at-start.js';

/** The formats gameanim reads, one line each, from the library's registry: a new format is named here without editing the help. */
export const FORMAT_LINES = FORMATS.map(
  (format) => `  ${format.name.padEnd(6)}${format.description}${format.extensions.length ? ` (${format.extensions.join(', ')})` : ''}`,
).join('\n');
