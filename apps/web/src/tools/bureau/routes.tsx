import { Route, Routes } from 'react-router';
import { NotFoundPage } from '@/shell/not-found-page';
import { BotApiPage } from './pages/bot-api-page';
import { CheckerPage } from './pages/checker-page';
import { InfractionsPage } from './pages/infractions-page';
import { LookupPage } from './pages/lookup-page';
import { VerifyPage } from './pages/verify-page';
import { RecordsPage } from './pages/records-page';

/** The bureau's pages under /bureau (ARCHITECTURE.md §1): the public checker; the records tool joins here. */
export default function BureauRoutes() {
  return (
    <Routes>
      <Route path="checker" element={<CheckerPage />} />
      <Route path="bot-api" element={<BotApiPage />} />
      <Route path="verify" element={<VerifyPage />} />
      <Route path="records" element={<RecordsPage />} />
      <Route path="records/:discordId/infractions" element={<InfractionsPage />} />
      <Route path="lookup" element={<LookupPage />} />
      <Route path="lookup/:type/:id" element={<LookupPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
