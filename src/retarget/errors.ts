/** Why a source could not be retargeted: its bones do not map, or its file cannot be read. */
export type RetargetErrorCode = 'bad-map' | 'unmapped-limbs' | 'bad-source' | 'no-animation';

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
