// The codes of TXD texture dictionaries: errors and warnings only this format has. Adding the table to the
// core's FormatCodeTables (below) makes 'TXD' a FormatName and these codes Codes; nothing in core is edited.
/** The error and warning codes only texture dictionaries (TXD) have, with what each means. */
export const TXD_CODES = {
  'unsupported-platform': 'a texture native of another platform than the PC (Direct3D 8 and 9): PS2, Xbox, mobile',
  'unknown-pixel-format': 'a raster format and D3D format that name no pixel format',
  'count-mismatch': 'a stored count disagrees with what the file holds (a warning)',
} as const;

declare module '../core/codes.js' {
  interface FormatCodeTables {
    TXD: typeof TXD_CODES;
  }
}
