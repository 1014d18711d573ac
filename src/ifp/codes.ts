// The codes of IFP animation packages: errors and warnings only this format has. Adding the table to the
// core's FormatCodeTables (below) makes 'IFP' a FormatName and these codes Codes; nothing in core is edited.
/** The error and warning codes only IFP animation packages have, with what each means. */
export const IFP_CODES = {
  'unknown-frame-type': 'an ANP frame type other than 1 to 4, or an ANPK key chunk other than KR00, KRT0, KRTS',
  'unexpected-chunk': 'an ANPK chunk other than the one the structure needs there',
  'bad-chunk': 'an ANPK chunk of the wrong size',
  'frame-data-size': "an ANP3 animation's declared frame bytes differ from the real ones",
  'non-finite-time': 'key times that are infinite or NaN',
} as const;

declare module '../core/codes.js' {
  interface FormatCodeTables {
    IFP: typeof IFP_CODES;
  }
}
