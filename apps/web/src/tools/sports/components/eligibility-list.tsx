import { ELIGIBILITY_LABELS } from '@guildhall/contracts/sports';
import { Modal } from '@/ui/modal';
import { useSportsConfig } from '../api/get-sports-config';

/** 002 §2 "a link to an eligibility list": which student IDs give which level (002 §5) and what each label means. */
export function EligibilityList({ open, onClose }: { open: boolean; onClose(): void }) {
  const config = useSportsConfig();
  const prefixes = config.data?.levelPrefixes;
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="Eligibility list"
      description="Your level comes from the first four digits of your student ID."
    >
      <ul className="sports-eligibility">
        <li>
          <strong>{ELIGIBILITY_LABELS.morton}</strong>: student IDs starting with {prefixes ? prefixes.morton.join(', ') : '…'}
        </li>
        <li>
          <strong>{ELIGIBILITY_LABELS.morplai}</strong>: student IDs starting with {prefixes ? prefixes.morplai.join(', ') : '…'}
        </li>
        <li>
          <strong>{ELIGIBILITY_LABELS.open}</strong>: every student, whatever the ID.
        </li>
      </ul>
    </Modal>
  );
}
