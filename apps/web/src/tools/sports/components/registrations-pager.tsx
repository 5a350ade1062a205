import { Button } from '@/ui/button';
import { useSportsT } from '../messages';

/**
 * Decision 0070: under the Admin Panel's table, how many of the sport's registrations are shown and a
 * "Load more" button for the next page. While a page loads the button stays enabled (aria-disabled):
 * a disabled button loses the keyboard focus to the page's body.
 */
export function RegistrationsPager({
  shown,
  total,
  hasMore,
  loading,
  error,
  onMore,
}: {
  shown: number;
  total: number;
  hasMore: boolean;
  loading: boolean;
  /** Why the last page did not load, for a person; the rows already shown stay. */
  error: string | null;
  onMore(): void;
}) {
  const { t } = useSportsT();
  return (
    <div className="sports-regs-pager">
      <p className="sports-regs-pager__shown" role="status">
        {t('admin.shown', { shown, count: total })}
      </p>
      {error && (
        <p className="sports-error" role="alert">
          {error}
        </p>
      )}
      {hasMore && (
        <Button
          variant="secondary"
          aria-disabled={loading || undefined}
          onClick={() => {
            if (!loading) onMore();
          }}
        >
          {t(loading ? 'admin.loadingMore' : 'admin.loadMore')}
        </Button>
      )}
    </div>
  );
}
