import { DecodeError } from 'gameanim';
import { InputError } from '../inputs.js';

/** What a command reports back to main: input errors set exit code 1 once everything is printed. */
export interface CommandResult {
  inputErrors: string[];
}

export const ok = (): CommandResult => ({ inputErrors: [] });

/**
 * Runs a command's work on one input, turning a DecodeError (prefixed with the file) or an
 * InputError into a result, so the other inputs are still processed.
 */
export function onFile(path: string, work: () => CommandResult): CommandResult {
  try {
    return work();
  } catch (error) {
    if (error instanceof DecodeError) return { inputErrors: [`${path}: ${error.message}`] };
    if (error instanceof InputError) return { inputErrors: [error.message] };
    throw error;
  }
}

/** The results of several inputs, in order. */
export function merged(results: CommandResult[]): CommandResult {
  return { inputErrors: results.flatMap((result) => result.inputErrors) };
}
