// The bound on what an IMG archive may make a command decode or write. Entries may overlap (many
// names for the same bytes), so a 1 MB archive can list 100 MB of entries: `info`, `img extract`, the
// batch `export` and every reading command (list, dump, bind, lint, txd) measure against the same
// limit; the writers refuse past it without --force, the readers refuse past it.

import { InputError } from './inputs.js';

/** Beyond this many times the archive's size, writing its entries out needs --force. */
export const EXTRACT_AMPLIFICATION_LIMIT = 64;

/**
 * The most an archive may make a command decode or write: 64 times its size, counting the data
 * (a III/VC `.dir` is only its 32-byte records; its `.img` holds the bytes).
 */
export function amplificationLimit(directoryBytes: Uint8Array, archive: { dataLength: number }): number {
  return EXTRACT_AMPLIFICATION_LIMIT * Math.max(directoryBytes.length, archive.dataLength);
}

/**
 * The refusal (one line) when writing something from each of these entries would go past the limit,
 * else undefined. Every file costs at least a file system block to make, so empty entries count too.
 */
export function amplificationRefusal(
  path: string,
  directoryBytes: Uint8Array,
  archive: { dataLength: number },
  entries: ReadonlyArray<{ size: number }>,
  doing: string,
): string | undefined {
  const total = entries.reduce((sum, entry) => sum + Math.max(entry.size, 4096), 0);
  if (total <= amplificationLimit(directoryBytes, archive)) return undefined;
  return `${path}: ${doing} would write ${total} bytes of entries, more than ${EXTRACT_AMPLIFICATION_LIMIT} times the archive's size (its entries overlap); nothing written. Add --force to write them anyway`;
}

/**
 * Refuses (InputError, one line) an archive whose entries a reading command would decode add up to
 * more than the limit: 10,000 entries over one 1 MB IFP would be read, bound or linted 10,000 times.
 */
export function checkReadingAmplification(
  path: string,
  directoryBytes: Uint8Array,
  archive: { dataLength: number },
  entries: ReadonlyArray<{ size: number }>,
  doing: string,
): void {
  const total = entries.reduce((sum, entry) => sum + entry.size, 0);
  if (total > amplificationLimit(directoryBytes, archive))
    throw new InputError(
      `${path}: ${doing} would decode ${total} bytes of entries, more than ${EXTRACT_AMPLIFICATION_LIMIT} times the archive's size (its entries overlap); nothing read`,
    );
}
