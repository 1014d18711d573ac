// The flags many commands take, declared once: the same spelling, the same one-letter form, and the same
// check of the value everywhere.
import { flagError } from './flag-parser.js';

/** --json: one JSON document instead of text (docs/guides/cli.md, "JSON output"). */
export const jsonFlag = { type: 'boolean' } as const;

/** -o, --out: where the command writes. */
export const outFlag = { type: 'string', short: 'o' } as const;

/** --force: replace an existing file the command did not create. */
export const forceFlag = { type: 'boolean' } as const;

/** A flag with a value, checked by the command itself. */
export const textFlag = { type: 'string' } as const;

/** A switch. */
export const switchFlag = { type: 'boolean' } as const;

/** A flag with a value, given any number of times. */
export const repeatedFlag = { type: 'string', multiple: true } as const;

/** The rate of a resampling, in frames per second: above 0 and at most 1000. */
function fpsRate(text: string, command: string): number {
  const fps = Number(text);
  if (!(Number.isFinite(fps) && fps > 0 && fps <= 1000))
    throw flagError(command, `--fps takes a rate in frames per second, above 0 and at most 1000, not ${text}`);
  return fps;
}

/** --fps N (export, import): checked before anything else the command checks. */
export const fpsFlag = { type: 'string', value: fpsRate } as const;
