// The codes of IMG archives: errors and warnings only this format has. Adding the table to the
// core's FormatCodeTables (below) makes 'IMG' a FormatName and these codes Codes; nothing in core is edited.
/** The error and warning codes only IMG archives have, with what each means. */
export const IMG_CODES = {
  'entry-out-of-range': 'an entry points past the end of the archive (an error for that entry, a warning for the archive)',
  'overlapping-entries': 'IMG entries that share bytes',
  'name-truncated': 'an IMG name cut to 23 characters by writeIMG',
} as const;

declare module '../core/codes.js' {
  interface FormatCodeTables {
    IMG: typeof IMG_CODES;
  }
}
