import { useState, type FormEvent } from 'react';
import { TIMETABLE_LIMITS } from '@guildhall/contracts/timetable';
import { useSingleFlight } from '@/lib/use-single-flight';
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
  // A double click on Import sent the file twice; the second import found the first's classes and
  // reported them all as "updated", none as "added".
  const importOnce = useSingleFlight(importer);
  // Said before anything is sent, in the reader's language: the server's answer to an empty file is
  // English only, and to a file over the body limit 'The request body is too large.'.
  const fileProblem = !file
    ? null
    : file.size === 0
      ? t('import.empty')
      : file.size > TIMETABLE_LIMITS.csvBytes
        ? t('import.tooLarge', { max: TIMETABLE_LIMITS.csvBytes / 1024 })
        : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (file && !fileProblem) importOnce(file);
  };

  const choose = (chosen: File | null) => {
    importer.reset();
    setFile(chosen);
  };

  return (
    <>
      {/* Each opening starts from an empty file box: a file chosen before stayed chosen, unseen, and replaced the timetable. */}
      <Button variant="ghost" size="sm" onClick={() => (importer.reset(), setFile(null), setOpen(true))}>
        {t('import.open')}
      </Button>
      <Modal open={open} onOpenChange={setOpen} title={t('import.title')} description={t('import.description')}>
        <form className="tt-stack" onSubmit={submit}>
          <label className="tt-stack">
            <span>{t('import.file')}</span>
            <input type="file" accept=".csv,text/csv" onChange={(e) => choose(e.target.files?.[0] ?? null)} />
          </label>
          <div aria-live="polite">
            {fileProblem && (
              <StatusCard tone="danger" title={t('import.failed')} headingLevel={3}>
                {fileProblem}
              </StatusCard>
            )}
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
            <Button type="submit" disabled={!file || fileProblem !== null || importer.isPending}>
              {t('import.submit')}
            </Button>
          </div>
        </form>
      </Modal>
    </>
  );
}
