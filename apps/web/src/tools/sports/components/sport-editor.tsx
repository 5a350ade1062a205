import { useEffect, useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/api-client';
import { EligibilityLevel, SPORT_IMAGES, type Sport, SportEditRequest, type SportEditExpected } from '@guildhall/contracts/sports';
import { Button } from '@/ui/button';
import { SelectField, TextAreaField, TextField } from '@/ui/field';
import { Modal } from '@/ui/modal';
import { Tag } from '@/ui/tag';
import { useArchiveSport } from '../api/archive-sport';
import { useSaveSport } from '../api/save-sport';
import { sportVisual } from '../lib/sport-visual';
import { formatSportDate, useSportsRefusal, useSportsT } from '../messages';

interface Draft {
  name: string;
  description: string;
  total_spots: string;
  eligibility_level: EligibilityLevel;
  image: string;
  registration_opens_on: string;
  registration_closes_on: string;
}

const draftOf = (sport: Sport | null): Draft => ({
  name: sport?.name ?? '',
  description: sport?.description ?? '',
  total_spots: String(sport?.total_spots ?? 10),
  eligibility_level: sport?.eligibility_level ?? 'open',
  image: sport?.image ?? '',
  registration_opens_on: sport?.registration_opens_on ?? '',
  registration_closes_on: sport?.registration_closes_on ?? '',
});

/**
 * Issue 16 item 4: leads and developers create, edit and archive sports on the Admin Panel (name,
 * description, spots, eligibility, picture, registration dates), besides the CSV import. The server
 * checks every field again (SportEditRequest); its sentence names the field.
 */
export function SportsManager({ sports }: { sports: readonly Sport[] }) {
  const [editing, setEditing] = useState<{ sport: Sport | null } | null>(null);
  const archive = useArchiveSport();
  const [archiveError, setArchiveError] = useState<string | null>(null);
  const { t, language } = useSportsT();
  const refusal = useSportsRefusal();
  return (
    <section className="sports-manage" aria-labelledby="sports-manage-title">
      <div className="sports-manage__head">
        <h3 id="sports-manage-title" className="sports-manage__title">
          {t('editor.sports')}
        </h3>
        <Button size="sm" onClick={() => setEditing({ sport: null })}>
          {t('editor.new')}
        </Button>
      </div>
      {archiveError && (
        <p className="sports-error" role="alert">
          {archiveError}
        </p>
      )}
      <ul className="sports-manage__list" aria-label={t('editor.list')}>
        {sports.map((sport) => (
          <li key={sport.sport_id} className="sports-manage__item" data-testid="managed-sport">
            <div className="sports-manage__name">
              <strong>{sport.name}</strong>
              <span className="sports-manage__facts">
                {t('editor.facts', { eligibility: t(`eligibility.${sport.eligibility_level}`), count: sport.total_spots })}
                {sport.registration_closes_on
                  ? t('editor.closes', {
                      // English keeps the ISO date this list has always shown; Thai reads the Buddhist-era date.
                      date: language === 'en' ? sport.registration_closes_on : formatSportDate(language, sport.registration_closes_on),
                    })
                  : ''}
              </span>
              {sport.archived && <Tag tone="neutral">{t('editor.archived')}</Tag>}
            </div>
            <div className="sports-manage__actions">
              {/* Decision 0063: an archived sport is kept as it was archived (the server refuses an edit,
                  409 sports.archived_not_editable); Restore comes first. */}
              {!sport.archived && (
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => setEditing({ sport })}
                  aria-label={t('editor.editOf', { sport: sport.name })}
                >
                  {t('editor.edit')}
                </Button>
              )}
              <Button
                size="sm"
                variant="ghost"
                disabled={archive.isPending}
                aria-label={t(sport.archived ? 'editor.restoreOf' : 'editor.archiveOf', { sport: sport.name })}
                onClick={() =>
                  archive.mutate(
                    { sportId: sport.sport_id, archived: !sport.archived },
                    { onSuccess: () => setArchiveError(null), onError: (e) => setArchiveError(refusal(e)) },
                  )
                }
              >
                {t(sport.archived ? 'editor.restore' : 'editor.archive')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <Modal
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={t(editing?.sport ? 'editor.editTitle' : 'editor.new')}
        size="lg"
      >
        {editing && (
          <SportForm
            key={editing.sport?.sport_id ?? 'new'}
            sport={editing.sport}
            // The sport as the list reads it now, for the form to name after a colleague's change (decision 0061).
            latest={editing.sport ? (sports.find((s) => s.sport_id === editing.sport?.sport_id) ?? null) : null}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
    </section>
  );
}

/** The fields the form shows, as the server stores them: what a save says it was made from (decision 0061). */
const expectedOf = (sport: Sport): SportEditExpected => ({
  name: sport.name,
  description: sport.description,
  total_spots: sport.total_spots,
  eligibility_level: sport.eligibility_level,
  image: sport.image,
  registration_opens_on: sport.registration_opens_on,
  registration_closes_on: sport.registration_closes_on,
});

function SportForm({ sport, latest, onDone }: { sport: Sport | null; latest: Sport | null; onDone(): void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(sport));
  // Decision 0061: a save names the sport as this form opened it, so a colleague's save in between is
  // refused (409) rather than overwritten unseen. Only after that refusal, which the lead has read,
  // does the form take the sport as read again, and the next save may replace the colleague's change.
  const [basis, setBasis] = useState<Sport | null>(sport);
  const [rebase, setRebase] = useState(false);
  // What the lead typed stays; a field they left alone takes the colleague's value, so the next save
  // does not put back what the lead never touched (as the timetable's homework form, decision 0057).
  useEffect(() => {
    if (rebase && latest && latest !== basis) {
      const opened = draftOf(basis);
      const now = draftOf(latest);
      setDraft((typed) => {
        const next = { ...typed };
        for (const field of Object.keys(typed) as (keyof Draft)[])
          if (typed[field] === opened[field]) Object.assign(next, { [field]: now[field] });
        return next;
      });
      setBasis(latest);
      setRebase(false);
    }
  }, [rebase, latest, basis]);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveSport();
  const { t } = useSportsT();
  const refusal = useSportsRefusal();
  const set = (field: keyof Draft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [field]: e.target.value }));

  // Decision 0061: the server asks before the spots go below the Main Players chosen (409 team_full).
  const [overCapacity, setOverCapacity] = useState(false);
  const submit = (event: FormEvent | null, confirmOverCapacity?: boolean) => {
    event?.preventDefault();
    const parsed = SportEditRequest.safeParse({
      name: draft.name,
      description: draft.description,
      total_spots: draft.total_spots.trim() === '' ? Number.NaN : Number(draft.total_spots),
      eligibility_level: draft.eligibility_level,
      image: draft.image || null,
      registration_opens_on: draft.registration_opens_on || null,
      registration_closes_on: draft.registration_closes_on || null,
      ...(basis ? { expected: expectedOf(basis) } : {}),
      ...(confirmOverCapacity ? { confirm_over_capacity: true } : {}),
    });
    if (!parsed.success) {
      const next: Partial<Record<keyof Draft, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Draft;
        next[field] ??=
          field === 'total_spots'
            ? t('editor.spotsRange')
            : t('editor.invalid', { field: t(`editor.fields.${field}`), detail: issue.message });
      }
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(
      { sportId: sport?.sport_id ?? null, sport: parsed.data },
      {
        onSuccess: onDone,
        onError: (e) => {
          setFailure(refusal(e));
          if (e instanceof ApiError && e.code === 'conflict') setRebase(true);
          setOverCapacity(e instanceof ApiError && e.code === 'sports.team_full');
        },
      },
    );
  };

  const preview = sportVisual(draft.image || draft.name);
  return (
    <form className="sports-form" onSubmit={submit} noValidate>
      <TextField label={t('editor.fields.name')} value={draft.name} error={errors.name} onChange={set('name')} maxLength={100} />
      <TextAreaField
        label={t('editor.fields.description')}
        value={draft.description}
        error={errors.description}
        onChange={set('description')}
        rows={3}
      />
      <div className="sports-form__row">
        <TextField
          label={t('editor.fields.total_spots')}
          type="number"
          inputMode="numeric"
          min={0}
          max={10000}
          value={draft.total_spots}
          error={errors.total_spots}
          onChange={set('total_spots')}
        />
        <SelectField
          label={t('editor.fields.eligibility_level')}
          value={draft.eligibility_level}
          onChange={(e) => setDraft((d) => ({ ...d, eligibility_level: EligibilityLevel.parse(e.target.value) }))}
          options={EligibilityLevel.options.map((l) => ({ value: l, label: t(`eligibility.${l}`) }))}
        />
      </div>
      <div className="sports-form__row">
        <SelectField
          label={t('editor.fields.image')}
          value={draft.image}
          onChange={set('image')}
          hint={t('editor.cardMark', { icon: preview.icon })}
          options={[{ value: '', label: t('editor.fromName') }, ...SPORT_IMAGES.map((i) => ({ value: i, label: t(`editor.images.${i}`) }))]}
        />
      </div>
      <div className="sports-form__row">
        <TextField
          label={t('editor.fields.registration_opens_on')}
          type="date"
          value={draft.registration_opens_on}
          error={errors.registration_opens_on}
          onChange={set('registration_opens_on')}
        />
        <TextField
          label={t('editor.fields.registration_closes_on')}
          type="date"
          value={draft.registration_closes_on}
          error={errors.registration_closes_on}
          hint={t('editor.datesHint')}
          onChange={set('registration_closes_on')}
        />
      </div>
      {failure && (
        <p className="sports-error" role="alert">
          {failure}
        </p>
      )}
      <div className="sports-form__actions">
        <Button variant="secondary" onClick={onDone} disabled={save.isPending}>
          {t('modal.cancel')}
        </Button>
        {overCapacity && (
          <Button variant="danger" disabled={save.isPending} onClick={() => submit(null, true)}>
            {t('editor.saveOverCapacity')}
          </Button>
        )}
        <Button type="submit" disabled={save.isPending}>
          {t(sport ? 'editor.save' : 'editor.create')}
        </Button>
      </div>
    </form>
  );
}
