// BVH and FBX as the names errors carry (their checks before three.js's loaders see the bytes): the
// shared codes (count-exceeds-data, work-exceeds-input, truncated) and one of BVH's own.
/** The error codes only BVH sources have, with what each means. */
export const BVH_CODES = {
  'bad-number': 'a BVH header number out of its range: Frames not a whole number, Frame Time not above 0 and finite, CHANNELS not 0 to 6',
} as const;
/** The error codes only FBX sources have: none yet (FBX uses the shared ones). */
export const FBX_CODES = {} as const;

declare module '../../core/codes.js' {
  interface FormatCodeTables {
    BVH: typeof BVH_CODES;
    FBX: typeof FBX_CODES;
  }
}
