import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { MyRegistrationAnswer } from '@guildhall/contracts/sports';
import { LanguageSwitch } from '@/lib/i18n/language-switch';
import { LANGUAGE_STORAGE_KEY, schoolI18n, useSchoolLanguage } from '@/lib/i18n/school-i18n';
import { RegistrationStatusCard } from './registration-status-card';

// Issue 16 item 1: the status card's sentences (002 §4, §6) in English word for word, and in Thai
// after the switch, bold parts kept.
const registration = (status: MyRegistrationAnswer['status'], waiting_position: number | null = null): MyRegistrationAnswer => ({
  registration_id: 1,
  sport_id: 1,
  sport_name: 'ฟุตบอล (Football)',
  status,
  registration_date: '2026-11-21T06:00:00.000Z',
  waiting_position,
  moved_up_at: null,
});

function Card({ value }: { value: MyRegistrationAnswer }) {
  const { language, setLanguage } = useSchoolLanguage();
  return (
    <>
      <LanguageSwitch language={language} onChange={setLanguage} />
      <RegistrationStatusCard registration={value} onWithdraw={() => undefined} />
    </>
  );
}

afterEach(async () => {
  localStorage.clear();
  await act(() => schoolI18n.changeLanguage('en'));
});

describe('registration status card in Thai and English', () => {
  it("reads 002's English, then Thai after the switch", async () => {
    render(<Card value={registration('selected')} />);
    expect(screen.getByTestId('registration-status')).toHaveTextContent('Status: Main Player. Congratulations, you made the team!');
    expect(screen.getByText('Main Player').tagName).toBe('STRONG');
    await userEvent.click(screen.getByRole('button', { name: 'ไทย' }));
    expect(screen.getByTestId('registration-status')).toHaveTextContent('การสมัครของคุณ: ฟุตบอล (Football)');
    expect(screen.getByTestId('registration-status')).toHaveTextContent('สถานะ: ตัวจริง ยินดีด้วย คุณได้ติดทีมแล้ว!');
    expect(screen.getByText('ตัวจริง').tagName).toBe('STRONG');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('th');
  });

  it('shows a reserve its place on the waiting list, and the not-selected sentence', async () => {
    const { rerender } = render(<Card value={registration('reserve', 2)} />);
    expect(screen.getByTestId('waiting-position')).toHaveTextContent(
      'Your place on the waiting list: 2. When a Main Player place opens, the first on the list moves up.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'ไทย' }));
    expect(screen.getByTestId('waiting-position')).toHaveTextContent('ลำดับของคุณในรายชื่อสำรอง: 2');
    rerender(<Card value={registration('not_selected')} />);
    expect(screen.getByText('ครั้งนี้คุณไม่ได้รับการคัดเลือกเข้าทีม')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'EN' }));
    expect(screen.getByText('You were not selected for the team this time.')).toBeInTheDocument();
  });
});
