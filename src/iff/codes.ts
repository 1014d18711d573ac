// The codes of FORM/ANM2 clips: errors and warnings only this format has. Adding the table to the
// core's FormatCodeTables (below) makes 'IFF' a FormatName and these codes Codes; nothing in core is edited.
/** The error codes only IGI 2 FORM/ANM2 clips have, with what each means. */
export const IFF_CODES = {
  'unknown-form-type': 'a FORM of another type than ANM2',
  'duplicate-chunk': 'a known chunk appears twice',
  'bad-sample-rate': 'sample rate 0',
  'bad-frame-count': 'frame count 0 with keys present',
  'duration-mismatch': "an ANM2 duration that differs from the frames' by more than one frame",
  'non-unit-quaternion': 'ANM2 rotation keys more than 1e-3 from unit length, kept as stored',
} as const;

declare module '../core/codes.js' {
  interface FormatCodeTables {
    IFF: typeof IFF_CODES;
  }
}
