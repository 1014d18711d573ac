// The codes of cutscene camera paths: errors and warnings only this format has. Adding the table to the
// core's FormatCodeTables (below) makes 'CAM' a FormatName and these codes Codes; nothing in core is edited.
/** The error codes only cutscene camera paths have, with what each means. */
export const CAMERA_CODES = {
  'bad-number': 'text where a number belongs',
} as const;

declare module '../core/codes.js' {
  interface FormatCodeTables {
    CAM: typeof CAMERA_CODES;
  }
}
