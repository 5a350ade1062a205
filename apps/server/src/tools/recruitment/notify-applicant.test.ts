import { describe, expect, it } from 'vitest';
import { applicantDmText } from './notify-applicant';

describe('applicantDmText (000 §2 Personal Status, as a Discord DM)', () => {
  it('keeps a long message within Discord’s 2,000 and never ends it on half a character', () => {
    // Either parity of the text before the emoji: one of them put the cut inside a surrogate pair.
    for (const lead of ['', 'a']) {
      const text = applicantDmText({
        applicationId: 1,
        userId: '1',
        job: 'Moderator',
        stage: 'Interview',
        feedback: `${lead}${'😀'.repeat(1500)}`,
      });
      expect(text.length).toBeLessThanOrEqual(2000);
      expect(text.length).toBeGreaterThanOrEqual(1999);
      expect(text.endsWith('😀')).toBe(true);
      expect(() => encodeURIComponent(text)).not.toThrow();
    }
  });
});
