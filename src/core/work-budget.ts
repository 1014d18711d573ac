// One budget of work per decode or export, sized by its input: a small file cannot ask for hours of
// resampling. Work is charged before it is done, in the units the caller produces (samples, key
// lookups), so a refusal costs nothing and what is charged is what is done, not what was asked for.
import { DecodeError, type FormatName } from './errors.js';

export class WorkBudget {
  #spent = 0;

  /** `limit` units of work for an input of `format`; `unit` names them in the refusal ("samples"). */
  constructor(
    readonly format: FormatName,
    readonly limit: number,
    readonly unit: string,
  ) {}

  /** The units charged so far: the work done, or about to be. */
  get spent(): number {
    return this.#spent;
  }

  /**
   * Charges `units` (a count the caller is about to produce) or refuses with a DecodeError naming
   * `what`. A count that is negative or not a number (a curve whose keys run backwards, a NaN span)
   * is refused too: it would otherwise give budget back, or slip past the comparison.
   */
  charge(units: number, what: string, offset = 0): void {
    if (!(units >= 0 && this.#spent + units <= this.limit)) {
      throw new DecodeError(
        this.format,
        'work-exceeds-input',
        offset,
        `${what}: needs ${units} more ${this.unit} after ${this.#spent}, more than the ${this.limit} this input's size allows (refused)`,
      );
    }
    this.#spent += units;
  }
}
