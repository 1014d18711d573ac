// A binary min-heap: key reduction takes the cheapest removal first.

export class MinHeap<T> {
  readonly #items: T[] = [];
  readonly #priority: (item: T) => number;

  constructor(priority: (item: T) => number) {
    this.#priority = priority;
  }

  get size(): number {
    return this.#items.length;
  }

  peek(): T | undefined {
    return this.#items[0];
  }

  push(item: T): void {
    const items = this.#items;
    let at = items.push(item) - 1;
    while (at > 0) {
      const up = (at - 1) >> 1;
      if (this.#priority(items[up]!) <= this.#priority(item)) break;
      items[at] = items[up]!;
      at = up;
    }
    items[at] = item;
  }

  pop(): T | undefined {
    const items = this.#items;
    const top = items[0];
    const last = items.pop();
    if (!items.length || last === undefined) return top;
    let at = 0;
    const value = this.#priority(last);
    for (;;) {
      let child = 2 * at + 1;
      if (child >= items.length) break;
      if (child + 1 < items.length && this.#priority(items[child + 1]!) < this.#priority(items[child]!)) child++;
      if (this.#priority(items[child]!) >= value) break;
      items[at] = items[child]!;
      at = child;
    }
    items[at] = last;
    return top;
  }
}
