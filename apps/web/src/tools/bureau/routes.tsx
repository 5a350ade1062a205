import { Route, Routes } from 'react-router';
import { NotFoundPage } from '@/shell/not-found-page';
import { CheckerPage } from './pages/checker-page';
import { InfractionsPage } from './pages/infractions-page';
import { RecordsPage } from './pages/records-page';

/** The bureau's pages under /bureau (ARCHITECTURE.md §1): the public checker; the records tool joins here. */
export default function BureauRoutes() {
  return (
    <Routes>
      <Route path="checker" element={<CheckerPage />} />
      <Route path="records" element={<RecordsPage />} />
      <Route path="records/:discordId/infractions" element={<InfractionsPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
