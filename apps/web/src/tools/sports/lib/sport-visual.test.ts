import { describe, expect, it } from 'vitest';
import { sportVisual } from './sport-visual';

describe('sportVisual (002 §7 keyword images)', () => {
  it('picks by keyword, English or Thai, with a default', () => {
    expect(sportVisual('Junior Basketball').icon).toBe('BB');
    expect(sportVisual('ตะกร้อ (Sepak Takraw)').icon).toBe('ST');
    expect(sportVisual('Table Tennis').icon).toBe('TT');
    expect(sportVisual('Knitting').icon).toBe('★');
  });
});
