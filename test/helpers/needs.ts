// Suites and tests that need something a bare clone may lack (the game samples beside the project,
// Debian's Blender, Chromium). Without it they register as skipped with the reason in their title,
// and their bodies never run: a suite body may read sample files while it collects its tests.
import { describe, it } from 'vitest';

/** Something a test needs from outside the project, and what to say when it is not there. */
export interface Need {
  readonly met: boolean;
  readonly missing: string;
}

type Body = () => void;
type Options = { timeout?: number };

function unmet(needs: readonly Need[]): string | null {
  const missing = needs.filter((need) => !need.met).map((need) => need.missing);
  return missing.length ? missing.join('; ') : null;
}

/** `describe` when every need is met; otherwise one skipped test whose title says what is missing. */
export function describeWith(needs: readonly Need[], title: string, optionsOrBody: Options | Body, maybeBody?: Body): void {
  const body = typeof optionsOrBody === 'function' ? optionsOrBody : maybeBody!;
  const options = typeof optionsOrBody === 'function' ? {} : optionsOrBody;
  const reason = unmet(needs);
  if (reason === null) describe(title, options, body);
  else describe(title, () => it.skip(`skipped: ${reason}`, () => {}));
}

/** `it` when every need is met; otherwise the test is skipped with what is missing added to its title. */
export function itWith(needs: readonly Need[]): (title: string, body: () => unknown, timeout?: number) => void {
  const reason = unmet(needs);
  return (title, body, timeout) => {
    if (reason === null) it(title, body, timeout);
    else it.skip(`${title} (skipped: ${reason})`, () => {});
  };
}
