import { type FormEvent, useEffect, useState } from 'react';
import { type AdminApplication, REVIEW_VOTES, type ReviewVote, SCORE_MAX, SCORE_MIN } from '@guildhall/contracts/recruitment';
import { Button } from '@/ui/button';
import { SelectField, TextAreaField } from '@/ui/field';
import { useToast } from '@/ui/toast';
import { useReviews } from '../api/get-reviews';
import { useSubmitReview } from '../api/submit-review';
import { formatTimestamp } from '../lib/format';
import { updateFailureText } from '../lib/messages';
import { tallyText } from '../lib/audit-text';

const VOTE_LABELS: Record<ReviewVote, string> = { yes: 'Yes', no: 'No', abstain: 'Abstain' };
const SCORES = Array.from({ length: SCORE_MAX - SCORE_MIN + 1 }, (_, i) => String(SCORE_MIN + i));

/**
 * Issue 13 item 1: this admin's review (a vote, a 1-5 score per criterion of the role, a comment) and
 * the others' reviews, which blind review keeps hidden until this admin has reviewed.
 */
export function ReviewPanel({ application }: { application: AdminApplication }) {
  const [open, setOpen] = useState(false);
  const reviews = useReviews(application.id, open);
  const submit = useSubmitReview();
  const toast = useToast();
  const [vote, setVote] = useState<ReviewVote | ''>('');
  const [scores, setScores] = useState<Record<string, string>>({});
  const [comment, setComment] = useState('');
  const mine = reviews.data?.mine ?? null;
  useEffect(() => {
    if (!mine) return;
    setVote(mine.vote);
    setScores(Object.fromEntries(Object.entries(mine.scores).map(([id, s]) => [id, String(s)])));
    setComment(mine.comment);
  }, [mine]);
  const headingId = `application-${application.id}-reviews`;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!vote) return;
    try {
      await submit.mutateAsync({
        id: application.id,
        body: { vote, comment, scores: Object.fromEntries(Object.entries(scores).map(([id, s]) => [id, Number(s)])) },
      });
      toast({ title: mine ? 'Review updated.' : 'Review saved.', tone: 'success' });
    } catch (error) {
      toast({ title: updateFailureText(error), tone: 'danger' });
    }
  };

  return (
    <details className="recruitment-application__more recruitment-reviews" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary id={headingId}>Reviews · {tallyText(application.reviews)}</summary>
      {reviews.isPending && open && <p className="recruitment-muted">Loading reviews...</p>}
      {reviews.data && (
        <>
          <form className="recruitment-reviews__form" aria-labelledby={headingId} onSubmit={(e) => void onSubmit(e)}>
            <fieldset className="recruitment-reviews__votes">
              <legend>Your vote</legend>
              {REVIEW_VOTES.map((v) => (
                <label key={v} className="recruitment-reviews__vote">
                  <input type="radio" name={`vote-${application.id}`} value={v} checked={vote === v} required onChange={() => setVote(v)} />{' '}
                  {VOTE_LABELS[v]}
                </label>
              ))}
            </fieldset>
            {reviews.data.criteria.map((c) => (
              <SelectField
                key={c.id}
                label={`${c.name} (1-5)`}
                required
                value={scores[c.id] ?? ''}
                onChange={(e) => setScores((s) => ({ ...s, [c.id]: e.target.value }))}
                options={[{ value: '', label: 'Score...', disabled: true }, ...SCORES.map((s) => ({ value: s, label: s }))]}
              />
            ))}
            <TextAreaField label="Comment" maxLength={5000} value={comment} onChange={(e) => setComment(e.target.value)} />
            <Button type="submit" size="sm" disabled={submit.isPending || !vote}>
              {mine ? 'Update Review' : 'Submit Review'}
            </Button>
          </form>
          {reviews.data.tally.hidden ? (
            <p className="recruitment-muted">Blind review: the other reviews appear once you have submitted yours.</p>
          ) : (
            <ul className="recruitment-reviews__list">
              {reviews.data.reviews.map((r) => (
                <li key={r.id}>
                  <strong>{r.reviewerName}</strong>: {VOTE_LABELS[r.vote]}
                  {r.average !== null && ` · average ${r.average.toFixed(1)} / 5`}
                  {r.comment && <p>{r.comment}</p>}
                  <p className="recruitment-muted">{formatTimestamp(r.at)}</p>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </details>
  );
}
