import { describe, expect, it } from 'vitest';
import { secretBox } from './secretBox.ts';

describe('secretBox', () => {
  const box = secretBox('a key made at first start');

  it('seals a secret so the stored form does not hold it, and opens it again', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    // A fresh IV each time: the same secret never seals the same way twice.
    expect(box.seal('JBSWY3DPEHPK3PXP')).not.toBe(sealed);
  });

  it('reads a secret stored before sealing as it is', () => {
    expect(box.open('JBSWY3DPEHPK3PXP')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses to open under another key or after tampering', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(secretBox('another key').open(sealed)).toBeNull();
    const flipped = sealed.slice(0, -2) + (sealed.at(-2) === 'A' ? 'B' : 'A') + sealed.at(-1);
    expect(box.open(flipped)).toBeNull();
    expect(box.open('sealed1:short')).toBeNull();
  });
});
