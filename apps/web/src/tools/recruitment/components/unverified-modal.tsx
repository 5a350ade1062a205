import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/modal';
import { API } from '../api/keys';

export const LOGOUT_URL = `${API}/logout`;

const logout = () => window.location.assign(LOGOUT_URL);

/**
 * 000 §2 Unverified modal: the user can do nothing but log out, so closing the dialog any other
 * way (Escape, the corner button) logs out too.
 */
export function UnverifiedModal() {
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) logout();
      }}
      title="Verification Required"
      description="Your Discord account is not verified in the community's database. Please go to the verification center to get access."
      closeLabel="Logout"
      size="sm"
      footer={
        <Button variant="primary" onClick={logout}>
          Acknowledge &amp; Logout
        </Button>
      }
    />
  );
}
