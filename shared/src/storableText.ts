/**
 * Text PostgreSQL can store: no NUL (text columns refuse it) and no UTF-16 surrogate without its pair
 * (it has no UTF-8 form; jsonb refuses its escape). Nobody types either on purpose.
 */

/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const UNSTORABLE = new RegExp(`\\0|${LONE_SURROGATE.source}`);

export const isStorableText = (text: string): boolean => !UNSTORABLE.test(text);

/** The text with NUL dropped and each lone surrogate replaced by U+FFFD, as a UTF-8 encoder would. */
export const toStorableText = (text: string): string => text.replace(/\0/g, '').replace(LONE_SURROGATE, '\uFFFD');

/** An object literal (or a null-prototype one): its keys are data, unlike a Date's, a Map's or an array's. */
export const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/**
 * Does any string in this parsed body fail isStorableText: values and keys, at any depth, in arrays too?
 * Iterative and cycle-safe, since a body may nest deeper than the stack or (decoded superjson) refer to itself.
 */
export function holdsUnstorableText(body: unknown): boolean {
  const seen = new Set<object>();
  const pending: unknown[] = [body];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (!isStorableText(value)) return true;
      continue;
    }
    if (typeof value !== 'object' || value === null || seen.has(value)) continue;
    seen.add(value);
    // One push per item: spreading a huge array would overflow the call's argument limit.
    if (Array.isArray(value)) for (const item of value) pending.push(item);
    // Anything else (a decoded Date or Map) is no text any contract takes, and fails its type check.
    else if (isPlainObject(value)) for (const [key, item] of Object.entries(value)) pending.push(key, item);
  }
  return false;
}
