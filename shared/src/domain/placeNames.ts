/** Place names as search and comparison read them: case, accents and punctuation set aside. */

/** Letters NFD does not split into a base letter and a mark. */
const LETTERS: Record<string, string> = {
  ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', ı: 'i', ħ: 'h', þ: 'th', ə: 'e',
};

/** Lowercase, no diacritics, apostrophes dropped ("Qal‘ah" → "qalah"), other punctuation as one space. */
export function normaliseName(text: string): string {
  // Most names are plain ASCII; skipping Unicode normalisation for them halves the index build.
  if (/^[\x20-\x7e]*$/.test(text)) {
    return text
      .toLowerCase()
      .replace(/['`"]/g, '')
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  }
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[ßæœøłđðıħþə]/g, (letter) => LETTERS[letter] ?? letter)
    .replace(/['’‘`ʻʼ"”“]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

