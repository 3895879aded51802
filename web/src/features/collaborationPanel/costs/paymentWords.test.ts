import { describe, expect, it } from 'vitest';
import { paymentWords } from './paymentWords.ts';

const EDDIE = 1;
const VICTOR = 2;
const READER = 3;
const nameOf = (userId: number) => ({ [EDDIE]: 'Eddie Editor', [VICTOR]: 'Victor Viewer', [READER]: 'You' })[userId] ?? 'Former member';
const words = paymentWords(READER, nameOf);

describe('paymentWords', () => {
  it('words a payment between two others with their names', () => {
    expect(words.settlement(EDDIE, VICTOR, '€19.00')).toBe('Eddie Editor pays Victor Viewer €19.00');
    expect(words.paid(EDDIE, VICTOR, '€19.00')).toBe('Eddie Editor paid Victor Viewer €19.00');
    expect(words.recordLabel(EDDIE, VICTOR, '€19.00')).toBe('Record payment: Eddie Editor paid Victor Viewer €19.00');
    expect(words.deleteLabel(EDDIE, VICTOR)).toBe('Delete the payment from Eddie Editor to Victor Viewer');
  });

  it('says "You pay" when the reader pays, never "You pays"', () => {
    expect(words.settlement(READER, EDDIE, '€6.00')).toBe('You pay Eddie Editor €6.00');
    expect(words.paid(READER, EDDIE, '€6.00')).toBe('You paid Eddie Editor €6.00');
    expect(words.recordLabel(READER, EDDIE, '€6.00')).toBe('Record payment: You paid Eddie Editor €6.00');
    expect(words.deleteLabel(READER, EDDIE)).toBe('Delete the payment from you to Eddie Editor');
  });

  it('says "pays you" when the reader is paid, in lower case after the verb', () => {
    expect(words.settlement(EDDIE, READER, '€6.00')).toBe('Eddie Editor pays you €6.00');
    expect(words.paid(EDDIE, READER, '€6.00')).toBe('Eddie Editor paid you €6.00');
    expect(words.recordLabel(EDDIE, READER, '€6.00')).toBe('Record payment: Eddie Editor paid you €6.00');
    expect(words.deleteLabel(EDDIE, READER)).toBe('Delete the payment from Eddie Editor to you');
  });
});
