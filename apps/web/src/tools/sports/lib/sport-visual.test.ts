import { describe, expect, it } from 'vitest';
import { SPORT_IMAGES } from '@guildhall/contracts/sports';
import { sportVisual } from './sport-visual';

describe('sportVisual (002 §7 keyword images)', () => {
  it('picks by keyword, English or Thai, with a default', () => {
    expect(sportVisual('Junior Basketball').icon).toBe('BB');
    expect(sportVisual('ตะกร้อ (Sepak Takraw)').icon).toBe('ST');
    expect(sportVisual('Table Tennis').icon).toBe('TT');
    expect(sportVisual('Knitting').icon).toBe('★');
  });

  it('draws every image a lead may choose (issue 16 item 4), none as the default', () => {
    for (const image of SPORT_IMAGES) expect(sportVisual(image).icon, image).not.toBe('★');
    expect(sportVisual('table-tennis').icon).toBe('TT');
  });
});
