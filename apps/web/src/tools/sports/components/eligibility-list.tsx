import { Modal } from '@/ui/modal';
import { useSportsConfig } from '../api/get-sports-config';
import { useSportsT } from '../messages';

/** 002 §2 "a link to an eligibility list": which student IDs give which level (002 §5) and what each label means. */
export function EligibilityList({ open, onClose }: { open: boolean; onClose(): void }) {
  const config = useSportsConfig();
  const prefixes = config.data?.levelPrefixes;
  const { t } = useSportsT();
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t('eligibilityList.title')}
      description={t('eligibilityList.description')}
    >
      <ul className="sports-eligibility">
        <li>
          <strong>{t('eligibility.morton')}</strong>:{' '}
          {t('eligibilityList.prefixes', { prefixes: prefixes ? prefixes.morton.join(', ') : '…' })}
        </li>
        <li>
          <strong>{t('eligibility.morplai')}</strong>:{' '}
          {t('eligibilityList.prefixes', { prefixes: prefixes ? prefixes.morplai.join(', ') : '…' })}
        </li>
        <li>
          <strong>{t('eligibility.open')}</strong>: {t('eligibilityList.everyone')}
        </li>
      </ul>
    </Modal>
  );
}
