import { useState, type FormEvent } from 'react';
import { Button } from '@/ui/button';
import { Modal } from '@/ui/modal';
import { StatusCard } from '@/ui/status-card';
import { useImportTimetable } from '../api/import-timetable';

/** Loads a weekly timetable from a CSV file (header: subject_code, subject_name, day_of_week, start_time, end_time, room). */
export function ImportTimetableDialog() {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const importer = useImportTimetable();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    importer.mutate(await file.text());
  };

  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => (importer.reset(), setOpen(true))}>
        Import timetable (CSV)
      </Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="Import timetable"
        description="The file replaces your weekly timetable. Classes in the same day and start time keep their notes."
      >
        <form className="tt-stack" onSubmit={(e) => void submit(e)}>
          <label className="tt-stack">
            <span>CSV file (subject_code, subject_name, day_of_week, start_time, end_time, room)</span>
            <input type="file" accept=".csv,text/csv" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          </label>
          <div aria-live="polite">
            {importer.isError && (
              <StatusCard tone="danger" title="The file was not imported" headingLevel={3}>
                {importer.error.message}
              </StatusCard>
            )}
            {importer.isSuccess && (
              <StatusCard tone="success" title="Timetable imported" headingLevel={3}>
                {`${importer.data.added} added, ${importer.data.updated} updated, ${importer.data.removed} removed.`}
              </StatusCard>
            )}
          </div>
          <div className="tt-actions">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Close
            </Button>
            <Button type="submit" disabled={!file || importer.isPending}>
              Import
            </Button>
          </div>
        </form>
      </Modal>
    </>
  );
}
