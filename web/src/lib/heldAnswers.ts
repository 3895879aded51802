/** The last few answers held by key (most recently used kept), each with the ETag it came with. */
import type { HeldAnswer } from './api.ts';

export class HeldAnswers<T> {
  readonly #answers = new Map<string, HeldAnswer<T>>();

  constructor(private readonly limit: number) {}

  get(key: string): HeldAnswer<T> | undefined {
    return this.#answers.get(key);
  }

  set(key: string, answer: HeldAnswer<T>): void {
    this.#answers.delete(key);
    this.#answers.set(key, answer);
    if (this.#answers.size > this.limit) this.#answers.delete(this.#answers.keys().next().value!);
  }

  delete(key: string): void {
    this.#answers.delete(key);
  }
}
