import { DecodeError } from '../../core/errors.js';

/** What a command reports back to main: decode errors set exit code 1 once everything is printed. */
export interface CommandResult {
  decodeErrors: string[];
}

/** Runs a command's work on one file, turning a DecodeError into a result that names the file. */
export function onFile(path: string, work: () => CommandResult): CommandResult {
  try {
    return work();
  } catch (error) {
    if (error instanceof DecodeError) return { decodeErrors: [`${path}: ${error.message}`] };
    throw error;
  }
}
