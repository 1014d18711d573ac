/**
 * Appends `items` to `target` one by one: `push(...items)` passes each as an argument, and past about
 * 125,000 of them (an archive's entries, a file's errors) the call overflows the stack.
 */
export function append<T>(target: T[], items: readonly T[]): void {
  for (const item of items) target.push(item);
}
