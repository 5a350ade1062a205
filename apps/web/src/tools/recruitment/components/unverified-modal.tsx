import { useRef } from 'react';
import { Button } from '@/ui/button';
import { Modal } from '@/ui/modal';
import { API } from '../api/keys';

/** 000 §7 "Browser navigation to /api/logout": a form post, so it passes the Origin check (issue 10 item 2). */
export const LOGOUT_URL = `${API}/logout`;
const LOGOUT_FORM_ID = 'recruitment-unverified-logout';

/**
 * 000 §2 Unverified modal: the user can do nothing but log out, so closing the dialog any other
 * way (Escape, the corner button) logs out too.
 */
export function UnverifiedModal() {
  const form = useRef<HTMLFormElement>(null);
  return (
    <>
      <form id={LOGOUT_FORM_ID} ref={form} method="post" action={LOGOUT_URL} hidden />
      <Modal
        open
        onOpenChange={(open) => {
          if (!open) form.current?.requestSubmit();
        }}
        title="Verification Required"
        description="Your Discord account is not verified in the community's database. Please go to the verification center to get access."
        closeLabel="Logout"
        size="sm"
        footer={
          <Button type="submit" form={LOGOUT_FORM_ID} variant="primary">
            Acknowledge &amp; Logout
          </Button>
        }
      />
    </>
  );
}
