import { describe, expect, it } from 'vitest';
import { canSeeSport, deriveStudentLevel } from './derive-student-level';

const prefixes = { junior: ['6896', '6796', '6696'], senior: ['6898', '6798', '6598'] };

describe('deriveStudentLevel (002 §5)', () => {
  it.each([
    ['68960001', 'morton'],
    ['67961234', 'morton'],
    ['66960000', 'morton'],
    ['68980002', 'morplai'],
    ['67980002', 'morplai'],
    ['65980002', 'morplai'],
    ['66980002', 'none'], // 6698 is not in the senior list
    ['12340003', 'none'],
    ['689', 'none'],
    ['', 'none'],
    ['6896', 'morton'],
  ] as const)('%s is %s', (id, level) => {
    expect(deriveStudentLevel(id, prefixes)).toBe(level);
  });

  it('reads the prefixes from configuration', () => {
    expect(deriveStudentLevel('12340003', { junior: ['1234'], senior: [] })).toBe('morton');
    expect(deriveStudentLevel('68960001', { junior: [], senior: ['6896'] })).toBe('morplai');
  });
});

describe('canSeeSport', () => {
  it('shows open sports to everyone and level sports to that level only', () => {
    expect(canSeeSport('none', 'open')).toBe(true);
    expect(canSeeSport('none', 'morton')).toBe(false);
    expect(canSeeSport('morton', 'morton')).toBe(true);
    expect(canSeeSport('morton', 'morplai')).toBe(false);
    expect(canSeeSport('morplai', 'morplai')).toBe(true);
  });
});
