import { currentWeekStart } from '@guildhall/contracts/timetable-rules';
import { Button } from '@/ui/button';
import { Page } from '@/ui/page';
import { Spinner } from '@/ui/spinner';
import { Tabs } from '@/ui/tabs';
import { useTimetableConfig } from '../api/get-config';
import { useHomework } from '../api/get-homework';
import { useTimetableMe } from '../api/get-me';
import { useSchedule } from '../api/get-schedule';
import { useLogout } from '../api/logout';
import { HeaderClock } from '../components/header-clock';
import { HomeworkManager } from '../components/homework-manager';
import { LoginForm } from '../components/login-form';
import { SubjectSummary } from '../components/subject-summary';
import { LoadError, TimetableView } from '../components/timetable-view';
import { ServerClockOffset, measureServerClock } from '../lib/server-clock';
import type { SchoolConfig } from '../lib/settings';
import { useNow } from '../lib/use-now';
import { LanguageSwitch } from '@/lib/i18n/language-switch';
import { useSchoolLanguage } from '@/lib/i18n/school-i18n';
import { useTimetableT } from '../messages';
import './timetable-page.css';

/** 002 §2 Timetable app: screens chosen by state (not signed in: the login form; then the three tabs). */
export function TimetablePage() {
  const config = useTimetableConfig();
  const me = useTimetableMe();
  const logout = useLogout();
  const { language, setLanguage } = useSchoolLanguage();
  const { t } = useTimetableT();

  let body;
  if (config.isPending || me.isPending) body = <Spinner label={t('loading')} size="lg" />;
  // The settings are asked again to keep the clock right (get-config.ts); an answer that fails then
  // leaves the last one in use.
  else if (!config.data) body = <LoadError error={config.error} />;
  else if (me.isError) body = <LoadError error={me.error} />;
  else if (!me.data) body = <LoginForm />;
  else body = <TimetableApp config={config.data} />;

  return (
    <ServerClockOffset.Provider value={config.data ? measureServerClock(config.data) : 0}>
      <Page title={t('title')} width="wide">
        <div className="tt-header">
          {config.data && <HeaderClock timeZone={config.data.timeZone} />}
          {me.data && (
            <div className="tt-header__account">
              <span>
                {t('studentId')} <strong data-testid="student-id">{me.data.studentId}</strong>
              </span>
              <Button variant="secondary" size="sm" onClick={() => logout.mutate()} disabled={logout.isPending}>
                {t('logout')}
              </Button>
            </div>
          )}
          <LanguageSwitch language={language} onChange={setLanguage} />
        </div>
        {body}
      </Page>
    </ServerClockOffset.Provider>
  );
}

function TimetableApp({ config }: { config: SchoolConfig }) {
  const homework = useHomework();
  const { t } = useTimetableT();
  // 002 §5: the subject choices are the distinct subject codes of this week's schedule (the server's week, 0064).
  const schedule = useSchedule(currentWeekStart(useNow(30_000), config));
  const subjects = [
    ...new Map((schedule.data ?? []).map((i) => [i.subject_code, { code: i.subject_code, name: i.subject_name }])).values(),
  ].sort((a, b) => a.name.localeCompare(b.name));

  const homeworkTab = homework.isPending ? (
    <Spinner label={t('homework.loading')} />
  ) : homework.isError ? (
    <LoadError error={homework.error} />
  ) : (
    <HomeworkManager config={config} homework={homework.data} subjects={subjects} classes={schedule.data ?? []} />
  );

  return (
    <div className="tt-app">
      <Tabs
        label={t('sections')}
        tabs={[
          { value: 'timetable', label: t('tabs.timetable'), content: <TimetableView config={config} homework={homework.data ?? []} /> },
          { value: 'homework', label: t('tabs.homework'), content: homeworkTab },
          { value: 'summary', label: t('tabs.summary'), content: <SubjectSummary config={config} /> },
        ]}
      />
    </div>
  );
}
