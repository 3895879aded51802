import { describe, expect, it } from 'vitest';
import { rangeRunsOutText } from '@caravan/shared';
import { planDaysMessages as text } from './messages.ts';

describe('Plan my days in words', () => {
  it("says where the car's range runs out as a constraint the plan cannot meet, in the reader's unit", () => {
    expect(text.unmet('rangeRunsOut', 'Cannon Beach', 2, null, rangeRunsOutText(64.4, 'Crescent City', 'mi'))).toBe(
      'Range runs out 40 mi after Crescent City on day 2, before reaching Cannon Beach: add a fuel or charging stop before it.',
    );
    expect(text.unmet('closed', 'Museum', 1, null)).toBe('Museum is closed when you arrive on day 1.');
  });
});
