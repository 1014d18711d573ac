// The codes of IGI 2 retail clips and models (ILFF): errors and warnings only this format has. Adding the table to the
// core's FormatCodeTables (below) makes 'ILFF' a FormatName and these codes Codes; nothing in core is edited.
/** The error and warning codes only IGI 2 ILFF clips and models have, with what each means. */
export const ILFF_CODES = {
  'bad-chunk-link': "an ILFF chunk's next-chunk offset does not move past the chunk",
  'wrong-content-type': 'an ILFF file of another content type than the reader takes (MINA clips, OCEM models)',
  'bad-hierarchy': "REIH child counts that do not make a tree of the header's bone count",
  'bad-entry': 'a TNVE entry of size 0, past the payload, of the wrong size for its type, or with a link that is not an entry start',
  'unknown-entry-type': 'a TNVE entry type other than 1, 3, 4, 6, 7 and 0xFF (an error when strict, else skipped with a warning)',
  'bad-index': 'a TNVE entry whose bone or attachment index is out of range',
  'no-separator': 'a TNVE run without its separator entry (0xFF)',
  'size-mismatch': "an ILFF header whose size field is not the file's length",
  'entry-count-mismatch': 'a DHNA entry count that differs from the TNVE entries',
  'no-skeleton': 'an IGI 2 model without a REIH hierarchy (a static model)',
} as const;

declare module '../core/codes.js' {
  interface FormatCodeTables {
    ILFF: typeof ILFF_CODES;
  }
}
