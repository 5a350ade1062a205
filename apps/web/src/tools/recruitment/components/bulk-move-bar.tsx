import { type FormEvent, useState } from 'react';
import type { Stage } from '@guildhall/contracts/recruitment';
import { Button } from '@/ui/button';
import { SelectField, TextAreaField } from '@/ui/field';
import { useToast } from '@/ui/toast';
import { useBulkUpdate } from '../api/bulk-update';
import { updateFailureText } from '../lib/messages';

/**
 * Issue 13 item 4: move the selected applications to one stage, with one feedback text, in one
 * action. Each is moved by the rules of a single move; any the server refused are named.
 */
export function BulkMoveBar({ selected, stages, onDone }: { selected: number[]; stages: Stage[]; onDone(): void }) {
  const [stageId, setStageId] = useState('');
  const [feedback, setFeedback] = useState('');
  const bulk = useBulkUpdate();
  const toast = useToast();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const stage = stages.find((s) => String(s.id) === stageId);
    if (!stage) return;
    bulk.mutate(
      { ids: selected, stageId: stage.id, ...(feedback.trim() ? { feedback } : {}) },
      {
        onSuccess: (answer) => {
          const moved = answer.updated.length;
          toast({
            title: `${moved} application${moved === 1 ? '' : 's'} moved to ${stage.name}.`,
            description: answer.failed.length ? answer.failed.map((f) => `#${f.id}: ${f.error}`).join(' ') : undefined,
            tone: answer.failed.length ? 'warning' : 'success',
          });
          setFeedback('');
          onDone();
        },
        onError: (error) => toast({ title: updateFailureText(error), tone: 'danger' }),
      },
    );
  };
  return (
    <form className="recruitment-card recruitment-bulk" onSubmit={onSubmit} aria-label="Move selected applications">
      <p className="recruitment-bulk__count" aria-live="polite">
        {selected.length} selected
      </p>
      <SelectField
        label="Move to stage"
        required
        value={stageId}
        onChange={(e) => setStageId(e.target.value)}
        options={[{ value: '', label: 'Choose...', disabled: true }, ...stages.map((s) => ({ value: String(s.id), label: s.name }))]}
      />
      <TextAreaField
        label="Feedback for all of them (optional)"
        maxLength={5000}
        rows={2}
        value={feedback}
        onChange={(e) => setFeedback(e.target.value)}
      />
      <div className="recruitment-bulk__actions">
        <Button type="submit" size="sm" disabled={bulk.isPending || !stageId}>
          Move {selected.length} selected
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          Clear selection
        </Button>
      </div>
    </form>
  );
}
