import type { RETARGET_CODES } from './codes.js';

/**
 * Why a source could not be retargeted: a code of `RETARGET_CODES` (its bones do not map, its file cannot be read, it has no animation, or
 * no pose to measure it by).
 */
export type RetargetErrorCode = keyof typeof RETARGET_CODES;

/** The error retargeting throws; `code` says which of the reasons above it was. */
export class RetargetError extends Error {
  override readonly name = 'RetargetError';
  constructor(
    readonly code: RetargetErrorCode,
    message: string,
  ) {
    super(message);
  }
}
