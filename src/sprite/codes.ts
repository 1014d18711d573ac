// The codes of ANIM sprite files: errors and warnings only this format has. Adding the table to the
// core's FormatCodeTables (below) makes 'ANIM' a FormatName and these codes Codes; nothing in core is edited.
/** The error and warning codes only ANIM sprite files have, with what each means. */
export const ANIM_CODES = {
  'bad-version': 'another engine version than expected',
  'table-overrun': 'a table starts or ends past the data',
  'string-overrun': 'a path string has no NUL before the end of the data',
  'overlapping-scripts': 'scripts overlap so much that decoding them would read more instruction bytes than the file holds',
  'unknown-opcode': 'an opcode outside the instruction set',
  'bad-arg-size': "an instruction's argument size does not match its opcode",
  'missing-stop': 'a script runs to the end of the data without a STOP',
  'bad-jump': 'a JUMP lands on no instruction (an error when read, a warning when run)',
  'bad-easing': 'an easing mode outside 0 to 30',
  'duplicate-sprite-id': 'a sprite id appears again: the later entry wins',
  'duplicate-script-id': 'a script id appears again: the later entry wins',
  'step-limit': 'a frame of the script runner was cut short after maxStepsPerFrame instructions',
  'non-finite-state': 'the script runner state became NaN or infinite',
} as const;

declare module '../core/codes.js' {
  interface FormatCodeTables {
    ANIM: typeof ANIM_CODES;
  }
}
