import { describe, expect, it } from 'vitest';
import { CreateQuestionRequest, parseOptions, splitChoices, statusForStageName } from '@guildhall/contracts/recruitment';

describe('statusForStageName (000 §4: derived from the stage name, case-insensitively)', () => {
  it.each([
    ['Accepted', 'Accepted'],
    ['ACCEPTANCE call', 'Accepted'],
    ['Declined', 'Declined'],
    ['Application denied', 'Declined'],
    ['decline - no show', 'Declined'],
    ['Interview', 'Pending'],
    ['Application Received', 'Pending'],
  ] as const)('%s -> %s', (name, status) => {
    expect(statusForStageName(name)).toBe(status);
  });
});

describe('multiple-choice options (000 §5)', () => {
  it('splits comma-separated choices, trimming and dropping empties', () => {
    expect(splitChoices(' Under 5, ,5 to 10 ,, ')).toEqual(['Under 5', '5 to 10']);
    expect(splitChoices(' , ')).toEqual([]);
  });
  it('reads options from JSON; a failure is only logged and gives no options', () => {
    const logged: string[] = [];
    expect(parseOptions('["a","b"]')).toEqual(['a', 'b']);
    expect(parseOptions('not json', (m) => logged.push(m))).toEqual([]);
    expect(logged).toHaveLength(1);
    expect(parseOptions(null)).toEqual([]);
  });
  it('refuses a multiple-choice question whose options are all blank with the 000 §5 sentence', () => {
    const result = CreateQuestionRequest.safeParse({ text: 'Pick', type: 'multiple-choice', options: [' ', ''] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Please provide comma-separated options.');
    expect(CreateQuestionRequest.parse({ text: 'Pick', type: 'multiple-choice', options: [' a ', 'a', 'b'] }).options).toEqual(['a', 'b']);
  });
});
