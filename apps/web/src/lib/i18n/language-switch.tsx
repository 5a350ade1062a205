import type { SchoolLanguage } from './school-i18n';
import './language-switch.css';

const CHOICES: { value: SchoolLanguage; label: string; lang: string }[] = [
  { value: 'en', label: 'EN', lang: 'en' },
  { value: 'th', label: 'ไทย', lang: 'th' },
];

/**
 * Issue 16 item 1: the EN / ไทย switch in each school tool's chrome. Each choice is written in its own
 * language so a reader who cannot read the other one still finds theirs; the pressed one is the
 * language on screen.
 */
export function LanguageSwitch({
  language,
  onChange,
  className,
}: {
  language: SchoolLanguage;
  onChange: (lang: SchoolLanguage) => void;
  className?: string;
}) {
  return (
    <div role="group" aria-label="Language / ภาษา" className={['language-switch', className ?? ''].filter(Boolean).join(' ')}>
      {CHOICES.map((choice) => (
        <button
          key={choice.value}
          type="button"
          lang={choice.lang}
          className="language-switch__choice"
          aria-pressed={language === choice.value}
          onClick={() => onChange(choice.value)}
        >
          {choice.label}
        </button>
      ))}
    </div>
  );
}
