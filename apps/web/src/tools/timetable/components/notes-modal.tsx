import { useState } from 'react';
import type { ScheduleItem } from '@guildhall/contracts/timetable';
import { Button } from '@/ui/button';
import { TextAreaField } from '@/ui/field';
import { Modal } from '@/ui/modal';
import { useTimetableT } from '../messages';

export interface NotesModalProps {
  item: ScheduleItem | null;
  saving: boolean;
  onSave(notes: string): void;
  onClose(): void;
}

/** 002 §2: 'Notes for {subject}' with 'Save Notes' and 'Cancel'. */
export function NotesModal({ item, saving, onSave, onClose }: NotesModalProps) {
  const { t } = useTimetableT();
  return (
    <Modal
      open={item !== null}
      onOpenChange={(open) => !open && onClose()}
      title={item ? t('notesFor', { subject: item.subject_name }) : ''}
      size="md"
    >
      {item && <NotesEditor key={`${item.id}`} item={item} saving={saving} onSave={onSave} onClose={onClose} />}
    </Modal>
  );
}

function NotesEditor({ item, saving, onSave, onClose }: Omit<NotesModalProps, 'item'> & { item: ScheduleItem }) {
  const [notes, setNotes] = useState(item.notes);
  const { t } = useTimetableT();
  return (
    <form
      className="tt-stack"
      onSubmit={(e) => {
        e.preventDefault();
        onSave(notes);
      }}
    >
      <TextAreaField label={t('notes.label')} value={notes} maxLength={2000} onChange={(e) => setNotes(e.target.value)} autoFocus />
      <div className="tt-actions">
        <Button variant="secondary" onClick={onClose}>
          {t('notes.cancel')}
        </Button>
        <Button type="submit" disabled={saving}>
          {t('notes.save')}
        </Button>
      </div>
    </form>
  );
}
