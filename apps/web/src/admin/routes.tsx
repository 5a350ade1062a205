import { Route, Routes } from 'react-router';
import { NotFoundPage } from '@/shell/not-found-page';
import { AdminPage } from './admin-page';

/** /admin (core, not a tool: issue 12 item 7), lazily loaded so no one else downloads it. */
export default function AdminRoutes() {
  return (
    <Routes>
      <Route index element={<AdminPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
