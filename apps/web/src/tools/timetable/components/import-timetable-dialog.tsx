import { useState, type FormEvent } from 'react';
import { Button } from '@/ui/button';
import { Modal } from '@/ui/modal';
import { StatusCard } from '@/ui/status-card';
import { useImportTimetable } from '../api/import-timetable';
import { useTimetableRefusal, useTimetableT } from '../messages';

/** Loads a weekly timetable from a CSV file (header: subject_code, subject_name, day_of_week, start_time, end_time, room). */
export function ImportTimetableDialog() {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const importer = useImportTimetable();
  const { t } = useTimetableT();
  const refusal = useTimetableRefusal();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    importer.mutate(await file.text());
  };

  return (
    <>
      {/* Each opening starts from an empty file box: a file chosen before stayed chosen, unseen, and replaced the timetable. */}
      <Button variant="ghost" size="sm" onClick={() => (importer.reset(), setFile(null), setOpen(true))}>
        {t('import.open')}
      </Button>
      <Modal open={open} onOpenChange={setOpen} title={t('import.title')} description={t('import.description')}>
        <form className="tt-stack" onSubmit={(e) => void submit(e)}>
          <label className="tt-stack">
            <span>{t('import.file')}</span>
            <input type="file" accept=".csv,text/csv" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          </label>
          <div aria-live="polite">
            {importer.isError && (
              <StatusCard tone="danger" title={t('import.failed')} headingLevel={3}>
                {refusal(importer.error)}
              </StatusCard>
            )}
            {importer.isSuccess && (
              <StatusCard tone="success" title={t('import.done')} headingLevel={3}>
                {t('import.counts', { added: importer.data.added, updated: importer.data.updated, removed: importer.data.removed })}
              </StatusCard>
            )}
          </div>
          <div className="tt-actions">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('import.close')}
            </Button>
            <Button type="submit" disabled={!file || importer.isPending}>
              {t('import.submit')}
            </Button>
          </div>
        </form>
      </Modal>
    </>
  );
}
