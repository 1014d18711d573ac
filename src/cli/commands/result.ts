/** What a command reports back to main: decode errors set exit code 1 once everything is printed. */
export interface CommandResult {
  decodeErrors: string[];
}
