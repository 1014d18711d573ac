import { DecodeError } from 'gameanim';
import { InputError } from '../inputs.js';

/** What a command reports back to main: input errors set exit code 1 once everything is printed. */
export interface CommandResult {
  inputErrors: string[];
  /** With --json: the document main prints (its schema is in docs/guides/cli.md, "JSON output"), instead of text. */
  json?: unknown;
  /** An exit code the command's answer decides (diff: 1 when the files differ; lint: 1 on an error). */
  exitCode?: number;
}

/** How a command reports: text lines, or (with --json) nothing until main prints `result.json`. */
export interface Report {
  print: (line: string) => void;
  json: boolean;
}

/** A report that prints text, or nothing in JSON mode (main prints the document). */
export function report(print: (line: string) => void, json: boolean): Report {
  return { print: json ? () => {} : print, json };
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

/** `onFile`, noting each input error in `errors` with its file: the --json documents list the inputs that failed. */
export function errorsNamed(path: string, errors: Array<{ file: string; error: string }>, work: () => CommandResult): CommandResult {
  const result = onFile(path, work);
  for (const error of result.inputErrors) errors.push({ file: path, error });
  return result;
}

/** The results of several inputs, in order. */
export function merged(results: CommandResult[]): CommandResult {
  return { inputErrors: results.flatMap((result) => result.inputErrors) };
}
