import { DEFAULT_CASE_TYPE_LABELS, type RecordsPair } from '@guildhall/contracts/bureau';
import { Modal } from '@/ui/modal';
import { usePersonLookup } from '../api/look-up-person';
import { NewCaseForm } from './new-case-form';
import './person-desk.css';

/** Issue 14 item 2: the records tool opens a case for a row's Discord or Roblox account in a dialog. */
export function NewCaseDialog({ pair, onClose }: { pair: RecordsPair | null; onClose: () => void }) {
  // The configured type labels come with the person's record.
  const person = usePersonLookup(pair ? { type: 'discord', id: pair.discordId } : null);
  return (
    <Modal
      open={pair !== null}
      onOpenChange={(open) => !open && onClose()}
      title="New Case"
      description={pair ? `Discord ${pair.discordId} · Roblox ${pair.robloxId}` : undefined}
      size="lg"
    >
      {pair && (
        <NewCaseForm
          targets={[
            { platform: 'Discord', subjectId: pair.discordId },
            { platform: 'Roblox', subjectId: pair.robloxId },
          ]}
          labels={person.data?.caseTypeLabels ?? DEFAULT_CASE_TYPE_LABELS}
        />
      )}
    </Modal>
  );
}
